// Test support for whole-app tests: renders every layer (app routes and providers), so it lives outside
// src/lib, which never imports src/app.
import type { Session } from '@supabase/auth-js';
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { ThemeProvider } from '../app/providers/theme-provider';
import { AppRoutes } from '../app/router';
import { AppConfigProvider, DEFAULT_CONFIG, type AppConfig } from '../lib/app-config';
import { AuthProvider } from '../providers/auth';
import { ENGLISH, I18nProvider, type Language } from '../lib/i18n';
import { createFakeAuthClient } from '../lib/test-utils/fake-auth-client';
import { installFakeVaultSecret } from '../lib/test-utils/fake-vault-secret';

function LocationProbe() {
  const { pathname } = useLocation();
  return <output data-testid="location">{pathname}</output>;
}

/** Renders the whole app (routes, providers, layout) at `path` with a fake auth client. */
export function renderApp(
  path: string,
  opts: {
    session?: Session | null;
    config?: Partial<AppConfig>;
    signInError?: string;
    /** The GoTrue error code that failed sign-in carries (e.g. `invalid_credentials`). */
    signInErrorCode?: string;
    /** The page language and its catalogue (English outside it). */
    language?: Language;
  } = {},
) {
  installFakeVaultSecret();
  const fake = createFakeAuthClient({
    session: opts.session ?? null,
    signInError: opts.signInError,
    signInErrorCode: opts.signInErrorCode,
    confirmEmail: opts.config?.auth?.confirm_email,
  });
  const config = { ...DEFAULT_CONFIG, ...opts.config };
  const utils = render(
    <ThemeProvider>
      <AppConfigProvider value={config}>
        <AuthProvider client={fake.asClient}>
          <I18nProvider value={opts.language ?? { lang: 'en', catalogue: ENGLISH }}>
            <MemoryRouter initialEntries={[path]}>
              <AppRoutes />
              <LocationProbe />
            </MemoryRouter>
          </I18nProvider>
        </AuthProvider>
      </AppConfigProvider>
    </ThemeProvider>,
  );
  return { ...utils, fake, location: () => utils.getByTestId('location').textContent };
}

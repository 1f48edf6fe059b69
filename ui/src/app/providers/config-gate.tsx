import { useEffect, useState, type ReactNode } from 'react';
import { AppConfigProvider, fetchAppConfig, type AppConfig } from '../../lib/app-config';
import { configureQuickExit } from '../../lib/quick-exit';
import { LanguageProvider, loadStartLanguage, type LanguageSettings } from '../../lib/i18n';
import { LoadingScreen } from '../../components/loading-screen';
import { isDisguisePath } from '../../lib/route-paths';

// One fetch per page load, shared by StrictMode's double effect run.
let pending: Promise<AppConfig> | null = null;
export function loadConfigOnce(): Promise<AppConfig> {
  pending ??= fetchAppConfig().then((c) => {
    configureQuickExit(c);
    return c;
  });
  return pending;
}

type Ready = {
  config: AppConfig;
  settings: LanguageSettings;
  language: Awaited<ReturnType<typeof loadStartLanguage>>;
};

/**
 * Fetches /api/config once (falling back to defaults) and the page language's catalogue before rendering
 * the app, so a Hindi reader never sees English flash first.
 */
export function ConfigGate({ frame, children }: { frame?: ReactNode; children: ReactNode }) {
  const [ready, setReady] = useState<Ready | null>(null);

  useEffect(() => {
    let live = true;
    void loadConfigOnce().then(async (config) => {
      const settings: LanguageSettings = {
        defaultLanguage: config.default_language,
        available: config.languages,
        fromOperator: config.operator_languages,
      };
      const language = await loadStartLanguage(settings);
      if (live) setReady({ config, settings, language });
    });
    return () => {
      live = false;
    };
  }, []);

  // `frame` (the exit bar) shows while loading too (in English: no catalogue yet), then inside the page language.
  if (!ready) {
    return (
      <>
        {frame}
        <LoadingScreen quiet={isDisguisePath(window.location.pathname)} />
      </>
    );
  }
  return (
    <AppConfigProvider value={ready.config}>
      <LanguageProvider initial={ready.language} settings={ready.settings}>
        {frame}
        {children}
      </LanguageProvider>
    </AppConfigProvider>
  );
}

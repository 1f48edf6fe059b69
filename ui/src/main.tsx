// Global styles first, so layout and feature styles (same specificity) come after them in the bundle.
import './app/styles/index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { loadConfigOnce } from './app/providers/config-gate';
import { applyTheme, readStoredTheme } from './app/providers/theme-provider';
import * as lazyPages from './app/routes/lazy-pages';
import { prefetchWeather } from './features/disguise-weather/weather-prefetch';
import { applyDisguiseAtStart, disguiseOfPath } from './lib/disguise-mode';
import { preloadStartLanguage } from './lib/i18n';
import { lockIfIdleAtStart, revokeOnServer } from './lib/idle-lock';
import { primeExitHash, watchOfflineExits } from './lib/offline-exit';
import { authUrl } from './lib/auth-client';
import { registerOfflineWorker } from './lib/offline-app';
import {
  followSessionEndInOtherTabs,
  guardBackForwardCache,
  installExitControls,
  leaveIfExitedBefore,
} from './lib/quick-exit';
import { installQuickExitKeys } from './lib/quick-exit-keyboard';
import { renameOldStorage } from './lib/storage-rename';

// Reached by Back (or Forward, or a reload) in a tab that left by the quick exit: leave again, drawing nothing.
if (!leaveIfExitedBefore()) start();

function start(): void {
  // Before anything reads storage: keys under the names that gave the app away move to neutral ones, once.
  renameOldStorage();
  // Before anything renders: a session left idle past the limit is gone, and a disguised device shows its disguise.
  const staleToken = lockIfIdleAtStart();
  applyDisguiseAtStart();

  // Before the first paint: the remembered theme, and the config and current page fetched in parallel.
  applyTheme(readStoredTheme());
  // The keyboard exit and the back/forward-cache guard work from the first moment, on every screen.
  installQuickExitKeys();
  installExitControls();
  guardBackForwardCache();
  followSessionEndInOtherTabs();
  void primeExitHash();
  void loadConfigOnce().then((config) => {
    if (staleToken) revokeOnServer(config, staleToken);
    watchOfflineExits({ url: authUrl(config), anonKey: config.auth.anon_key });
  });
  lazyPages.preloadPage(window.location.pathname);
  if (disguiseOfPath(window.location.pathname) === 'weather') void prefetchWeather();
  // The page loaders as one module object, on purpose: the bundler's small helper for module objects (which the
  // sign-in screen's and the vault's lazily loaded code use) then travels in this script instead of as a request of
  // its own on the first load.
  Object.freeze(lazyPages);
  preloadStartLanguage();
  registerOfflineWorker();

  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

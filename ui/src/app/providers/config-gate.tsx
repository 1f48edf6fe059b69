import { useEffect, useState, type ReactNode } from 'react';
import { AppConfigProvider, fetchAppConfig, type AppConfig } from '../../lib/app-config';
import { configureQuickExit } from '../../lib/quick-exit';
import { LoadingScreen } from '../../lib/loading-screen';
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

/** Fetches /api/config once (falling back to defaults) before rendering the app. */
export function ConfigGate({ children }: { children: ReactNode }) {
  const [config, setConfig] = useState<AppConfig | null>(null);

  useEffect(() => {
    let live = true;
    void loadConfigOnce().then((c) => {
      if (live) setConfig(c);
    });
    return () => {
      live = false;
    };
  }, []);

  if (!config) return <LoadingScreen quiet={isDisguisePath(window.location.pathname)} />;
  return <AppConfigProvider value={config}>{children}</AppConfigProvider>;
}

import { useSyncExternalStore } from 'react';

/**
 * The offline worker (src/sw/service-worker.js, written into the build as /sw.js): registered after the page has
 * loaded, so the first visit's own files come first. Each new build is a complete new set that takes over for
 * the next page load; a page already open keeps its own set until then. Only in a production build.
 */
export function registerOfflineWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    // `updateViaCache: 'none'`: the browser asks the server for a new worker every time, never its HTTP cache.
    navigator.serviceWorker
      .register('/sw.js', { scope: '/', updateViaCache: 'none' })
      .catch(() => undefined); // no worker (private window, blocked): the app works online as before
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the browser believes it has a network, updated as that changes. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

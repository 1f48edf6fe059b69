import type { DisguiseKind } from './disguise-mode';

/**
 * Which disguise the app installs as ('Add to Home screen': its name, icon and first screen). The server reads
 * this cookie when it sends the web app manifest; without it, the operator's default applies. It holds no
 * personal data, only 'weather' or 'notes'.
 */
export const HOME_APP_COOKIE = 'home-app';

export function writeHomeApp(kind: DisguiseKind): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${HOME_APP_COOKIE}=${kind}; Max-Age=31536000; Path=/; SameSite=Strict${secure}`;
}

/** The disguise the server's manifest installs as now (the device's choice or the default); null offline. */
export async function fetchHomeApp(fetchImpl: typeof fetch = fetch): Promise<DisguiseKind | null> {
  try {
    const res = await fetchImpl('/manifest.webmanifest', { cache: 'no-store', credentials: 'same-origin' });
    if (!res.ok) return null;
    const manifest = (await res.json()) as { start_url?: unknown };
    if (manifest.start_url === '/weather') return 'weather';
    if (manifest.start_url === '/notes') return 'notes';
    return null;
  } catch {
    return null;
  }
}

/**
 * Web Push in the browser (docs/checkin.md, "Web Push"): asking to be notified on this device, and stopping.
 * The browser makes the subscription's keys; the server gets its endpoint and public keys, encrypts each message
 * to them, and the service worker (src/sw/service-worker.js) shows it under the name the device shows.
 */

import { fromBase64 } from './vault/crypto';

export type PushState = 'unsupported' | 'server-off' | 'blocked' | 'off' | 'on';

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The server's VAPID public key, or null when this server sends no notifications. */
async function serverKey(): Promise<string | null> {
  const res = await fetch('/api/push', { cache: 'no-store', credentials: 'omit' });
  if (res.status === 404) return null;
  if (!res.ok) throw new Error(`The server answered ${res.status}.`);
  return ((await res.json()) as { public_key: string }).public_key;
}

async function registration(): Promise<ServiceWorkerRegistration> {
  return navigator.serviceWorker.ready;
}

async function send(token: string, method: 'POST' | 'DELETE', body: unknown): Promise<void> {
  const res = await fetch('/api/push/subscriptions', {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    cache: 'no-store',
    credentials: 'omit',
  });
  if (!res.ok) throw new Error(`The server answered ${res.status}.`);
}

export async function pushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if ((await serverKey()) === null) return 'server-off';
  if (Notification.permission === 'denied') return 'blocked';
  if (Notification.permission !== 'granted') return 'off';
  // Not `ready`: with no worker registered (yet), this device simply has no subscription.
  const reg = await navigator.serviceWorker.getRegistration('/');
  return reg && (await reg.pushManager.getSubscription()) ? 'on' : 'off';
}

/**
 * Asks the browser, subscribes with the server's key, and tells the server (for the signed-in account), with
 * this page's language: the neutral words of each notification to this device are in it.
 */
export async function enablePush(token: string, language: string): Promise<PushState> {
  const key = await serverKey();
  if (key === null) return 'server-off';
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'blocked';
  if (permission !== 'granted') return 'off';
  const reg = await registration();
  const sub =
    (await reg.pushManager.getSubscription()) ??
    (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: fromBase64(key) }));
  await send(token, 'POST', { ...sub.toJSON(), language });
  return 'on';
}

/** Stops notifications on this device: the server forgets it and the browser drops the subscription. */
export async function disablePush(token: string): Promise<PushState> {
  const reg = await registration();
  const sub = await reg.pushManager.getSubscription();
  if (sub) {
    await send(token, 'DELETE', { endpoint: sub.endpoint });
    await sub.unsubscribe();
  }
  return 'off';
}

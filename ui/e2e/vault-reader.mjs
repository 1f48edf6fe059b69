// Reads and writes the signed-in account's encrypted records from a test, the way docs/vault.md describes
// the format (no PIN): the server's secret for the session, HKDF to the key-encryption key, AES-KW unwrap of
// the data key, AES-GCM per record bound to "solace-vault-v1:<account>:<key>". Tests use it to check what
// the app stored (shapes of SPEC's records) and to seed records, without a back door in the app.

async function inPage({ key, value, write }) {
  const session = JSON.parse(window.localStorage.getItem('session') ?? 'null');
  if (!session?.access_token) throw new Error('not signed in');
  const account = JSON.parse(window.localStorage.getItem('session-user')).user.id;
  const fromB64 = (s) => {
    const t = s.replace(/-/g, '+').replace(/_/g, '/');
    return Uint8Array.from(atob(t + '='.repeat((4 - (t.length % 4)) % 4)), (c) => c.charCodeAt(0));
  };
  const toB64 = (bytes) => btoa(String.fromCharCode(...new Uint8Array(bytes)));
  const res = await fetch('/api/vault/secret', { headers: { Authorization: `Bearer ${session.access_token}` } });
  if (!res.ok) throw new Error(`vault secret: ${res.status}`);
  const { secret } = await res.json();
  const te = new TextEncoder();
  const base = await crypto.subtle.importKey('raw', fromB64(secret), 'HKDF', false, ['deriveKey']);
  const kek = await crypto.subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: te.encode(account), info: te.encode('solace-vault-v1 kek') },
    base,
    { name: 'AES-KW', length: 256 },
    false,
    ['unwrapKey'],
  );
  const meta = JSON.parse(window.localStorage.getItem(`keys:${account}`));
  const dataKey = await crypto.subtle.unwrapKey('raw', fromB64(meta.wrapped), kek, 'AES-KW', 'AES-GCM', false, [
    'encrypt',
    'decrypt',
  ]);
  // Each record lies under its place in the app's list, counted from 1 (ui/src/lib/vault/storage-layout.ts).
  const records = ['journal-entries', 'safety-plan-items', 'mood-entries', 'journal-draft', 'advocate-shares', 'advocate-standing', 'copy-state', 'outbox-private'];
  const slot = `data:${account}:${records.indexOf(key) + 1}`;
  const additionalData = te.encode(`solace-vault-v1:${account}:${key}`);
  if (write) {
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const ct = await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData }, dataKey, te.encode(JSON.stringify(value)));
    window.localStorage.setItem(slot, `v1.${toB64(iv)}.${toB64(ct)}`);
    return null;
  }
  const stored = window.localStorage.getItem(slot);
  if (stored === null) return null;
  const [, iv, ct] = stored.split('.');
  const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: fromB64(iv), additionalData }, dataKey, fromB64(ct));
  return JSON.parse(new TextDecoder().decode(plain));
}

/** The decrypted record `key` of the signed-in account (null when none is stored). */
export function readVault(page, key) {
  return page.evaluate(inPage, { key, write: false });
}

/** Stores `value` as the signed-in account's record `key`; the app reads it at its next load. */
export function writeVault(page, key, value) {
  return page.evaluate(inPage, { key, value, write: true });
}

/**
 * Every value this origin keeps (local storage, session storage, IndexedDB, Cache Storage), as one string,
 * read from `page` (which must be on the app's origin).
 */
export function everythingStored(page) {
  return page.evaluate(async () => {
    const parts = [JSON.stringify({ ...window.localStorage }), JSON.stringify({ ...window.sessionStorage })];
    for (const info of await indexedDB.databases()) {
      const db = await new Promise((resolve, reject) => {
        const r = indexedDB.open(info.name);
        r.onsuccess = () => resolve(r.result);
        r.onerror = () => reject(r.error);
      });
      for (const name of db.objectStoreNames) {
        const all = await new Promise((resolve, reject) => {
          const r = db.transaction(name).objectStore(name).getAll();
          r.onsuccess = () => resolve(r.result);
          r.onerror = () => reject(r.error);
        });
        parts.push(JSON.stringify(all));
      }
      db.close();
    }
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const req of await cache.keys()) {
        parts.push(req.url, await (await cache.match(req)).text());
      }
    }
    return parts.join('\n');
  });
}

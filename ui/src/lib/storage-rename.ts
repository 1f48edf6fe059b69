import { AUTH_STORAGE_KEY } from './auth-client';
import { neutralUserValue } from './auth-user-store';
import { STORAGE_KEYS } from './storage-keys';
import { recordSlot, VAULT_RECORDS } from './vault/storage-layout';

/**
 * Until the storage names were made neutral, the app's keys named it and what she keeps (`solace-auth`,
 * `vault:<account>:journal-entries`, `lastLoggedInEmail`...). At each start, before anything reads storage, a
 * key under an old name moves to its new one (same value) and the old key goes; a device already moved finds
 * nothing to do. Where the new name already holds something, the old key stays as it is: nothing is
 * overwritten, nothing lost. IndexedDB's databases move the same way (`moveDatabase`).
 */

const OLD_AUTH = 'solace-auth';
const OLD_PREFIXES: readonly [string, string][] = [
  ['vault-key:', STORAGE_KEYS.vaultKeyPrefix],
  ['outbox-key:', STORAGE_KEYS.outboxKeyPrefix],
  ['outbox:', STORAGE_KEYS.outboxPrefix],
];

/** The new name of an old key, or null when the key is not one of the old names. */
function newName(key: string): string | null {
  if (key === 'lastLoggedInEmail') return STORAGE_KEYS.lastEmail;
  if (key.startsWith(`${OLD_AUTH}-`)) return `${AUTH_STORAGE_KEY}${key.slice(OLD_AUTH.length)}`;
  for (const [old, now] of OLD_PREFIXES) if (key.startsWith(old)) return now + key.slice(old.length);
  // `vault:<account>:<record>`, maybe with a set-aside mark (`#unreadable-<time>`) after the record.
  const m = /^vault:([^:]+):([^#]+)(#.*)?$/.exec(key);
  if (m && (VAULT_RECORDS as readonly string[]).includes(m[2])) return recordSlot(m[1], m[2]) + (m[3] ?? '');
  return null;
}

function move(storage: Storage, from: string, to: string, value: string): void {
  if (storage.getItem(to) === null) storage.setItem(to, value);
  if (storage.getItem(to) === value) storage.removeItem(from);
}

/**
 * The session auth-js stored whole (with the user, and so her address) becomes the session alone plus the user
 * without her identity, as auth-js now keeps them (lib/auth-client.ts).
 */
function moveSession(storage: Storage, raw: string): void {
  let session: Record<string, unknown>;
  try {
    session = JSON.parse(raw) as Record<string, unknown>;
  } catch {
    return move(storage, OLD_AUTH, AUTH_STORAGE_KEY, raw);
  }
  if (storage.getItem(AUTH_STORAGE_KEY) !== null) return;
  const { user, ...rest } = session;
  if (user !== undefined) storage.setItem(`${AUTH_STORAGE_KEY}-user`, neutralUserValue(user));
  storage.setItem(AUTH_STORAGE_KEY, JSON.stringify(rest));
  storage.removeItem(OLD_AUTH);
}

/** Moves every key kept under an old name; synchronous, before anything reads storage. */
export function renameOldStorage(storage: Storage = window.localStorage): void {
  try {
    const keys: string[] = [];
    for (let i = 0; i < storage.length; i += 1) keys.push(storage.key(i) ?? '');
    for (const key of keys) {
      const value = storage.getItem(key);
      if (value === null) continue;
      if (key === OLD_AUTH) {
        moveSession(storage, value);
        continue;
      }
      const to = newName(key);
      if (to) move(storage, key, to, value);
    }
  } catch {
    // storage blocked or full: the old names stay and are tried again at the next start
  }
}

const moves = new Map<string, Promise<void>>();

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed.'));
  });
}

/**
 * The database `name` if it exists. Opening one only to see leaves its name in the browser's files, so the list of
 * databases is asked first; a browser without that list (older Safari and Firefox) is asked by opening, undone
 * at once so that nothing is created.
 */
async function openExisting(name: string): Promise<IDBDatabase | null> {
  if (typeof indexedDB.databases === 'function') {
    const all = await indexedDB.databases();
    if (!all.some((d) => d.name === name)) return null;
  }
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(name);
    req.onupgradeneeded = () => req.transaction?.abort();
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => (req.error?.name === 'AbortError' ? resolve(null) : reject(req.error ?? new Error('Not opened.')));
  });
}

/**
 * Moves every row of the database `from` into the one `open()` gives (same stores), in one transaction, then
 * deletes `from`. Once per page load; later calls wait for the same move. A failed move keeps `from` whole.
 */
export function moveDatabase(from: string, open: () => Promise<IDBDatabase>): Promise<void> {
  let done = moves.get(from);
  if (!done) {
    done = (async () => {
      if (typeof indexedDB === 'undefined') return;
      const old = await openExisting(from);
      if (!old) return;
      try {
        const stores = [...old.objectStoreNames];
        const rows = await Promise.all(
          stores.map(async (name) => {
            const tx = old.transaction(name, 'readonly');
            const store = tx.objectStore(name);
            const [keys, values] = await Promise.all([request(store.getAllKeys()), request(store.getAll())]);
            return { name, inline: store.keyPath !== null, keys, values };
          }),
        );
        const db = await open();
        try {
          await new Promise<void>((resolve, reject) => {
            const tx = db.transaction(stores, 'readwrite');
            tx.oncomplete = () => resolve();
            tx.onabort = tx.onerror = () => reject(tx.error ?? new Error('Not moved.'));
            for (const r of rows) {
              const store = tx.objectStore(r.name);
              r.values.forEach((v, i) => (r.inline ? store.put(v) : store.put(v, r.keys[i])));
            }
          });
        } finally {
          db.close();
        }
      } finally {
        old.close();
      }
      await new Promise<void>((resolve) => {
        const req = indexedDB.deleteDatabase(from);
        req.onsuccess = req.onerror = req.onblocked = () => resolve();
      });
    })().catch((err: unknown) => console.error('Could not move stored records:', err));
    moves.set(from, done);
  }
  return done;
}

import { fromBase64, randomBytes, toBase64 } from './crypto';
import { moveDatabase } from '../storage-rename';

/**
 * The files of an item written offline (an incident's photo or recording). Too large for localStorage, they wait
 * in IndexedDB, each encrypted (AES-256-GCM, WebCrypto) under a fresh key that travels only inside the item's
 * HPKE-sealed part (outbox.ts): whoever holds the phone finds ciphertext here and no key to it.
 */

/** A name that says nothing; the database was `solace-outbox` before (moved once: lib/storage-rename.ts). */
const DB_NAME = 'queue';
const OLD_DB_NAME = 'solace-outbox';
const FILES = 'files';

function openDb(): Promise<IDBDatabase> {
  return moveDatabase(OLD_DB_NAME, createDb).then(createDb);
}

function createDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(FILES);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB could not be opened.'));
  });
}

async function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T> | void): Promise<T | undefined> {
  const db = await openDb();
  try {
    return await new Promise<T | undefined>((resolve, reject) => {
      const tx = db.transaction(FILES, mode);
      const req = work(tx.objectStore(FILES));
      tx.oncomplete = () => resolve(req ? req.result : undefined);
      tx.onabort = () => reject(tx.error ?? new Error('Not stored.'));
      tx.onerror = () => reject(tx.error ?? new Error('Not stored.'));
    });
  } finally {
    db.close();
  }
}

/** What the sealed part keeps of one file: where its ciphertext waits, and the key and nonce that open it. */
export type FileRef = { id: string; key: string; iv: string; name: string; type: string; kind: string };

/** Encrypts one file under a fresh key and keeps the ciphertext; the returned reference goes into the sealed part. */
export async function keepFile(
  file: { name: string; type: string; kind: string; bytes: Uint8Array<ArrayBuffer> },
): Promise<FileRef> {
  const raw = randomBytes(32);
  const iv = randomBytes(12);
  const key = await crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt']);
  const id = crypto.randomUUID();
  const ciphertext = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, file.bytes));
  await run('readwrite', (s) => s.put(ciphertext, id));
  const ref = { id, key: toBase64(raw), iv: toBase64(iv), name: file.name, type: file.type, kind: file.kind };
  raw.fill(0);
  return ref;
}

/** Reads and decrypts one kept file. */
export async function readFile(ref: FileRef): Promise<Uint8Array<ArrayBuffer>> {
  const ciphertext = await run<Uint8Array<ArrayBuffer>>('readonly', (s) => s.get(ref.id));
  if (!ciphertext) throw new Error('A file written offline is missing.');
  const key = await crypto.subtle.importKey('raw', fromBase64(ref.key), 'AES-GCM', false, ['decrypt']);
  return new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv: fromBase64(ref.iv) }, key, ciphertext));
}

/** Removes kept files once their item is in the records (or given up). */
export async function dropFiles(ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await run('readwrite', (s) => {
    for (const id of ids) s.delete(id);
  });
}

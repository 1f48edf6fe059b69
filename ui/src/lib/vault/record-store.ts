import { randomBytes } from './crypto';
import { moveDatabase } from '../storage-rename';
import type { VaultRecords } from './vault-types';

/**
 * Records too many or too large for localStorage (the incident log and its attachments), in IndexedDB, in
 * the shape of docs/vault.md ("One key design for what comes next"): each record has its own AES-256-GCM
 * record key, wrapped by the account's data key beside the ciphertext; additional data binds account, record
 * id, kind and version, so no ciphertext can be moved to another record or rolled back unnoticed.
 * Attachments are cut into 1 MiB chunks, each bound to the attachment id, its index and a last-chunk flag.
 * Nothing decrypted is ever written here.
 */

/** A name that says nothing; the database was `solace-records` before (moved once: lib/storage-rename.ts). */
const DB_NAME = 'records';
const OLD_DB_NAME = 'solace-records';
const RECORDS = 'records';
const CHUNKS = 'chunks';
export const CHUNK_BYTES = 1024 * 1024;

export type StoredRecord = {
  account: string;
  id: string;
  kind: string;
  version: number;
  /** The record key, sealed by the data key. */
  wrappedKey: Uint8Array<ArrayBuffer>;
  iv: Uint8Array<ArrayBuffer>;
  ciphertext: Uint8Array<ArrayBuffer>;
};

export type StoredChunk = {
  account: string;
  attachment: string;
  index: number;
  last: boolean;
  iv: Uint8Array<ArrayBuffer>;
  ciphertext: Uint8Array<ArrayBuffer>;
};

/** The device has no room left (IndexedDB's quota): nothing of this write was kept, nothing older was lost. */
export class StorageFullError extends Error {
  constructor() {
    super('This device has no room left for this.');
    this.name = 'StorageFullError';
  }
}

/** A record to write: its ciphertext and chunks, prepared before the one transaction that stores them. */
export type PreparedWrite = { records: StoredRecord[]; chunks: StoredChunk[] };

const te = new TextEncoder();
const td = new TextDecoder();

function openDb(): Promise<IDBDatabase> {
  return moveDatabase(OLD_DB_NAME, createDb).then(createDb);
}

function createDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => {
      const db = req.result;
      db.createObjectStore(RECORDS, { keyPath: ['account', 'id'] });
      db.createObjectStore(CHUNKS, { keyPath: ['account', 'attachment', 'index'] });
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB could not be opened.'));
  });
}

function isQuota(err: unknown): boolean {
  return err instanceof DOMException && (err.name === 'QuotaExceededError' || err.name === 'UnknownError');
}

/** Runs `work` in one transaction; resolves when it commits, and rejects (StorageFullError for quota) if not. */
async function inTransaction<T>(
  stores: string[],
  mode: IDBTransactionMode,
  work: (tx: IDBTransaction) => T,
): Promise<T> {
  const db = await openDb();
  try {
    return await new Promise<T>((resolve, reject) => {
      const tx = db.transaction(stores, mode);
      let result: T;
      tx.oncomplete = () => resolve(result);
      const fail = () => reject(isQuota(tx.error) ? new StorageFullError() : (tx.error ?? new Error('Not stored.')));
      tx.onabort = fail;
      tx.onerror = fail;
      try {
        result = work(tx);
      } catch (err) {
        tx.abort();
        reject(isQuota(err) ? new StorageFullError() : err);
      }
    });
  } finally {
    db.close();
  }
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed.'));
  });
}

const recordAad = (account: string, id: string, kind: string, version: number) =>
  `solace-record-v1:${account}:${id}:${kind}:${version}`;
const chunkAad = (account: string, attachment: string, index: number, last: boolean) =>
  te.encode(`solace-chunk-v1:${account}:${attachment}:${index}:${last ? 'last' : 'more'}`);

async function newRecordKey(vault: VaultRecords, aad: string): Promise<{ key: CryptoKey; wrapped: Uint8Array<ArrayBuffer> }> {
  const raw = randomBytes(32);
  const wrapped = await vault.sealWithDataKey(raw, aad);
  const key = await crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt']);
  raw.fill(0);
  return { key, wrapped };
}

async function openRecordKey(vault: VaultRecords, wrapped: Uint8Array<ArrayBuffer>, aad: string): Promise<CryptoKey> {
  const raw = await vault.openWithDataKey(wrapped, aad);
  const key = await crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt']);
  raw.fill(0);
  return key;
}

/** Encrypts one record (a JSON value) for `write`. */
export async function prepareRecord(
  vault: VaultRecords,
  meta: { id: string; kind: string; version: number },
  value: unknown,
): Promise<PreparedWrite> {
  const account = vault.accountId;
  const aad = recordAad(account, meta.id, meta.kind, meta.version);
  const { key, wrapped } = await newRecordKey(vault, aad);
  const iv = randomBytes(12);
  const plain = te.encode(JSON.stringify(value));
  const ciphertext = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: te.encode(aad) }, key, plain),
  );
  plain.fill(0);
  return { records: [{ account, ...meta, wrappedKey: wrapped, iv, ciphertext }], chunks: [] };
}

/** Encrypts one attachment's bytes as a record key (kind `attachment`) and its 1 MiB chunks, for `write`. */
export async function prepareAttachment(vault: VaultRecords, id: string, bytes: Uint8Array): Promise<PreparedWrite> {
  const account = vault.accountId;
  const aad = recordAad(account, id, 'attachment', 1);
  const { key, wrapped } = await newRecordKey(vault, aad);
  const chunks: StoredChunk[] = [];
  const count = Math.max(1, Math.ceil(bytes.length / CHUNK_BYTES));
  for (let index = 0; index < count; index++) {
    const last = index === count - 1;
    const iv = randomBytes(12);
    const part = bytes.slice(index * CHUNK_BYTES, (index + 1) * CHUNK_BYTES);
    const ciphertext = new Uint8Array(
      await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: chunkAad(account, id, index, last) }, key, part),
    );
    chunks.push({ account, attachment: id, index, last, iv, ciphertext });
  }
  // The record of an attachment holds only its key: the sizes are the chunks'.
  const record: StoredRecord = {
    account,
    id,
    kind: 'attachment',
    version: 1,
    wrappedKey: wrapped,
    iv: new Uint8Array(0),
    ciphertext: new Uint8Array(0),
  };
  return { records: [record], chunks };
}

/** Stores prepared records and chunks in one transaction: all of them, or (device full) none. */
export async function write(...parts: PreparedWrite[]): Promise<void> {
  await inTransaction([RECORDS, CHUNKS], 'readwrite', (tx) => {
    for (const part of parts) {
      for (const r of part.records) tx.objectStore(RECORDS).put(r);
      for (const c of part.chunks) tx.objectStore(CHUNKS).put(c);
    }
  });
}

/** Every record of `kind` of this account, decrypted into memory. A record that does not open is skipped and named. */
export async function readRecords<T>(vault: VaultRecords, kind: string): Promise<{ values: T[]; unreadable: string[] }> {
  const account = vault.accountId;
  const stored: StoredRecord[] = await inTransaction([RECORDS], 'readonly', (tx) =>
    request(tx.objectStore(RECORDS).getAll(IDBKeyRange.bound([account, ''], [account, '\uffff'])) as IDBRequest<StoredRecord[]>),
  );
  const values: T[] = [];
  const unreadable: string[] = [];
  for (const r of stored.filter((x) => x.kind === kind)) {
    try {
      const aad = recordAad(account, r.id, r.kind, r.version);
      const key = await openRecordKey(vault, r.wrappedKey, aad);
      const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: r.iv, additionalData: te.encode(aad) }, key, r.ciphertext);
      values.push(JSON.parse(td.decode(plain)) as T);
    } catch {
      unreadable.push(r.id);
    }
  }
  return { values, unreadable };
}

/** One attachment's bytes, decrypted; throws if a chunk is missing, changed, reordered or cut short. */
export async function readAttachment(vault: VaultRecords, id: string): Promise<Uint8Array<ArrayBuffer>> {
  const account = vault.accountId;
  const [record, chunks] = await inTransaction([RECORDS, CHUNKS], 'readonly', (tx) =>
    Promise.all([
      request(tx.objectStore(RECORDS).get([account, id]) as IDBRequest<StoredRecord | undefined>),
      request(
        tx.objectStore(CHUNKS).getAll(IDBKeyRange.bound([account, id, 0], [account, id, Infinity])) as IDBRequest<StoredChunk[]>,
      ),
    ]),
  );
  if (!record || record.kind !== 'attachment') throw new Error(`Attachment ${id} is not on this device.`);
  const key = await openRecordKey(vault, record.wrappedKey, recordAad(account, id, 'attachment', 1));
  const parts: Uint8Array[] = [];
  let total = 0;
  chunks.sort((a, b) => a.index - b.index);
  for (const [i, c] of chunks.entries()) {
    const last = i === chunks.length - 1;
    const plain = new Uint8Array(
      await crypto.subtle.decrypt({ name: 'AES-GCM', iv: c.iv, additionalData: chunkAad(account, id, i, last) }, key, c.ciphertext),
    );
    parts.push(plain);
    total += plain.length;
  }
  if (!chunks.at(-1)?.last) throw new Error(`Attachment ${id} is cut short.`);
  const out = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** Removes records (and, for attachments, their chunks) of this account for good. */
export async function removeRecords(vault: VaultRecords, ids: string[]): Promise<void> {
  const account = vault.accountId;
  await inTransaction([RECORDS, CHUNKS], 'readwrite', (tx) => {
    for (const id of ids) {
      tx.objectStore(RECORDS).delete([account, id]);
      tx.objectStore(CHUNKS).delete(IDBKeyRange.bound([account, id, 0], [account, id, Infinity]));
    }
  });
}

/** Removes every record of one account from this device ('start afresh'). */
export async function discardRecords(accountId: string): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  await inTransaction([RECORDS, CHUNKS], 'readwrite', (tx) => {
    tx.objectStore(RECORDS).delete(IDBKeyRange.bound([accountId, ''], [accountId, '\uffff']));
    tx.objectStore(CHUNKS).delete(IDBKeyRange.bound([accountId, '', 0], [accountId, '\uffff', Infinity]));
  });
}

/** Removes the whole database, every account's records ('Clear All Data'), under its old name too. */
export async function deleteAllRecords(): Promise<void> {
  for (const name of [OLD_DB_NAME, DB_NAME]) {
    await new Promise<void>((resolve) => {
      if (typeof indexedDB === 'undefined') return resolve();
      const req = indexedDB.deleteDatabase(name);
      req.onsuccess = req.onerror = req.onblocked = () => resolve();
    });
  }
}

/** Every stored record of this account as it is kept (ciphertext), for the copy on the server. */
export async function storedRecords(accountId: string): Promise<StoredRecord[]> {
  return inTransaction([RECORDS], 'readonly', (tx) =>
    request(tx.objectStore(RECORDS).getAll(IDBKeyRange.bound([accountId, ''], [accountId, '\uffff'])) as IDBRequest<StoredRecord[]>),
  );
}

/** One attachment's stored chunks (ciphertext), in order. */
export async function storedChunks(accountId: string, attachment: string): Promise<StoredChunk[]> {
  const chunks: StoredChunk[] = await inTransaction([CHUNKS], 'readonly', (tx) =>
    request(
      tx.objectStore(CHUNKS).getAll(IDBKeyRange.bound([accountId, attachment, 0], [accountId, attachment, Infinity])) as IDBRequest<
        StoredChunk[]
      >,
    ),
  );
  return chunks.sort((a, b) => a.index - b.index);
}

/** Decrypts one record as stored (or as it came from the copy); throws for anything changed or moved. */
export async function openRecord<T>(vault: VaultRecords, r: StoredRecord): Promise<T> {
  const aad = recordAad(vault.accountId, r.id, r.kind, r.version);
  const key = await openRecordKey(vault, r.wrappedKey, aad);
  const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: r.iv, additionalData: te.encode(aad) }, key, r.ciphertext);
  return JSON.parse(td.decode(plain)) as T;
}

/** Checks that a record (from the copy) opens with this account's data key, without keeping anything. */
export async function recordOpens(vault: VaultRecords, r: StoredRecord): Promise<boolean> {
  try {
    await openRecordKey(vault, r.wrappedKey, recordAad(vault.accountId, r.id, r.kind, r.version));
    return true;
  } catch {
    return false;
  }
}

import type { StoredChunk, StoredRecord } from './record-store';

/** How records and chunks travel to the account's copy on the server (docs/vault.md, "Sync"), and their ids there. */

const te = new TextEncoder();

export async function hash(value: unknown): Promise<string> {
  const d = new Uint8Array(await crypto.subtle.digest('SHA-256', te.encode(JSON.stringify(value))));
  return Array.from(d, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The copy's id of a list item: the item's own id when the server accepts it as a name, else its digest. */
export async function copyId(prefix: string, itemId: string): Promise<string> {
  if (/^[A-Za-z0-9_-]{1,60}$/.test(itemId)) return `${prefix}-${itemId}`;
  return `${prefix}-${(await hash(itemId)).slice(0, 40)}`;
}

/** A stored record as the copy's `data`: format byte, wrapped-key length (2 bytes), wrapped key, IV, ciphertext. */
export function encodeRecord(r: StoredRecord): Uint8Array {
  const out = new Uint8Array(3 + r.wrappedKey.length + 1 + r.iv.length + r.ciphertext.length);
  out[0] = 1;
  out[1] = r.wrappedKey.length >> 8;
  out[2] = r.wrappedKey.length & 255;
  out.set(r.wrappedKey, 3);
  let at = 3 + r.wrappedKey.length;
  out[at++] = r.iv.length;
  out.set(r.iv, at);
  out.set(r.ciphertext, at + r.iv.length);
  return out;
}

export function decodeRecord(account: string, id: string, kind: string, version: number, data: Uint8Array<ArrayBuffer>): StoredRecord {
  if (data[0] !== 1 || data.length < 4) throw new Error('Not a record of this format.');
  const keyLen = (data[1] << 8) | data[2];
  const wrappedKey = data.slice(3, 3 + keyLen);
  let at = 3 + keyLen;
  const ivLen = data[at++];
  const iv = data.slice(at, at + ivLen);
  const ciphertext = data.slice(at + ivLen);
  return { account, id, kind, version, wrappedKey, iv, ciphertext };
}

/** A chunk as the copy keeps it: a last-chunk flag, the IV, the ciphertext. */
export function encodeChunk(c: StoredChunk): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(1 + c.iv.length + c.ciphertext.length);
  out[0] = c.last ? 1 : 0;
  out.set(c.iv, 1);
  out.set(c.ciphertext, 1 + c.iv.length);
  return out;
}

export function decodeChunk(account: string, attachment: string, index: number, data: Uint8Array<ArrayBuffer>): StoredChunk {
  return { account, attachment, index, last: data[0] === 1, iv: data.slice(1, 13), ciphertext: data.slice(13) };
}

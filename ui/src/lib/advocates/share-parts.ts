/**
 * A share's photos and recordings in parts (docs/advocates.md, "Parts"): taken out of the sealed item, laid end
 * to end and cut into pieces that encrypt (AES-256-GCM, WebCrypto) to at most 1 MiB each, the server's bound on
 * a part. The key, each part's nonce and SHA-256 digest travel inside the share sealed to the advocate, so the
 * server holds parts it cannot read, and the advocate's browser refuses a part that is not the one she sent.
 */
import { fromBase64, toBase64 } from '../vault/crypto';
import type { PartsHeader, SharedItem } from './share-payload';

export type { PartsHeader };

/** The server's bound on one part: AES-GCM's 16-byte tag comes on top of each piece. */
export const PART_BYTES = 1024 * 1024;
const PIECE_BYTES = PART_BYTES - 16;

/** A part that is not what she sent (changed, swapped or cut short): nothing of the share is shown. */
export class PartMismatchError extends Error {
  constructor(n: number) {
    super(`Part ${n} is not the one that was shared.`);
    this.name = 'PartMismatchError';
  }
}

// Each part is bound to its share and its place, so parts cannot be moved between shares or reordered.
function partAad(shareId: string, n: number): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(`solace share part v1:${shareId}:${n}`);
}

async function sha256(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  return toBase64(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes)));
}

function sameDigest(a: string, b: string): boolean {
  // Both are digests anyone may compute; no secret rides on how fast this answers.
  return a.length === b.length && a === b;
}

/**
 * Takes an incident's attachments out of the item and encrypts them into parts for share `shareId`. The item
 * keeps everything else; a journal entry, a safety plan or an incident without attachments has no parts.
 */
export async function toParts(
  shareId: string,
  item: SharedItem,
): Promise<{ item: SharedItem; header?: PartsHeader; parts: Uint8Array<ArrayBuffer>[] }> {
  if (item.kind !== 'incident' || item.attachments.length === 0) return { item, parts: [] };
  const files: Record<string, string> = { ...item.evidence.files };
  const placed: PartsHeader['files'] = [];
  const bytes: Uint8Array[] = [];
  let total = 0;
  for (const a of item.attachments) {
    if (files[a.file] === undefined) continue;
    const b = fromBase64(files[a.file]);
    delete files[a.file];
    placed.push({ file: a.file, offset: total, length: b.length });
    bytes.push(b);
    total += b.length;
  }
  const all = new Uint8Array(total);
  let at = 0;
  for (const b of bytes) all.set(b, (at += b.length) - b.length);
  const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt']);
  const parts: Uint8Array<ArrayBuffer>[] = [];
  const header: PartsHeader = { key: toBase64(new Uint8Array(await crypto.subtle.exportKey('raw', key))), files: placed, parts: [] };
  for (let start = 0, n = 0; start < total; start += PIECE_BYTES, n++) {
    const nonce = crypto.getRandomValues(new Uint8Array(12));
    const piece = all.slice(start, start + PIECE_BYTES);
    const ct = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv: nonce, additionalData: partAad(shareId, n) }, key, piece));
    parts.push(ct);
    header.parts.push({ nonce: toBase64(nonce), sha256: await sha256(ct), size: ct.length });
  }
  return { item: { ...item, evidence: { ...item.evidence, files } }, header, parts };
}

/** Opens part `n` of share `shareId` after checking its digest; refuses anything else. */
export async function openPart(
  shareId: string,
  header: PartsHeader,
  n: number,
  ct: Uint8Array<ArrayBuffer>,
): Promise<Uint8Array<ArrayBuffer>> {
  const expected = header.parts[n];
  if (!expected || ct.length !== expected.size || !sameDigest(await sha256(ct), expected.sha256)) throw new PartMismatchError(n);
  const key = await crypto.subtle.importKey('raw', fromBase64(header.key), 'AES-GCM', false, ['decrypt']);
  try {
    const iv = fromBase64(expected.nonce);
    return new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv, additionalData: partAad(shareId, n) }, key, ct));
  } catch {
    throw new PartMismatchError(n);
  }
}

/** Puts the opened parts' attachments back into the item, as she shared it. */
export function withAttachments(item: SharedItem, header: PartsHeader, opened: Uint8Array[]): SharedItem {
  if (item.kind !== 'incident') return item;
  const total = opened.reduce((sum, p) => sum + p.length, 0);
  const all = new Uint8Array(total);
  let at = 0;
  for (const p of opened) all.set(p, (at += p.length) - p.length);
  const files = { ...item.evidence.files };
  for (const f of header.files) {
    if (f.offset + f.length > total) throw new PartMismatchError(header.parts.length - 1);
    files[f.file] = toBase64(all.subarray(f.offset, f.offset + f.length));
  }
  return { ...item, evidence: { ...item.evidence, files } };
}

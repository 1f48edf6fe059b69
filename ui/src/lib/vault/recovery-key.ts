import { fromBase64, randomBytes, toBase64, VaultKeyError } from './crypto';

/**
 * The recovery key (docs/vault.md, "The keys"): 160 random bits made in her browser, shown once as 8 groups of
 * 4 Crockford base32 characters for her to write down or print, never sent. It opens the recovery wrap, the
 * account's data key under AES-KW with a key made from RK by HKDF-SHA256; only that wrap goes to the server.
 */

const RK_BYTES = 20;
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const te = new TextEncoder();

/** The recovery key as she sees it: `ABCD-EFGH-…` (8 groups of 4). */
export function formatRecoveryKey(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const b of bytes) {
    value = (value << 8) | b;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out.match(/.{1,4}/g)!.join('-');
}

/**
 * The key's bytes from what she typed: case, spaces and dashes do not matter, and the letters Crockford base32
 * reads as digits (O as 0; I and L as 1) are read so. Null when it cannot be a recovery key at all.
 */
export function parseRecoveryKey(text: string): Uint8Array<ArrayBuffer> | null {
  const clean = normalised(text);
  if (clean.length !== (RK_BYTES * 8) / 5) return null;
  const out = new Uint8Array(RK_BYTES);
  let bits = 0;
  let value = 0;
  let at = 0;
  for (const ch of clean) {
    const v = ALPHABET.indexOf(ch);
    if (v < 0) return null;
    value = (value << 5) | v;
    bits += 5;
    if (bits >= 8) {
      out[at++] = (value >>> (bits - 8)) & 255;
      bits -= 8;
    }
    value &= (1 << bits) - 1;
  }
  return out;
}

/** What she typed as the key reads it: case, spaces and dashes ignored, O read as 0, I and L as 1. */
function normalised(text: string): string {
  return text.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
}

/** Whether `typed` is group `index` (from 0) of `recoveryKey`, read as the key itself is read. */
export function isKeyGroup(recoveryKey: string, index: number, typed: string): boolean {
  const group = recoveryKey.split('-')[index];
  return group !== undefined && normalised(typed) === group;
}

/** Two different groups of the key's eight, in order, for her to type back. */
export function groupsToCheck(): [number, number] {
  const [a, b] = randomBytes(2);
  const first = a % 8;
  const second = (first + 1 + (b % 7)) % 8;
  return first < second ? [first, second] : [second, first];
}

/** A new recovery key: `crypto.getRandomValues`, 160 bits. */
export function newRecoveryKey(): string {
  return formatRecoveryKey(randomBytes(RK_BYTES));
}

/** What the server keeps (`recovery_wrap`): the data key's id and the data key under AES-KW(HKDF(RK)). */
type RecoveryWrap = { v: 1; dk: string; w: string };

async function recoveryKek(rk: Uint8Array<ArrayBuffer>, accountId: string): Promise<CryptoKey> {
  const base = await crypto.subtle.importKey('raw', rk, 'HKDF', false, ['deriveKey']);
  return crypto.subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: te.encode(accountId), info: te.encode('solace-copy-v1 recovery') },
    base,
    { name: 'AES-KW', length: 256 },
    false,
    ['wrapKey', 'unwrapKey'],
  );
}

/** The recovery wrap of an extractable data key whose id is `dkId`. */
export async function wrapForRecovery(dataKey: CryptoKey, dkId: string, recoveryKey: string, accountId: string): Promise<string> {
  const rk = parseRecoveryKey(recoveryKey);
  if (!rk) throw new Error('Not a recovery key.');
  const kek = await recoveryKek(rk, accountId);
  rk.fill(0);
  const wrapped = new Uint8Array(await crypto.subtle.wrapKey('raw', dataKey, kek, 'AES-KW'));
  const wrap: RecoveryWrap = { v: 1, dk: dkId, w: toBase64(wrapped) };
  return JSON.stringify(wrap);
}

/** The data key id a recovery wrap holds, or null for something else. */
export function wrapDataKeyId(wrap: string | null | undefined): string | null {
  if (!wrap) return null;
  try {
    const parsed = JSON.parse(wrap) as Partial<RecoveryWrap>;
    return parsed.v === 1 && typeof parsed.dk === 'string' && typeof parsed.w === 'string' ? parsed.dk : null;
  } catch {
    return null;
  }
}

/**
 * The data key from the recovery wrap, exportable only so that it can be wrapped for this device at once.
 * A key that is not the right one (a typo, an old key) throws VaultKeyError: AES-KW's check fails.
 */
export async function unwrapWithRecovery(wrap: string, recoveryKey: string, accountId: string): Promise<{ key: CryptoKey; dkId: string }> {
  const rk = parseRecoveryKey(recoveryKey);
  const dkId = wrapDataKeyId(wrap);
  if (!rk || !dkId) throw new VaultKeyError();
  const kek = await recoveryKek(rk, accountId);
  rk.fill(0);
  const parsed = JSON.parse(wrap) as RecoveryWrap;
  try {
    const key = await crypto.subtle.unwrapKey('raw', fromBase64(parsed.w), kek, 'AES-KW', { name: 'AES-GCM', length: 256 }, true, [
      'encrypt',
      'decrypt',
    ]);
    return { key, dkId };
  } catch {
    throw new VaultKeyError();
  }
}

/**
 * The vault's cryptography, on WebCrypto only (docs/vault.md):
 * - key-encryption key (KEK) = HKDF-SHA256 over the server's per-account secret, and with a PIN also
 *   over PBKDF2(PIN), so neither the secret alone nor the PIN alone opens the vault;
 * - a random AES-256-GCM data key, stored only wrapped (AES-KW) by the KEK, used only as a
 *   non-extractable CryptoKey in memory;
 * - each record as AES-GCM ciphertext with a fresh 96-bit IV, bound to its account and key name.
 */

const VERSION = 1;
/** PBKDF2 rounds for the PIN (OWASP's figure for PBKDF2-HMAC-SHA256). */
export const PIN_ROUNDS = 310_000;

/** The KEK does not open the wrapped data key: wrong PIN, or another account's secret. */
export class VaultKeyError extends Error {
  constructor() {
    super('This key does not open the vault.');
    this.name = 'VaultKeyError';
  }
}

/** A stored record is damaged or was changed: it cannot be read, and it is left as it is. */
export class VaultDataError extends Error {
  constructor(readonly recordKey: string) {
    super(`The saved "${recordKey}" could not be read on this device. It has been left untouched.`);
    this.name = 'VaultDataError';
  }
}

export type PinParams = { salt: string; rounds: number };

const te = new TextEncoder();
const td = new TextDecoder();

export function toBase64(bytes: Uint8Array | ArrayBuffer): string {
  const b = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let s = '';
  // In slices: one character per call is slow for a shared photo, the whole array at once overflows the stack.
  for (let i = 0; i < b.length; i += 0x8000) s += String.fromCharCode(...b.subarray(i, i + 0x8000));
  return btoa(s);
}

export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const normal = text.replace(/-/g, '+').replace(/_/g, '/');
  const padded = normal + '='.repeat((4 - (normal.length % 4)) % 4);
  const s = atob(padded);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

export function randomBytes(n: number): Uint8Array<ArrayBuffer> {
  return crypto.getRandomValues(new Uint8Array(n));
}

export function newPinParams(): PinParams {
  return { salt: toBase64(randomBytes(16)), rounds: PIN_ROUNDS };
}

async function stretchPin(pin: string, params: PinParams): Promise<Uint8Array> {
  const base = await crypto.subtle.importKey('raw', te.encode(pin), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: fromBase64(params.salt), iterations: params.rounds },
    base,
    256,
  );
  return new Uint8Array(bits);
}

/** The KEK of one account: from the server's secret (base64url), and the PIN when one is set. */
export async function deriveKek(
  secret: string,
  accountId: string,
  pin?: { pin: string; params: PinParams },
): Promise<CryptoKey> {
  const secretBytes = fromBase64(secret);
  const pinBytes = pin ? await stretchPin(pin.pin, pin.params) : new Uint8Array(0);
  const ikm = new Uint8Array(secretBytes.length + pinBytes.length);
  ikm.set(secretBytes);
  ikm.set(pinBytes, secretBytes.length);
  const base = await crypto.subtle.importKey('raw', ikm, 'HKDF', false, ['deriveKey']);
  ikm.fill(0);
  return crypto.subtle.deriveKey(
    {
      name: 'HKDF',
      hash: 'SHA-256',
      salt: te.encode(accountId),
      info: te.encode(`solace-vault-v${VERSION} kek${pin ? ' pin' : ''}`),
    },
    base,
    { name: 'AES-KW', length: 256 },
    false,
    ['wrapKey', 'unwrapKey'],
  );
}

/** A new random data key, wrapped by `kek`. Only the wrapped form leaves this function. */
export async function newWrappedDataKey(kek: CryptoKey): Promise<string> {
  const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt', 'decrypt']);
  return toBase64(new Uint8Array(await crypto.subtle.wrapKey('raw', key, kek, 'AES-KW')));
}

/** Unwraps the data key into memory; `forRewrap` keeps it exportable only to wrap it again at once. */
export async function unwrapDataKey(wrapped: string, kek: CryptoKey, forRewrap = false): Promise<CryptoKey> {
  try {
    return await crypto.subtle.unwrapKey(
      'raw',
      fromBase64(wrapped),
      kek,
      'AES-KW',
      { name: 'AES-GCM', length: 256 },
      forRewrap,
      ['encrypt', 'decrypt'],
    );
  } catch {
    // AES-KW's integrity check fails for any other KEK.
    throw new VaultKeyError();
  }
}

/** The same data key wrapped by another KEK (PIN set, changed or removed): records stay as they are. */
export async function rewrapDataKey(wrapped: string, from: CryptoKey, to: CryptoKey): Promise<string> {
  const key = await unwrapDataKey(wrapped, from, true);
  return toBase64(new Uint8Array(await crypto.subtle.wrapKey('raw', key, to, 'AES-KW')));
}

function aad(accountId: string, recordKey: string): Uint8Array<ArrayBuffer> {
  return te.encode(`solace-vault-v${VERSION}:${accountId}:${recordKey}`);
}

/** One record as stored: `v1.<iv>.<ciphertext>` (base64). */
export async function encryptRecord(
  key: CryptoKey,
  accountId: string,
  recordKey: string,
  value: unknown,
): Promise<string> {
  const iv = randomBytes(12);
  const plain = te.encode(JSON.stringify(value));
  const ct = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: aad(accountId, recordKey) },
    key,
    plain,
  );
  plain.fill(0);
  return `v${VERSION}.${toBase64(iv)}.${toBase64(new Uint8Array(ct))}`;
}

/** The record's value; a damaged, changed or foreign record throws `VaultDataError`. */
export async function decryptRecord<T>(
  key: CryptoKey,
  accountId: string,
  recordKey: string,
  stored: string,
): Promise<T> {
  const [version, iv, ct] = stored.split('.');
  if (version !== `v${VERSION}` || !iv || !ct) throw new VaultDataError(recordKey);
  try {
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: fromBase64(iv), additionalData: aad(accountId, recordKey) },
      key,
      fromBase64(ct),
    );
    return JSON.parse(td.decode(plain)) as T;
  } catch {
    throw new VaultDataError(recordKey);
  }
}

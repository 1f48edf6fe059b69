/**
 * The advocate's key pair and the sealing of shares to it (docs/vault.md, "One key design for what comes
 * next"): HPKE (RFC 9180) with DHKEM P-256, HKDF-SHA256 and AES-256-GCM through @hpke/core, which runs on
 * WebCrypto. The private key leaves the advocate's browser only wrapped by AES-KW under a key from their
 * passphrase (PBKDF2-SHA256, 600 000 rounds), so the server holds nothing that opens a share.
 */
import { Aes256Gcm, CipherSuite, DhkemP256HkdfSha256, HkdfSha256 } from '@hpke/core';
import { fromBase64, toBase64 } from '../vault/crypto';

const suite = new CipherSuite({ kem: new DhkemP256HkdfSha256(), kdf: new HkdfSha256(), aead: new Aes256Gcm() });
/** Binds every sealed share to its purpose, so a sealed share cannot be taken for anything else. */
/**
 * What a sealed message is for, bound into its HPKE key schedule (`info`): a check-in note sealed for an alert
 * cannot be opened as a share, nor a share as a note, whatever its bytes say.
 */
export type SealPurpose = 'share' | 'checkin-note';
const INFO: Record<SealPurpose, Uint8Array<ArrayBuffer>> = {
  share: new TextEncoder().encode('solace advocate share v1'),
  'checkin-note': new TextEncoder().encode('solace check-in note v1'),
};
/** The length of the KEM's encapsulated key for P-256 (an uncompressed point): it leads each sealed share. */
const ENC_BYTES = 65;
export const PASSPHRASE_ROUNDS = 600_000;

export { fromBase64, toBase64 };

/** What `PUT /api/advocate/keys` stores: the public key, and the private key wrapped under the passphrase. */
export type AdvocateKeys = { public_key: string; wrapped_private_key: string };

/** The wrapped private key's form, as JSON inside `wrapped_private_key`. */
type Wrapped = { v: 1; kdf: 'PBKDF2-SHA256'; rounds: number; salt: string; key: string };

async function passphraseKey(passphrase: string, salt: Uint8Array<ArrayBuffer>, rounds: number): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey('raw', new TextEncoder().encode(passphrase), 'PBKDF2', false, [
    'deriveKey',
  ]);
  return crypto.subtle.deriveKey(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations: rounds },
    material,
    { name: 'AES-KW', length: 256 },
    false,
    ['wrapKey', 'unwrapKey'],
  );
}

// AES-KW wraps only keys: the private scalar (32 bytes) travels through WebCrypto as raw HMAC key material,
// the one key type that takes any bytes as they are; nothing uses it as an HMAC key.
const CARRIER = { name: 'HMAC', hash: 'SHA-256' } as const;

/** Makes the advocate's key pair in this browser; `rounds` is lowered only by unit tests. */
export async function makeAdvocateKeys(passphrase: string, rounds = PASSPHRASE_ROUNDS): Promise<AdvocateKeys> {
  const pair = await suite.kem.generateKeyPair();
  const publicKey = await suite.kem.serializePublicKey(pair.publicKey);
  const secret = new Uint8Array(await suite.kem.serializePrivateKey(pair.privateKey));
  const carrier = await crypto.subtle.importKey('raw', secret, CARRIER, true, ['sign']);
  secret.fill(0);
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const kek = await passphraseKey(passphrase, salt, rounds);
  const wrapped = await crypto.subtle.wrapKey('raw', carrier, kek, 'AES-KW');
  const form: Wrapped = { v: 1, kdf: 'PBKDF2-SHA256', rounds, salt: toBase64(salt), key: toBase64(wrapped) };
  return { public_key: toBase64(publicKey), wrapped_private_key: JSON.stringify(form) };
}

/** A wrong passphrase: AES-KW's integrity check refuses it. */
export class WrongPassphraseError extends Error {
  constructor() {
    super('That passphrase does not open this key.');
    this.name = 'WrongPassphraseError';
  }
}

/** Opens the advocate's private key with their passphrase; it lives only in memory from then on. */
export async function unlockAdvocateKey(wrappedPrivateKey: string, passphrase: string): Promise<CryptoKey> {
  const form = JSON.parse(wrappedPrivateKey) as Wrapped;
  if (form.v !== 1 || form.kdf !== 'PBKDF2-SHA256') throw new Error('Unknown key form.');
  const kek = await passphraseKey(passphrase, fromBase64(form.salt), form.rounds);
  let carrier: CryptoKey;
  try {
    carrier = await crypto.subtle.unwrapKey('raw', fromBase64(form.key), kek, 'AES-KW', CARRIER, true, ['sign']);
  } catch {
    throw new WrongPassphraseError();
  }
  const secret = new Uint8Array(await crypto.subtle.exportKey('raw', carrier));
  try {
    return await suite.kem.deserializePrivateKey(secret);
  } finally {
    secret.fill(0);
  }
}

/** Seals `plaintext` to the advocate's public key (base64, as the server lists it): enc || ciphertext. */
export async function sealToAdvocate(
  publicKey: string,
  plaintext: Uint8Array<ArrayBuffer>,
  purpose: SealPurpose,
): Promise<Uint8Array> {
  const recipientPublicKey = await suite.kem.deserializePublicKey(fromBase64(publicKey));
  const sender = await suite.createSenderContext({ recipientPublicKey, info: INFO[purpose] });
  const ct = new Uint8Array(await sender.seal(plaintext));
  const out = new Uint8Array(ENC_BYTES + ct.length);
  out.set(new Uint8Array(sender.enc), 0);
  out.set(ct, ENC_BYTES);
  return out;
}

/** Opens what `sealToAdvocate` made, with the advocate's unlocked private key. */
export async function openSealed(
  privateKey: CryptoKey,
  sealed: Uint8Array<ArrayBuffer>,
  purpose: SealPurpose,
): Promise<Uint8Array> {
  const recipient = await suite.createRecipientContext({
    recipientKey: privateKey,
    enc: sealed.slice(0, ENC_BYTES),
    info: INFO[purpose],
  });
  return new Uint8Array(await recipient.open(sealed.slice(ENC_BYTES)));
}

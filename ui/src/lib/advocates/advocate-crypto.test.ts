// @vitest-environment node
// In Node's own environment: WebCrypto there refuses the buffers jsdom's globals make.
import { describe, expect, it } from 'vitest';
import { safetyCode, spokenSafetyCode } from './safety-code';
import {
  fromBase64,
  makeAdvocateKeys,
  openSealed,
  sealToAdvocate,
  unlockAdvocateKey,
  WrongPassphraseError,
} from './sealing';

// A few rounds keep the test quick; the key form records them, and the app always uses 600 000.
const ROUNDS = 1000;

describe('the safety code', () => {
  it('is six digits, the same for the same key, account and code, and differs when any of them does', async () => {
    const { public_key } = await makeAdvocateKeys('river stone lantern', ROUNDS);
    const other = (await makeAdvocateKeys('river stone lantern', ROUNDS)).public_key;
    const code = await safetyCode(public_key, 'her-account', '1234 5678');
    expect(code).toMatch(/^\d{6}$/);
    expect(await safetyCode(public_key, 'her-account', '12345678')).toBe(code);
    // A swapped key, another account or another pairing code each give another code (a chance of 1 in a million
    // of a clash for random inputs; these inputs are fixed by the keys just made).
    const others = await Promise.all([
      safetyCode(other, 'her-account', '12345678'),
      safetyCode(public_key, 'another-account', '12345678'),
      safetyCode(public_key, 'her-account', '12345679'),
    ]);
    for (const o of others) expect(o).not.toBe(code);
    expect(spokenSafetyCode('042917')).toBe('042 917');
  });
});

describe('sealing to an advocate', () => {
  it('opens with the passphrase, refuses a wrong one, and any changed byte', async () => {
    const keys = await makeAdvocateKeys('river stone lantern', ROUNDS);
    expect(fromBase64(keys.public_key)).toHaveLength(65);
    // The private key is not in what the server stores, only its wrapped form.
    expect(JSON.parse(keys.wrapped_private_key)).toMatchObject({ v: 1, kdf: 'PBKDF2-SHA256', rounds: ROUNDS });

    const words = new TextEncoder().encode('He took my phone on the 3rd.');
    const sealed = await sealToAdvocate(keys.public_key, words, 'share');
    expect(new TextDecoder().decode(sealed)).not.toContain('phone');
    const key = await unlockAdvocateKey(keys.wrapped_private_key, 'river stone lantern');
    expect(new TextDecoder().decode(await openSealed(key, new Uint8Array(sealed), 'share'))).toBe('He took my phone on the 3rd.');

    await expect(unlockAdvocateKey(keys.wrapped_private_key, 'river stone lanterns')).rejects.toBeInstanceOf(
      WrongPassphraseError,
    );
    const changed = new Uint8Array(sealed);
    changed[changed.length - 1] ^= 1;
    await expect(openSealed(key, changed, 'share')).rejects.toThrow();
    // Sealed to another advocate: this key does not open it.
    const other = await makeAdvocateKeys('another', ROUNDS);
    const notOurs = await sealToAdvocate(other.public_key, words, 'share');
    await expect(openSealed(key, new Uint8Array(notOurs), 'share')).rejects.toThrow();
  });
});

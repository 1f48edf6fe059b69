import { describe, expect, it } from 'vitest';
import {
  decryptRecord,
  deriveKek,
  encryptRecord,
  newPinParams,
  newWrappedDataKey,
  rewrapDataKey,
  toBase64,
  randomBytes,
  unwrapDataKey,
  VaultDataError,
  VaultKeyError,
} from './crypto';

const secret = () => toBase64(randomBytes(32)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const entries = [{ id: '1', content: 'He took my phone again today.', timestamp: 1, aiResponse: 'You matter.' }];

async function openedKey(s: string, account = 'acc-1') {
  const kek = await deriveKek(s, account);
  const wrapped = await newWrappedDataKey(kek);
  return { kek, wrapped, key: await unwrapDataKey(wrapped, kek) };
}

describe('vault crypto', () => {
  it('round-trips a record, with a fresh IV per write and no plain text in the stored form', async () => {
    const s = secret();
    const { key, wrapped } = await openedKey(s);
    const a = await encryptRecord(key, 'acc-1', 'journal-entries', entries);
    const b = await encryptRecord(key, 'acc-1', 'journal-entries', entries);
    expect(a).not.toBe(b);
    expect(a).not.toContain('phone');
    expect(atob(a.split('.')[2]!)).not.toContain('phone');
    expect(await decryptRecord(key, 'acc-1', 'journal-entries', a)).toEqual(entries);
    // The same secret and account reopen the same data key on a later visit.
    const again = await unwrapDataKey(wrapped, await deriveKek(s, 'acc-1'));
    expect(await decryptRecord(again, 'acc-1', 'journal-entries', b)).toEqual(entries);
  });

  it('keeps the data key non-extractable in memory', async () => {
    const { key } = await openedKey(secret());
    expect(key.extractable).toBe(false);
    await expect(crypto.subtle.exportKey('raw', key)).rejects.toThrow();
  });

  it('refuses another secret, another account and a wrong PIN with a clear key error', async () => {
    const s = secret();
    const { wrapped } = await openedKey(s);
    await expect(unwrapDataKey(wrapped, await deriveKek(secret(), 'acc-1'))).rejects.toBeInstanceOf(VaultKeyError);
    await expect(unwrapDataKey(wrapped, await deriveKek(s, 'acc-2'))).rejects.toBeInstanceOf(VaultKeyError);

    const params = newPinParams();
    const withPin = await deriveKek(s, 'acc-1', { pin: '2468', params });
    const pinWrapped = await rewrapDataKey(wrapped, await deriveKek(s, 'acc-1'), withPin);
    await expect(
      unwrapDataKey(pinWrapped, await deriveKek(s, 'acc-1', { pin: '1357', params })),
    ).rejects.toThrow('This key does not open the vault.');
    await expect(unwrapDataKey(pinWrapped, await deriveKek(s, 'acc-1'))).rejects.toBeInstanceOf(VaultKeyError);
  });

  it('re-wrapping for a PIN keeps every record readable', async () => {
    const s = secret();
    const { kek, wrapped, key } = await openedKey(s);
    const stored = await encryptRecord(key, 'acc-1', 'safety-plan-items', [{ id: 'x', category: 'c', content: 'Go to Mia' }]);
    const params = newPinParams();
    const pinKek = await deriveKek(s, 'acc-1', { pin: '0000', params });
    const pinWrapped = await rewrapDataKey(wrapped, kek, pinKek);
    const reopened = await unwrapDataKey(pinWrapped, await deriveKek(s, 'acc-1', { pin: '0000', params }));
    expect(await decryptRecord(reopened, 'acc-1', 'safety-plan-items', stored)).toEqual([
      { id: 'x', category: 'c', content: 'Go to Mia' },
    ]);
  });

  it('names a tampered, moved or foreign record and leaves the stored text as it was', async () => {
    const { key } = await openedKey(secret());
    const stored = await encryptRecord(key, 'acc-1', 'mood-entries', [{ id: 'm', date: '2026-01-01', mood: 3, notes: '' }]);
    const [v, iv, ct] = stored.split('.');
    const bytes = atob(ct!);
    const flipped = btoa(String.fromCharCode(bytes.charCodeAt(0) ^ 1) + bytes.slice(1));
    const tampered = `${v}.${iv}.${flipped}`;
    const copy = tampered;
    await expect(decryptRecord(key, 'acc-1', 'mood-entries', tampered)).rejects.toThrow(
      'The saved "mood-entries" could not be read on this device. It has been left untouched.',
    );
    expect(tampered).toBe(copy);
    // Moved to another record key or another account: refused too (the name is bound to the ciphertext).
    await expect(decryptRecord(key, 'acc-1', 'journal-entries', stored)).rejects.toBeInstanceOf(VaultDataError);
    await expect(decryptRecord(key, 'acc-2', 'mood-entries', stored)).rejects.toBeInstanceOf(VaultDataError);
    await expect(decryptRecord(key, 'acc-1', 'mood-entries', 'garbage')).rejects.toBeInstanceOf(VaultDataError);
    // The untouched original still opens.
    expect(await decryptRecord(key, 'acc-1', 'mood-entries', stored)).toHaveLength(1);
  });
});

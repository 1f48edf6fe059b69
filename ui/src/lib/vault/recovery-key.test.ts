import { beforeEach, describe, expect, it } from 'vitest';
import { randomBytes, toBase64, VaultKeyError } from './crypto';
import { decodeRecord, encodeRecord } from './copy-format';
import { openRecord, prepareRecord } from './record-store';
import { formatRecoveryKey, newRecoveryKey, parseRecoveryKey, unwrapWithRecovery } from './recovery-key';
import { readMeta } from './storage-layout';
import { openVault, restoreVault, unlockWithPin, type OpenVault } from './vault-store';

const ACCOUNT = 'acc-1';
const secret = toBase64(randomBytes(32)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const entry = { id: '1', content: 'He took my phone again today.' };

async function firstDevice(): Promise<OpenVault> {
  const opening = await openVault(ACCOUNT, secret);
  if (opening.kind !== 'open') throw new Error('not open');
  return opening.vault;
}

/** A record as the copy holds it: sealed on one device, carried as bytes. */
async function sealedForCopy(vault: OpenVault) {
  const prepared = await prepareRecord(vault, { id: 'j-1', kind: 'journal-entries', version: 1 }, entry);
  return encodeRecord(prepared.records[0]) as Uint8Array<ArrayBuffer>;
}

/** Another device: nothing of this account's on it. */
function newDevice() {
  localStorage.clear();
}

beforeEach(() => localStorage.clear());

describe('the recovery key', () => {
  it('is 160 random bits in 8 groups of 4 Crockford characters, read back whatever the case, spaces and look-alikes', () => {
    const key = newRecoveryKey();
    expect(key).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){7}$/);
    expect(newRecoveryKey()).not.toBe(key);
    const bytes = parseRecoveryKey(key)!;
    expect(bytes).toHaveLength(20);
    expect(formatRecoveryKey(bytes)).toBe(key);
    const typed = key.toLowerCase().replace(/-/g, ' ').replace(/0/g, 'o').replace(/1/g, 'l');
    expect(parseRecoveryKey(typed)).toEqual(bytes);
    expect(parseRecoveryKey(key.slice(0, -1))).toBeNull();
    expect(parseRecoveryKey(key.replace(/.$/, 'U'))).toBeNull();
  });

  it('brings the data key to a new device: what one device sealed, the other opens', async () => {
    const a = await firstDevice();
    const rk = newRecoveryKey();
    const wrap = await a.recoveryWrap(rk);
    expect(wrap).not.toContain(rk);
    const sealed = await sealedForCopy(a);

    newDevice();
    const b = await restoreVault(ACCOUNT, secret, wrap, rk);
    const record = decodeRecord(ACCOUNT, 'j-1', 'journal-entries', 1, sealed);
    expect(await openRecord(b, record)).toEqual(entry);
    // The new device keeps the same key id, so both know they share one copy.
    expect(readMeta(ACCOUNT)?.dk).toBe(a.dataKeyId());
  });

  it('a wrong recovery key is refused and leaves the device as it was', async () => {
    const a = await firstDevice();
    const wrap = await a.recoveryWrap(newRecoveryKey());
    const rk = newRecoveryKey();
    const otherWrap = await a.recoveryWrap(rk);
    newDevice();
    await expect(restoreVault(ACCOUNT, secret, wrap, newRecoveryKey())).rejects.toBeInstanceOf(VaultKeyError);
    await expect(restoreVault(ACCOUNT, secret, wrap, 'not a key')).rejects.toBeInstanceOf(VaultKeyError);
    expect(localStorage.length).toBe(0);
    // Another account's wrap does not open with this account's id either.
    await expect(unwrapWithRecovery(otherWrap, rk, 'acc-2')).rejects.toBeInstanceOf(VaultKeyError);
  });

  it('a new recovery key replaces the old one; the records stay readable', async () => {
    const a = await firstDevice();
    const oldKey = newRecoveryKey();
    const oldWrap = await a.recoveryWrap(oldKey);
    const newKey = newRecoveryKey();
    const newWrap = await a.recoveryWrap(newKey);
    const sealed = await sealedForCopy(a);
    // The server keeps only the newest wrap: the old key does not open it.
    await expect(unwrapWithRecovery(newWrap, oldKey, ACCOUNT)).rejects.toBeInstanceOf(VaultKeyError);
    expect(oldWrap).not.toBe(newWrap);
    newDevice();
    const b = await restoreVault(ACCOUNT, secret, newWrap, newKey);
    expect(await openRecord(b, decodeRecord(ACCOUNT, 'j-1', 'journal-entries', 1, sealed))).toEqual(entry);
  });

  it('a PIN set after the copy re-wraps only this device: records and the recovery key keep working', async () => {
    const a = await firstDevice();
    await a.set('journal-entries', [entry]);
    const rk = newRecoveryKey();
    const wrap = await a.recoveryWrap(rk);
    const sealed = await sealedForCopy(a);
    await a.changePin('4826');
    const again = await unlockWithPin(ACCOUNT, secret, '4826');
    if (again.kind !== 'open') throw new Error('not open');
    expect(again.vault.get('journal-entries')).toEqual([entry]);
    expect(again.vault.dataKeyId()).toBe(a.dataKeyId());
    newDevice();
    const b = await restoreVault(ACCOUNT, secret, wrap, rk);
    expect(await openRecord(b, decodeRecord(ACCOUNT, 'j-1', 'journal-entries', 1, sealed))).toEqual(entry);
  });
});

// @vitest-environment node
// The HPKE library meets jsdom's ArrayBuffer from another realm than Node's WebCrypto; in the browser there is one.
import { beforeEach, describe, expect, it } from 'vitest';
import { randomBytes, toBase64 } from './crypto';
import { canWriteOffline, drainOutbox, ensureOutboxKey, sealJournalOffline, sealOffline, waitingOffline, type OfflineItem } from './outbox';
import { openVault } from './vault-store';
import { installMemoryStorage } from '../test-utils/memory-storage';

const localStorage = installMemoryStorage();

const ACCOUNT = 'acc-1';
const secret = toBase64(randomBytes(32)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const WORDS = 'Written on the bus with no signal';

async function open() {
  const opening = await openVault(ACCOUNT, secret);
  if (opening.kind !== 'open') throw new Error('not open');
  return opening.vault;
}

beforeEach(() => localStorage.clear());

describe('writing offline', () => {
  it('seals to the outbox without the vault; only the open vault brings the entry into the journal', async () => {
    expect(canWriteOffline(ACCOUNT)).toBe(false);
    await ensureOutboxKey(await open());
    expect(canWriteOffline(ACCOUNT)).toBe(true);

    // Offline: no vault, only the public key.
    await sealJournalOffline(ACCOUNT, WORDS, 1_700_000_000_000);
    expect(waitingOffline(ACCOUNT)).toBe(1);
    expect(JSON.stringify(localStorage.all())).not.toContain(WORDS);

    // Online again (a reload: a new vault object from storage).
    const vault = await open();
    expect(await drainOutbox(vault)).toBe(1);
    expect(vault.get('journal-entries')).toEqual([{ id: '1700000000000', content: WORDS, timestamp: 1_700_000_000_000, aiResponse: '' }]);
    expect(waitingOffline(ACCOUNT)).toBe(0);
    expect(await drainOutbox(vault)).toBe(0);
  });

  it('an entry sealed to another key pair stays in the outbox, untouched', async () => {
    await ensureOutboxKey(await open());
    await sealJournalOffline(ACCOUNT, WORDS);
    const sealed = localStorage.getItem(`queue:${ACCOUNT}`);
    expect(sealed).not.toBeNull();
    // Another device's (or a replaced) private key cannot open it.
    localStorage.removeItem(`queue-key:${ACCOUNT}`);
    const vault = await open();
    await vault.set('outbox-private', null);
    await ensureOutboxKey(vault);
    expect(await drainOutbox(vault)).toBe(0);
    expect(localStorage.getItem(`queue:${ACCOUNT}`)).toBe(sealed);
  });

  it('hands each kind to its own intake, oldest first; an item without an intake here, or whose intake fails, waits', async () => {
    await ensureOutboxKey(await open());
    await sealOffline(ACCOUNT, { kind: 'mood', data: { mood: 2, notes: WORDS } }, 1);
    await sealJournalOffline(ACCOUNT, 'second', 2);
    await sealOffline(ACCOUNT, { kind: 'mood', data: { mood: 4, notes: 'third' } }, 3);
    expect(waitingOffline(ACCOUNT)).toBe(3);
    expect(JSON.stringify(localStorage.all())).not.toContain(WORDS);

    const vault = await open();
    // A screen that is not there yet: its items wait, the journal's come in.
    expect(await drainOutbox(vault)).toBe(1);
    expect(waitingOffline(ACCOUNT)).toBe(2);

    const taken: OfflineItem[] = [];
    let fail = true;
    const mood = async (_v: unknown, item: OfflineItem) => {
      if (fail) {
        fail = false;
        throw new Error('no room');
      }
      taken.push(item);
    };
    expect(await drainOutbox(vault, { mood })).toBe(1);
    expect(taken.map((i) => i.writtenAt)).toEqual([3]);
    expect(await drainOutbox(vault, { mood })).toBe(1);
    expect(taken.map((i) => [i.writtenAt, i.data])).toEqual([[3, { mood: 4, notes: 'third' }], [1, { mood: 2, notes: WORDS }]]);
    expect(waitingOffline(ACCOUNT)).toBe(0);
  });
});

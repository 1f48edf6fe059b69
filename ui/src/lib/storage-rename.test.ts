// @vitest-environment node
// The vault's WebCrypto needs Node's own realm (see outbox.test.ts); storage is a plain map.
import { beforeEach, describe, expect, it } from 'vitest';
import { randomBytes, toBase64 } from './vault/crypto';
import { openVault } from './vault/vault-store';
import { STORAGE_KEYS } from './storage-keys';
import { renameOldStorage } from './storage-rename';
import { AUTH_STORAGE_KEY } from './auth-client';
import { neutralUserStore } from './auth-user-store';
import { installMemoryStorage } from './test-utils/memory-storage';

const localStorage = installMemoryStorage();

const ACCOUNT = '5b0c6d1e-2f3a-4b5c-8d9e-0f1a2b3c4d5e';
const secret = toBase64(randomBytes(32)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const HERS = 'Written the night he took my phone';
const HER_ADDRESS = 'quiet-river@sign-in.invalid';

/** What anyone reading the device's storage learns from its names alone. */
const TELLING = /solace|vault|journal|mood|safety|advocate|outbox|copy-state|logged/i;

async function open() {
  const opening = await openVault(ACCOUNT, secret);
  if (opening.kind !== 'open') throw new Error('not open');
  return opening.vault;
}

/** The names a device written by the app before this change holds (what the old code wrote). */
function asOldDevice(): void {
  const now = localStorage.all();
  localStorage.clear();
  const oldName = (key: string): string => {
    const m = /^data:([^:]+):(\d+)(.*)$/.exec(key);
    if (m) {
      const record = ['journal-entries', 'safety-plan-items', 'mood-entries', 'journal-draft', 'advocate-shares', 'advocate-standing', 'copy-state', 'outbox-private'][Number(m[2]) - 1];
      return `vault:${m[1]}:${record}${m[3]}`;
    }
    return key.replace(/^keys:/, 'vault-key:').replace(/^queue-key:/, 'outbox-key:').replace(/^queue:/, 'outbox:');
  };
  for (const [k, v] of Object.entries(now)) localStorage.setItem(oldName(k), v);
}

beforeEach(() => localStorage.clear());

describe('storage names that give nothing away', () => {
  it('the vault keeps her records under names that say neither the app nor what she keeps', async () => {
    const vault = await open();
    await vault.set(STORAGE_KEYS.journal, [{ id: 1, text: HERS }]);
    await vault.set(STORAGE_KEYS.mood, [{ id: 1, mood: 3 }]);
    await vault.set(STORAGE_KEYS.advocateShares, []);
    await vault.flushed();
    expect(Object.keys(localStorage.all()).filter((k) => TELLING.test(k))).toEqual([]);
  });

  it('moves a device written under the old names once, and nothing she kept is lost', async () => {
    const vault = await open();
    await vault.set(STORAGE_KEYS.journal, [{ id: 1, text: HERS }]);
    await vault.set(STORAGE_KEYS.mood, [{ id: 1, mood: 3 }]);
    await vault.flushed();
    asOldDevice();
    localStorage.setItem('vault:' + ACCOUNT + ':journal-entries#unreadable-1700000000000', 'damaged');
    localStorage.setItem('lastLoggedInEmail', 'quiet-river');
    localStorage.setItem(
      'solace-auth',
      JSON.stringify({ access_token: 'a', refresh_token: 'r', expires_at: 1, user: { id: ACCOUNT, email: HER_ADDRESS, identities: [{ identity_data: { email: HER_ADDRESS } }], app_metadata: { providers: ['email'] } } }),
    );
    expect(Object.keys(localStorage.all()).some((k) => k.startsWith('vault:'))).toBe(true);

    renameOldStorage(localStorage);
    renameOldStorage(localStorage); // a second start changes nothing

    const names = Object.keys(localStorage.all());
    expect(names.filter((k) => TELLING.test(k))).toEqual([]);
    expect(JSON.stringify(localStorage.all())).not.toContain('sign-in.invalid');
    // Her records open as before, under the same key.
    const reopened = await open();
    expect(reopened.get(STORAGE_KEYS.journal)).toEqual([{ id: 1, text: HERS }]);
    expect(reopened.get(STORAGE_KEYS.mood)).toEqual([{ id: 1, mood: 3 }]);
    expect(names.some((k) => k.endsWith('#unreadable-1700000000000'))).toBe(true);
    expect(localStorage.getItem(STORAGE_KEYS.lastEmail)).toBe('quiet-river');
    // The session stays (she is still signed in), without her address; auth-js reads the user beside it.
    const session = JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY) ?? '{}') as Record<string, unknown>;
    expect(session).toEqual({ access_token: 'a', refresh_token: 'r', expires_at: 1 });
    const user = JSON.parse(localStorage.getItem(`${AUTH_STORAGE_KEY}-user`) ?? '{}') as { user: Record<string, unknown> };
    expect(user.user).toEqual({ id: ACCOUNT, app_metadata: { providers: ['email'] } });
  });

  it('leaves an old name in place when the new one already holds something (nothing is overwritten)', () => {
    localStorage.setItem('lastLoggedInEmail', 'older');
    localStorage.setItem(STORAGE_KEYS.lastEmail, 'newer');
    renameOldStorage(localStorage);
    expect(localStorage.getItem(STORAGE_KEYS.lastEmail)).toBe('newer');
    expect(localStorage.getItem('lastLoggedInEmail')).toBe('older');
  });

  it('the user auth-js keeps beside the session holds nothing of who she is', () => {
    neutralUserStore.setItem(
      `${AUTH_STORAGE_KEY}-user`,
      JSON.stringify({ user: { id: ACCOUNT, email: HER_ADDRESS, phone: '', user_metadata: { email: HER_ADDRESS }, identities: [], app_metadata: {} } }),
    );
    expect(JSON.stringify(localStorage.all())).not.toContain(HER_ADDRESS);
    expect(JSON.parse(neutralUserStore.getItem(`${AUTH_STORAGE_KEY}-user`) ?? '{}')).toEqual({ user: { id: ACCOUNT, app_metadata: {} } });
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import { ServerFullError, type CopyApi, type CopyIndex } from './copy-client';
import { randomBytes, toBase64 } from './crypto';
import { CopySync } from './copy-sync';
import { newRecoveryKey } from './recovery-key';
import { openVault, restoreVault, type OpenVault } from './vault-store';

const ACCOUNT = 'acc-1';
const secret = toBase64(randomBytes(32)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** The copy's routes in memory, with the server's rule: a record's version must grow. */
function fakeServer() {
  const records = new Map<string, { kind: string; version: number; data: Uint8Array<ArrayBuffer> }>();
  let wrap: string | null = null;
  const api = {
    async index(): Promise<CopyIndex> {
      return {
        keys: wrap ? { recovery_wrap: wrap, outbox_public_key: null } : null,
        records: [...records].map(([id, r]) => ({ id, kind: r.kind, version: r.version, size: r.data.length, updated_at: '' })),
        bytes: [...records.values()].reduce((n, r) => n + r.data.length, 0),
        limit_bytes: 1 << 30,
        updated_at: null,
      };
    },
    async putKeys(w: string) {
      wrap = w;
    },
    async putRecord(id: string, kind: string, version: number, data: Uint8Array) {
      const old = records.get(id);
      if (old && old.version >= version) return false;
      records.set(id, { kind, version, data: new Uint8Array(data) });
      return true;
    },
    async getRecord(id: string) {
      return records.get(id) ?? null;
    },
    async deleteRecord(id: string) {
      records.delete(id);
    },
  };
  return { api: api as unknown as CopyApi, records };
}

type Entry = { id: string; content: string };
const journal = (v: OpenVault) => (v.get('journal-entries') as Entry[] | undefined) ?? [];

/** Two devices of one account: A made the copy; B was restored from it with the recovery key. */
async function twoDevices() {
  const server = fakeServer();
  const opening = await openVault(ACCOUNT, secret);
  if (opening.kind !== 'open') throw new Error('not open');
  const a = opening.vault;
  const rk = newRecoveryKey();
  await server.api.putKeys(await a.recoveryWrap(rk));
  // Each device keeps its own storage: B's is a copy of nothing, then its restore.
  const aStorage = { ...localStorage };
  localStorage.clear();
  const wrap = (await server.api.index())!.keys!.recovery_wrap!;
  const b = await restoreVault(ACCOUNT, secret, wrap, rk);
  const bStorage = { ...localStorage };
  // Both vaults are open in memory; their writes to one jsdom storage do not matter to what they hold.
  Object.assign(localStorage, aStorage, bStorage);
  return { server, a: new CopySync(a, server.api), b: new CopySync(b, server.api) };
}

beforeEach(() => localStorage.clear());

describe('keeping two devices in step', () => {
  it('a server without room (507) is said as such, keeps the entry here and copies it once there is room', async () => {
    const { a, server } = await twoDevices();
    const put = server.api.putRecord;
    server.api.putRecord = () => Promise.reject(new ServerFullError());
    await a.vault.set('journal-entries', [{ id: '1', content: 'Kept here' }]);
    await a.sync();
    expect(a.status.problem).toBe('server-full');
    expect(journal(a.vault)).toEqual([{ id: '1', content: 'Kept here' }]);
    expect(server.records.size).toBe(0);
    server.api.putRecord = put;
    await a.sync();
    a.stop();
    expect(a.status.problem).toBeNull();
    expect([...server.records.keys()]).toEqual(['j-1']);
  });

  it('an entry written on one reaches the other; a removal spreads', async () => {
    const { a, b, server } = await twoDevices();
    await a.vault.set('journal-entries', [{ id: '1', content: 'From A' }]);
    await a.sync();
    expect(a.status.mode).toBe('on');
    expect([...server.records.keys()]).toEqual(['j-1']);
    await b.sync();
    expect(journal(b.vault)).toEqual([{ id: '1', content: 'From A' }]);

    await b.vault.set('journal-entries', []);
    await b.sync();
    expect(server.records.size).toBe(0);
    await a.sync();
    expect(journal(a.vault)).toEqual([]);
  });

  it('both change one entry: the higher version wins and the other is kept beside it, nothing dropped', async () => {
    const { a, b, server } = await twoDevices();
    await a.vault.set('journal-entries', [{ id: '1', content: 'First words' }]);
    await a.sync();
    await b.sync();
    await a.vault.set('journal-entries', [{ id: '1', content: 'Changed on A' }]);
    await b.vault.set('journal-entries', [{ id: '1', content: 'Changed on B' }]);
    await a.sync(); // version 2 from A
    await b.sync(); // B's version 2 is refused; A's comes in, B's is kept as a conflict copy
    await a.sync();
    for (const device of [a, b]) {
      const contents = journal(device.vault).map((e) => e.content).sort();
      expect(contents).toEqual(['Changed on A', 'Changed on B']);
      expect(journal(device.vault).find((e) => e.id === '1')?.content).toBe('Changed on A');
    }
    expect(server.records.get('j-1')?.version).toBe(2);
    expect(server.records.size).toBe(2);
  });

  it('sends nothing until the copy is under this device key, and nothing readable at all', async () => {
    const server = fakeServer();
    const opening = await openVault(ACCOUNT, secret);
    if (opening.kind !== 'open') throw new Error('not open');
    const sync = new CopySync(opening.vault, server.api);
    await opening.vault.set('journal-entries', [{ id: '1', content: 'Words only she reads' }]);
    await sync.sync();
    expect(sync.status.mode).toBe('no-key');
    expect(server.records.size).toBe(0);
    await server.api.putKeys(await opening.vault.recoveryWrap(newRecoveryKey()));
    await sync.sync();
    const data = new TextDecoder().decode(server.records.get('j-1')!.data);
    expect(data).not.toContain('Words only she reads');
  });
});

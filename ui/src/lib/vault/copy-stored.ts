import type { CopyApi, CopyRecordInfo } from './copy-client';
import { decodeChunk, decodeRecord, encodeChunk, encodeRecord } from './copy-format';
import { openRecord, prepareRecord, recordOpens, removeRecords, storedChunks, storedRecords, write, type StoredChunk } from './record-store';
import type { OpenVault } from './vault-store';

/** What a pass of the copy knows of each record it sent or took (kept encrypted in `copy-state`). */
export type Synced = { kind: string; version: number; hash?: string };

/** Attachments' chunks moving in the running pass, for a progress bar: down (from the copy) or up. */
export type Progress = { direction: 'down' | 'up'; done: number; total: number };

type Pass = {
  vault: OpenVault;
  api: CopyApi;
  items: Record<string, Synced>;
  isList(kind: string): boolean;
  progress(p: Progress | null): void;
  /** The server refused a version: one more pass after this one. */
  again(): void;
};

/**
 * The records record-store keeps in IndexedDB (the incident log and its attachments) against the copy
 * (docs/vault.md, "Sync"). A chunk brought down is written at once, so a download cut off (a reload, a closed tab,
 * a dropped connection) resumes after the chunks this device already holds; the attachment's record is written
 * only once every chunk is here, so nothing half-there shows. Chunks go up after asking which the server holds.
 */
export async function syncStored(pass: Pass, server: Map<string, CopyRecordInfo>): Promise<void> {
  // A browser without IndexedDB keeps no incident log to send.
  if (typeof indexedDB === 'undefined') return;
  await down(pass, server);
  await up(pass, server);
}

async function down(pass: Pass, server: Map<string, CopyRecordInfo>): Promise<void> {
  const { vault, api, items } = pass;
  const account = vault.accountId;
  const local = new Map((await storedRecords(account)).map((r) => [r.id, r]));
  const wanted = [...server.values()].filter((r) => {
    if (pass.isList(r.kind)) return false;
    const mine = local.get(r.id);
    const seen = items[r.id];
    if (mine) return r.version > mine.version;
    return !(seen && seen.version === r.version); // else: removed here, removed there (see `up`)
  });
  // Attachments first in the count: which chunks are missing here, for the progress bar.
  const missing = new Map<string, number[]>();
  let total = 0;
  let done = 0;
  for (const r of wanted.filter((x) => x.kind === 'attachment')) {
    const have = new Set((await storedChunks(account, r.id)).map((c) => c.index));
    const list = await api.chunkList(r.id);
    missing.set(r.id, list.filter((i) => !have.has(i)));
    total += list.length;
    done += list.length - (missing.get(r.id)?.length ?? 0);
  }
  if (total) pass.progress({ direction: 'down', done, total });
  for (const r of wanted) {
    const got = await api.getRecord(r.id);
    if (!got) continue;
    const record = decodeRecord(account, r.id, got.kind, got.version, got.data);
    if (!(await recordOpens(vault, record))) continue;
    if (record.kind === 'attachment') {
      for (const index of missing.get(r.id) ?? []) {
        await write({ records: [], chunks: [decodeChunk(account, r.id, index, await api.getChunk(r.id, index))] });
        pass.progress({ direction: 'down', done: ++done, total });
      }
      if (!(await storedChunks(account, r.id)).at(-1)?.last) continue; // Not whole on the server yet: the next pass takes it.
    }
    const mine = local.get(r.id);
    const seen = items[r.id];
    const extra = [];
    if (mine && seen && mine.version > seen.version && mine.kind !== 'attachment') {
      // Changed on both: the copy's is the higher version; this device's is kept as a conflict copy.
      const value = await openRecord(vault, mine);
      extra.push(await prepareRecord(vault, { id: `${r.id.slice(0, 50)}-c${Date.now().toString(36)}`, kind: mine.kind, version: 1 }, value));
    }
    await write({ records: [record], chunks: [] }, ...extra);
    items[r.id] = { kind: record.kind, version: record.version };
  }
  if (wanted.length) vault.changed(true);
}

async function up(pass: Pass, server: Map<string, CopyRecordInfo>): Promise<void> {
  const { vault, api, items } = pass;
  const account = vault.accountId;
  const local = new Map((await storedRecords(account)).map((r) => [r.id, r]));
  const sending = [...local.values()].filter((mine) => {
    const there = server.get(mine.id);
    return !(there && there.version >= mine.version) && !(!there && items[mine.id]?.version === mine.version);
  });
  // Which chunks the server lacks, first, so the bar counts only what goes up.
  const lacking = new Map<string, StoredChunk[]>();
  let total = 0;
  for (const mine of sending.filter((m) => m.kind === 'attachment')) {
    const held = new Set(await api.chunkList(mine.id));
    const list = (await storedChunks(account, mine.id)).filter((c) => !held.has(c.index));
    lacking.set(mine.id, list);
    total += list.length;
  }
  let done = 0;
  if (total) pass.progress({ direction: 'up', done, total });

  for (const mine of local.values()) {
    const there = server.get(mine.id);
    const seen = items[mine.id];
    if (there && there.version >= mine.version) {
      items[mine.id] ??= { kind: mine.kind, version: there.version };
      continue;
    }
    if (!there && seen && seen.version === mine.version) {
      // Removed on another device and unchanged here since.
      await removeRecords(vault, [mine.id]);
      delete items[mine.id];
      continue;
    }
    for (const c of lacking.get(mine.id) ?? []) {
      await api.putChunk(mine.id, c.index, encodeChunk(c));
      pass.progress({ direction: 'up', done: ++done, total });
    }
    if (await api.putRecord(mine.id, mine.kind, mine.version, encodeRecord(mine))) {
      items[mine.id] = { kind: mine.kind, version: mine.version };
    } else pass.again();
  }

  for (const [id, seen] of Object.entries(items)) {
    if (pass.isList(seen.kind) || local.has(id)) continue;
    const there = server.get(id);
    if (!there || there.version === seen.version) {
      if (there) {
        await api.deleteRecord(id);
        if (seen.kind === 'attachment') await api.deleteAttachment(id);
      }
      delete items[id];
    }
  }
}

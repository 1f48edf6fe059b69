import { STORAGE_KEYS } from '../storage-keys';
import { CopyFullError, type CopyApi, type CopyIndex, type CopyRecordInfo } from './copy-client';
import { prepareRecord, openRecord, recordOpens, removeRecords, storedChunks, storedRecords, write, type StoredChunk, type StoredRecord } from './record-store';
import { wrapDataKeyId } from './recovery-key';
import type { OpenVault } from './vault-store';

/**
 * Keeps this device and the account's encrypted copy on the server in step (docs/vault.md, "Sync"). Every item is
 * its own record on the server (a journal entry, a mood entry, a safety-plan item, an incident entry, an
 * attachment), sent as the ciphertext record-store makes: a record key wrapped by the account's data key, with
 * account, id, kind and version bound as additional data. Versions only grow. When both sides changed an item,
 * the higher version wins and the other one is kept beside it as a conflict copy; nothing is dropped.
 */

/** The lists kept in the vault's localStorage records, each of whose items is one record in the copy. */
const LIST_KINDS: Record<string, string> = {
  [STORAGE_KEYS.journal]: 'j',
  [STORAGE_KEYS.mood]: 'm',
  [STORAGE_KEYS.safetyPlan]: 's',
};

type Item = { id: string } & Record<string, unknown>;
type Synced = { kind: string; version: number; hash?: string };

/** Kept inside the vault (encrypted), as `copy-state`. */
export type CopyState = {
  v: 1;
  /** 'device-only': she keeps her records only here; 'postponed': the recovery-key step waits. */
  choice?: 'device-only' | 'postponed';
  /** What this device last sent to or took from the copy, per record id. */
  items: Record<string, Synced>;
};

export type CopyStatus = {
  /** 'off': the operator turned the copy off; 'no-key': no recovery key yet; 'apart': the copy is under another
   * data key than this device's; 'device-only': her choice; 'on': in step (or getting there); 'unreachable': not
   * known yet, the server could not be asked. */
  mode: 'unknown' | 'unreachable' | 'off' | 'no-key' | 'apart' | 'device-only' | 'on';
  syncing: boolean;
  /** Items on this device that are not yet in the copy. */
  waiting: number;
  lastSync: number | null;
  problem: 'full' | 'network' | null;
  /** Attachments' chunks to bring down in the running pass (for a progress bar). */
  progress: { done: number; total: number } | null;
  bytes: number;
};

const te = new TextEncoder();

async function hash(value: unknown): Promise<string> {
  const d = new Uint8Array(await crypto.subtle.digest('SHA-256', te.encode(JSON.stringify(value))));
  return Array.from(d, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The copy's id of a list item: the item's own id when the server accepts it as a name, else its digest. */
async function copyId(prefix: string, itemId: string): Promise<string> {
  if (/^[A-Za-z0-9_-]{1,60}$/.test(itemId)) return `${prefix}-${itemId}`;
  return `${prefix}-${(await hash(itemId)).slice(0, 40)}`;
}

/** A stored record as the copy's `data`: format byte, wrapped-key length (2 bytes), wrapped key, IV, ciphertext. */
export function encodeRecord(r: StoredRecord): Uint8Array {
  const out = new Uint8Array(3 + r.wrappedKey.length + 1 + r.iv.length + r.ciphertext.length);
  out[0] = 1;
  out[1] = r.wrappedKey.length >> 8;
  out[2] = r.wrappedKey.length & 255;
  out.set(r.wrappedKey, 3);
  let at = 3 + r.wrappedKey.length;
  out[at++] = r.iv.length;
  out.set(r.iv, at);
  out.set(r.ciphertext, at + r.iv.length);
  return out;
}

export function decodeRecord(account: string, id: string, kind: string, version: number, data: Uint8Array<ArrayBuffer>): StoredRecord {
  if (data[0] !== 1 || data.length < 4) throw new Error('Not a record of this format.');
  const keyLen = (data[1] << 8) | data[2];
  const wrappedKey = data.slice(3, 3 + keyLen);
  let at = 3 + keyLen;
  const ivLen = data[at++];
  const iv = data.slice(at, at + ivLen);
  const ciphertext = data.slice(at + ivLen);
  return { account, id, kind, version, wrappedKey, iv, ciphertext };
}

/** A chunk as the copy keeps it: a last-chunk flag, the IV, the ciphertext. */
function encodeChunk(c: StoredChunk): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(1 + c.iv.length + c.ciphertext.length);
  out[0] = c.last ? 1 : 0;
  out.set(c.iv, 1);
  out.set(c.ciphertext, 1 + c.iv.length);
  return out;
}

function decodeChunk(account: string, attachment: string, index: number, data: Uint8Array<ArrayBuffer>): StoredChunk {
  return { account, attachment, index, last: data[0] === 1, iv: data.slice(1, 13), ciphertext: data.slice(13) };
}

const SYNC_EVERY_MS = 60_000;
const AFTER_CHANGE_MS = 1_500;

export class CopySync {
  status: CopyStatus = { mode: 'unknown', syncing: false, waiting: 0, lastSync: null, problem: null, progress: null, bytes: 0 };
  index: CopyIndex | null = null;
  private readonly listeners = new Set<(s: CopyStatus) => void>();
  private running: Promise<void> | null = null;
  private again = false;
  private interval: ReturnType<typeof setInterval> | null = null;
  private soon: ReturnType<typeof setTimeout> | null = null;
  private retry: ReturnType<typeof setTimeout> | null = null;
  /** The wait before trying again after a pass failed (a dropped connection): 2 s, doubling up to a minute. */
  private retryMs = 0;
  private stopped = false;
  private stopListening: (() => void) | null = null;

  constructor(
    readonly vault: OpenVault,
    readonly api: CopyApi,
  ) {}

  subscribe(listener: (s: CopyStatus) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private update(patch: Partial<CopyStatus>): void {
    this.status = { ...this.status, ...patch };
    for (const l of this.listeners) l(this.status);
  }

  state(): CopyState {
    const s = this.vault.get(STORAGE_KEYS.copyState) as CopyState | undefined;
    return s?.v === 1 ? s : { v: 1, items: {} };
  }

  async saveState(next: CopyState): Promise<void> {
    await this.vault.set(STORAGE_KEYS.copyState, next);
  }

  /** Syncs now, every minute while open, soon after each change of hers, and when the network comes back. */
  start(): void {
    this.interval = setInterval(() => void this.sync(), SYNC_EVERY_MS);
    this.stopListening = this.vault.onChange((fromCopy) => {
      if (fromCopy) return;
      if (this.soon) clearTimeout(this.soon);
      this.soon = setTimeout(() => void this.sync(), AFTER_CHANGE_MS);
    });
    window.addEventListener('online', this.onOnline);
    void this.sync();
  }

  stop(): void {
    this.stopped = true;
    if (this.interval) clearInterval(this.interval);
    if (this.soon) clearTimeout(this.soon);
    if (this.retry) clearTimeout(this.retry);
    this.stopListening?.();
    window.removeEventListener('online', this.onOnline);
    this.listeners.clear();
  }

  private readonly onOnline = () => void this.sync();

  /** One pass; a call while a pass runs makes one more pass after it. */
  sync(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        await this.pass();
      } while (this.again);
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async pass(): Promise<void> {
    this.update({ syncing: true });
    try {
      const index = await this.api.index();
      this.index = index;
      if (!index) return this.update({ mode: 'off', problem: null });
      const state = this.state();
      const serverDk = wrapDataKeyId(index.keys?.recovery_wrap);
      const mode: CopyStatus['mode'] =
        state.choice === 'device-only' ? 'device-only' : !serverDk ? 'no-key' : serverDk !== this.vault.dataKeyId() ? 'apart' : 'on';
      this.update({ mode, bytes: index.bytes });
      if (mode !== 'on') return;
      const server = new Map(index.records.map((r) => [r.id, r]));
      for (const [kind, prefix] of Object.entries(LIST_KINDS)) await this.syncList(kind, prefix, server, state);
      await this.syncStored(server, state);
      await this.saveState(state);
      this.retryMs = 0;
      this.update({ lastSync: Date.now(), problem: null, waiting: await this.countWaiting(state) });
    } catch (err) {
      // A dropped connection is expected on a poor network: the next pass resumes where this one stopped.
      console.warn('The copy could not be brought in step; trying again soon.', err instanceof Error ? err.name : '');
      if (!(err instanceof CopyFullError) && !this.stopped) {
        this.retryMs = Math.min(this.retryMs ? this.retryMs * 2 : 2_000, SYNC_EVERY_MS);
        if (this.retry) clearTimeout(this.retry);
        this.retry = setTimeout(() => void this.sync(), this.retryMs);
      }
      const mode = this.status.mode === 'unknown' ? 'unreachable' : this.status.mode;
      this.update({ mode, problem: err instanceof CopyFullError ? 'full' : 'network', waiting: await this.countWaiting(this.state()).catch(() => 0) });
    } finally {
      this.update({ syncing: false, progress: null });
    }
  }

  private listOf(kind: string): Item[] {
    const v = this.vault.get(kind);
    return Array.isArray(v) ? (v as Item[]).filter((i) => i && typeof i.id === 'string') : [];
  }

  private async syncList(kind: string, prefix: string, server: Map<string, CopyRecordInfo>, state: CopyState): Promise<void> {
    const account = this.vault.accountId;
    const local = new Map<string, Item>();
    for (const item of this.listOf(kind)) local.set(await copyId(prefix, item.id), item);
    // What the copy brings, applied at the end to the list as it is then (she may have written meanwhile).
    const upserts = new Map<string, Item>();
    const removals = new Set<string>();
    const extras: Item[] = [];

    for (const r of server.values()) {
      if (r.kind !== kind) continue;
      const seen = state.items[r.id];
      if (seen && r.version <= seen.version) continue;
      const got = await this.api.getRecord(r.id);
      if (!got) continue;
      let value: Item;
      try {
        value = await openRecord<Item>(this.vault, decodeRecord(account, r.id, got.kind, got.version, got.data));
      } catch {
        continue; // Not under this account's key: left on the server as it is.
      }
      const mine = local.get(r.id);
      const valueHash = await hash(value);
      if (mine) {
        const mineHash = await hash(mine);
        const changedHere = seen ? mineHash !== seen.hash : mineHash !== valueHash;
        if (changedHere && mineHash !== valueHash) extras.push({ ...mine, id: `${mine.id}-${Date.now().toString(36)}`, conflictCopy: true });
      }
      upserts.set(value.id, value);
      local.set(r.id, value);
      state.items[r.id] = { kind, version: got.version, hash: valueHash };
    }

    for (const [id, item] of local) {
      const seen = state.items[id];
      const h = await hash(item);
      const there = server.get(id);
      if (seen && seen.hash === h) {
        if (!there) {
          // Removed on another device, unchanged here since: removed here too.
          removals.add(item.id);
          delete state.items[id];
        }
        continue;
      }
      const version = Math.max(seen?.version ?? 0, there?.version ?? 0) + 1;
      const prepared = await prepareRecord(this.vault, { id, kind, version }, item);
      if (await this.api.putRecord(id, kind, version, encodeRecord(prepared.records[0]))) state.items[id] = { kind, version, hash: h };
      else this.again = true;
    }

    for (const [id, seen] of Object.entries(state.items)) {
      if (seen.kind !== kind || local.has(id)) continue;
      // Removed here: removed from the copy unless another device changed it since (then it came back above).
      const there = server.get(id);
      if (!there || there.version === seen.version) {
        if (there) await this.api.deleteRecord(id);
        delete state.items[id];
      }
    }

    for (const extra of extras) {
      const eid = await copyId(prefix, extra.id);
      if (!local.has(eid)) upserts.set(extra.id, extra);
    }
    if (upserts.size === 0 && removals.size === 0) return;
    const now = this.listOf(kind).filter((i) => !removals.has(i.id));
    const merged = now.map((i) => upserts.get(i.id) ?? i);
    const fresh = [...upserts.values()].filter((v) => !now.some((i) => i.id === v.id));
    await this.vault.set(kind, [...fresh, ...merged], true);
    if (extras.length) this.again = true;
  }

  private async syncStored(server: Map<string, CopyRecordInfo>, state: CopyState): Promise<void> {
    // A browser without IndexedDB keeps no incident log to send.
    if (typeof indexedDB === 'undefined') return;
    const account = this.vault.accountId;
    const local = new Map((await storedRecords(account)).map((r) => [r.id, r]));
    const isList = (kind: string) => kind in LIST_KINDS;

    // Down: what is newer in the copy. Attachments first in the count, for the progress bar.
    const down = [...server.values()].filter((r) => {
      if (isList(r.kind)) return false;
      const mine = local.get(r.id);
      const seen = state.items[r.id];
      if (mine) return r.version > mine.version;
      return !(seen && seen.version === r.version); // else: removed here, removed there below
    });
    let chunkTotal = 0;
    const chunkLists = new Map<string, number[]>();
    for (const r of down.filter((x) => x.kind === 'attachment')) {
      const list = await this.api.chunkList(r.id);
      chunkLists.set(r.id, list);
      chunkTotal += list.length;
    }
    let done = 0;
    if (chunkTotal) this.update({ progress: { done, total: chunkTotal } });
    for (const r of down) {
      const got = await this.api.getRecord(r.id);
      if (!got) continue;
      const record = decodeRecord(account, r.id, got.kind, got.version, got.data);
      if (!(await recordOpens(this.vault, record))) continue;
      const chunks: StoredChunk[] = [];
      if (record.kind === 'attachment') {
        for (const index of chunkLists.get(r.id) ?? []) {
          chunks.push(decodeChunk(account, r.id, index, await this.api.getChunk(r.id, index)));
          this.update({ progress: { done: ++done, total: chunkTotal } });
        }
        if (!chunks.at(-1)?.last) continue; // Not whole on the server yet: the next pass takes it.
      }
      const mine = local.get(r.id);
      const seen = state.items[r.id];
      const extra = [];
      if (mine && seen && mine.version > seen.version && mine.kind !== 'attachment') {
        // Changed on both: the copy's is the higher version; this device's is kept as a conflict copy.
        const value = await openRecord(this.vault, mine);
        extra.push(await prepareRecord(this.vault, { id: `${r.id.slice(0, 50)}-c${Date.now().toString(36)}`, kind: mine.kind, version: 1 }, value));
      }
      await write({ records: [record], chunks }, ...extra);
      local.set(r.id, record);
      state.items[r.id] = { kind: record.kind, version: record.version };
    }
    if (down.length) this.vault.changed(true);

    // Up: what is newer here. An attachment's chunks go first, resuming after those the server holds.
    for (const mine of local.values()) {
      const there = server.get(mine.id);
      const seen = state.items[mine.id];
      if (there && there.version >= mine.version) {
        state.items[mine.id] ??= { kind: mine.kind, version: there.version };
        continue;
      }
      if (!there && seen && seen.version === mine.version) {
        // Removed on another device and unchanged here since.
        await removeRecords(this.vault, [mine.id]);
        delete state.items[mine.id];
        continue;
      }
      if (mine.kind === 'attachment') {
        const held = new Set(await this.api.chunkList(mine.id));
        for (const c of await storedChunks(account, mine.id)) {
          if (!held.has(c.index)) await this.api.putChunk(mine.id, c.index, encodeChunk(c));
        }
      }
      if (await this.api.putRecord(mine.id, mine.kind, mine.version, encodeRecord(mine))) {
        state.items[mine.id] = { kind: mine.kind, version: mine.version };
      } else this.again = true;
    }

    for (const [id, seen] of Object.entries(state.items)) {
      if (isList(seen.kind) || local.has(id)) continue;
      const there = server.get(id);
      if (!there || there.version === seen.version) {
        if (there) {
          await this.api.deleteRecord(id);
          if (seen.kind === 'attachment') await this.api.deleteAttachment(id);
        }
        delete state.items[id];
      }
    }
  }

  /** Items here that the copy does not have yet (what she sees as waiting). */
  async countWaiting(state: CopyState): Promise<number> {
    if (this.status.mode !== 'on') return 0;
    let n = 0;
    for (const [kind, prefix] of Object.entries(LIST_KINDS)) {
      for (const item of this.listOf(kind)) {
        const seen = state.items[await copyId(prefix, item.id)];
        if (!seen || seen.hash !== (await hash(item))) n++;
      }
    }
    for (const r of typeof indexedDB === 'undefined' ? [] : await storedRecords(this.vault.accountId)) {
      if ((state.items[r.id]?.version ?? 0) < r.version) n++;
    }
    return n;
  }
}

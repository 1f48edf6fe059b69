import { STORAGE_KEYS } from '../storage-keys';
import { CopyFullError, ServerFullError, type CopyApi, type CopyIndex, type CopyRecordInfo } from './copy-client';
import { copyId, decodeRecord, encodeRecord, hash } from './copy-format';
import { prepareRecord, openRecord, storedRecords } from './record-store';
import { syncStored, type Progress, type Synced } from './copy-stored';
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

/** Kept inside the vault (encrypted), as `copy-state`. */
export type CopyState = {
  v: 1;
  /** 'device-only': she keeps her records only here; 'postponed': the recovery-key step waits. */
  choice?: 'device-only' | 'postponed';
  /** What this device last sent to or took from the copy, per record id. */
  items: Record<string, Synced>;
  /** A restore began and has not finished a pass yet: a reload shows its progress again and resumes it. */
  restoring?: boolean;
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
  problem: 'full' | 'server-full' | 'network' | null;
  /** Attachments' chunks moving in the running pass, down or up (for a progress bar). */
  progress: Progress | null;
  bytes: number;
};

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
      await syncStored(
        {
          vault: this.vault,
          api: this.api,
          items: state.items,
          isList: (kind) => kind in LIST_KINDS,
          progress: (progress) => this.update({ progress }),
          again: () => {
            this.again = true;
          },
        },
        server,
      );
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
      this.update({ mode, problem: err instanceof CopyFullError ? 'full' : err instanceof ServerFullError ? 'server-full' : 'network', waiting: await this.countWaiting(this.state()).catch(() => 0) });
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

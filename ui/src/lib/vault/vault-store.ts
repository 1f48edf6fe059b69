import {
  decryptRecord,
  deriveKek,
  encryptRecord,
  newPinParams,
  newWrappedDataKey,
  randomBytes,
  rewrapDataKey,
  toBase64,
  unwrapDataKey,
  VaultDataError,
  VaultKeyError,
} from './crypto';
import { discardOutbox } from './outbox';
import { discardRecords } from './record-store';
import { unwrapWithRecovery, wrapForRecovery } from './recovery-key';
import { STORAGE_KEYS } from '../storage-keys';
import { metaSlot, readMeta, recordSlot, VAULT_RECORDS, writeMeta, type VaultMeta } from './storage-layout';
import type { VaultRecords } from './vault-types';

/**
 * Wrong PINs in a row (counted on this device, across sign-ins, until the right one) after which each further
 * wrong one signs her out; the count does not start again at a new sign-in (docs/vault.md, "The PIN").
 */
export const MAX_PIN_TRIES = 5;
/** Wrong PINs in a row before she has to wait between tries. */
export const FREE_PIN_TRIES = 3;
const FIRST_WAIT_MS = 30_000;
const LONGEST_WAIT_MS = 60 * 60_000;

/** How long to wait after `count` wrong PINs in a row: none for the first few, then doubling, at most an hour. */
export function pinWaitMs(count: number): number {
  if (count < FREE_PIN_TRIES) return 0;
  return Math.min(FIRST_WAIT_MS * 2 ** (count - FREE_PIN_TRIES), LONGEST_WAIT_MS);
}

/**
 * One account's open vault: the data key (non-extractable) and the decrypted records, in memory only.
 * Dropping the object (sign-out, quick exit, idle lock) leaves nothing readable behind.
 */
export class OpenVault implements VaultRecords {
  private readonly records = new Map<string, unknown>();
  /** Records that failed to decrypt (shown as a notice). Their ciphertext is moved aside, never deleted. */
  readonly unreadable = new Set<string>();
  /** Unreadable records that could not be moved aside: never overwritten, so nothing is lost. */
  readonly blocked = new Set<string>();
  private chain: Promise<void> = Promise.resolve();
  private readonly listeners = new Set<(fromCopy: boolean) => void>();

  constructor(
    readonly accountId: string,
    private readonly dataKey: CryptoKey,
    /** The key-encryption key now in use (to re-wrap the data key for a PIN change). */
    private kek: CryptoKey,
    private readonly secret: string,
  ) {}

  has(key: string): boolean {
    return this.records.has(key);
  }

  get(key: string): unknown {
    return this.records.get(key);
  }

  /** Decrypts every record of this account that exists on the device. */
  async load(): Promise<void> {
    for (const key of VAULT_RECORDS) {
      const stored = window.localStorage.getItem(recordSlot(this.accountId, key));
      if (stored === null) continue;
      try {
        this.records.set(key, await decryptRecord(this.dataKey, this.accountId, key, stored));
      } catch (err) {
        if (!(err instanceof VaultDataError)) throw err;
        this.unreadable.add(key);
        this.setAside(key, stored);
      }
    }
  }

  /** Keeps a damaged record's text under another name so new entries can be saved without losing it. */
  private setAside(key: string, stored: string): void {
    const slot = recordSlot(this.accountId, key);
    try {
      window.localStorage.setItem(`${slot}#unreadable-${Date.now()}`, stored);
      window.localStorage.removeItem(slot);
    } catch {
      this.blocked.add(key);
    }
  }

  /**
   * Hears of every change: `fromCopy` when it came from the copy on the server (the screens show it), else her
   * own (the copy sends it). Returns the way to stop listening.
   */
  onChange(listener: (fromCopy: boolean) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Tells the listeners; record-store writes call this through `changed` so the copy hears of incidents. */
  changed(fromCopy = false): void {
    for (const l of this.listeners) l(fromCopy);
  }

  /**
   * Updates memory now and stores the ciphertext; writes reach storage in order. Rejects if storing failed.
   * `fromCopy`: the value came from the copy on the server (so the screens redraw, and it is not sent back).
   */
  set(key: string, value: unknown, fromCopy = false): Promise<void> {
    if (this.blocked.has(key)) {
      console.error(`Not saving "${key}": its stored copy could not be read and is kept as it is.`);
      return Promise.resolve();
    }
    this.records.set(key, value);
    const write = this.chain.then(async () => {
      const stored = await encryptRecord(this.dataKey, this.accountId, key, value);
      window.localStorage.setItem(recordSlot(this.accountId, key), stored);
    });
    // A failed write (storage full) must not stop the ones after it; the caller still hears of it.
    this.chain = write.catch((err: unknown) => console.error('Could not save to this device:', err));
    if (key !== STORAGE_KEYS.copyState && key !== STORAGE_KEYS.journalDraft) this.changed(fromCopy);
    return write;
  }

  /**
   * AES-GCM under the data key, bound to `aad`: how a record key is wrapped (docs/vault.md, "Record key").
   * The data key itself never leaves this object.
   */
  async sealWithDataKey(plain: Uint8Array<ArrayBuffer>, aad: string): Promise<Uint8Array<ArrayBuffer>> {
    const iv = randomBytes(12);
    const ct = new Uint8Array(
      await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: new TextEncoder().encode(aad) }, this.dataKey, plain),
    );
    const out = new Uint8Array(iv.length + ct.length);
    out.set(iv);
    out.set(ct, iv.length);
    return out;
  }

  /** Opens what `sealWithDataKey` sealed with the same `aad`; throws for anything changed or moved. */
  async openWithDataKey(sealed: Uint8Array<ArrayBuffer>, aad: string): Promise<Uint8Array<ArrayBuffer>> {
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: sealed.slice(0, 12), additionalData: new TextEncoder().encode(aad) },
      this.dataKey,
      sealed.slice(12),
    );
    return new Uint8Array(plain);
  }

  /** Resolves when every write so far has reached storage. */
  flushed(): Promise<void> {
    return this.chain;
  }

  hasPin(): boolean {
    return readMeta(this.accountId)?.pin != null;
  }

  /** Sets, changes (`pin` given) or removes (`null`) the PIN by re-wrapping the data key. */
  async changePin(pin: string | null): Promise<void> {
    const meta = readMeta(this.accountId);
    if (!meta) throw new Error('The vault has no key on this device.');
    const params = pin === null ? null : newPinParams();
    const next = await deriveKek(this.secret, this.accountId, params && pin !== null ? { pin, params } : undefined);
    const wrapped = await rewrapDataKey(meta.wrapped, this.kek, next);
    writeMeta(this.accountId, { v: 1, wrapped, pin: params, dk: meta.dk });
    this.kek = next;
  }

  /** The data key's id, made (and kept) now for a store created before ids existed. */
  dataKeyId(): string {
    const meta = readMeta(this.accountId);
    if (!meta) throw new Error('The vault has no key on this device.');
    if (meta.dk) return meta.dk;
    const dk = newDataKeyId();
    writeMeta(this.accountId, { ...meta, dk });
    return dk;
  }

  /** The recovery wrap of this account's data key under `recoveryKey` (the key itself stays on the device). */
  async recoveryWrap(recoveryKey: string): Promise<string> {
    const meta = readMeta(this.accountId);
    if (!meta) throw new Error('The vault has no key on this device.');
    const dkId = this.dataKeyId();
    const key = await unwrapDataKey(meta.wrapped, this.kek, true);
    return wrapForRecovery(key, dkId, recoveryKey, this.accountId);
  }
}

function newDataKeyId(): string {
  return toBase64(randomBytes(12)).replace(/\+/g, '-').replace(/\//g, '_');
}

/**
 * A new device joins the account's copy: the data key from the recovery wrap, wrapped for this device (no PIN yet),
 * and the store opened. A wrong recovery key throws VaultKeyError and changes nothing on the device.
 */
export async function restoreVault(accountId: string, secret: string, wrap: string, recoveryKey: string): Promise<OpenVault> {
  const { key, dkId } = await unwrapWithRecovery(wrap, recoveryKey, accountId);
  const kek = await deriveKek(secret, accountId);
  const wrapped = toBase64(new Uint8Array(await crypto.subtle.wrapKey('raw', key, kek, 'AES-KW')));
  writeMeta(accountId, { v: 1, wrapped, pin: null, dk: dkId });
  const vault = new OpenVault(accountId, await unwrapDataKey(wrapped, kek), kek, secret);
  await vault.load();
  return vault;
}

/** Removes this account's key and records from the device: the way on when they can never be opened again. */
export function discardVault(accountId: string): void {
  void discardRecords(accountId).catch(() => undefined);
  discardOutbox(accountId);
  const prefix = recordSlot(accountId, '');
  const slots = Object.keys(window.localStorage).filter((k) => k.startsWith(prefix));
  for (const slot of [...slots, metaSlot(accountId)]) window.localStorage.removeItem(slot);
}

export type Opening =
  | { kind: 'open'; vault: OpenVault }
  /** `triesLeft`: wrong PINs before she is signed out (0: the next wrong one); `waitUntil`: no try before (ms). */
  | { kind: 'pin'; triesLeft: number; waitUntil: number }
  | { kind: 'locked-out' };

function pinStage(meta: VaultMeta): Opening {
  const count = meta.failures?.count ?? 0;
  const at = meta.failures?.at ?? 0;
  return { kind: 'pin', triesLeft: Math.max(MAX_PIN_TRIES - count, 0), waitUntil: count ? at + pinWaitMs(count) : 0 };
}

/** Opens the vault with the server's secret alone, creating it on first use; or says a PIN is needed. */
export async function openVault(accountId: string, secret: string): Promise<Opening> {
  const meta = readMeta(accountId);
  if (meta?.pin) return pinStage(meta);
  const kek = await deriveKek(secret, accountId);
  let wrapped = meta?.wrapped;
  if (!wrapped) {
    writeMeta(accountId, { v: 1, wrapped: await newWrappedDataKey(kek), pin: null, dk: newDataKeyId() });
    // Another tab (or a second effect run) may have created one at the same moment: all use the one stored.
    wrapped = readMeta(accountId)?.wrapped;
    if (!wrapped) throw new Error('The key could not be kept on this device.');
  }
  const vault = new OpenVault(accountId, await unwrapDataKey(wrapped, kek), kek, secret);
  await vault.load();
  return { kind: 'open', vault };
}

/**
 * Tries a PIN. A wrong one is counted on this device (kept across sign-ins; the right one clears the count) and
 * nothing is decrypted; a try before the wait is over is not made at all.
 */
export async function unlockWithPin(accountId: string, secret: string, pin: string, now = Date.now()): Promise<Opening> {
  const meta = readMeta(accountId);
  if (!meta?.pin) return openVault(accountId, secret);
  const waiting = pinStage(meta);
  if (waiting.kind === 'pin' && now < waiting.waitUntil) return waiting;
  const kek = await deriveKek(secret, accountId, { pin, params: meta.pin });
  try {
    const key = await unwrapDataKey(meta.wrapped, kek);
    writeMeta(accountId, { v: 1, wrapped: meta.wrapped, pin: meta.pin, dk: meta.dk });
    const vault = new OpenVault(accountId, key, kek, secret);
    await vault.load();
    return { kind: 'open', vault };
  } catch (err) {
    if (!(err instanceof VaultKeyError)) throw err;
    const failures = { count: (meta.failures?.count ?? 0) + 1, at: now };
    const next = { ...meta, failures };
    writeMeta(accountId, next);
    return failures.count >= MAX_PIN_TRIES ? { kind: 'locked-out' } : pinStage(next);
  }
}

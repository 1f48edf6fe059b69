import { STORAGE_KEYS } from '../storage-keys';
import type { PinParams } from './crypto';

/** The records kept in the vault: the product's keys and shapes, plus the unsaved journal draft. */
export const VAULT_RECORDS = [
  STORAGE_KEYS.journal,
  STORAGE_KEYS.safetyPlan,
  STORAGE_KEYS.mood,
  STORAGE_KEYS.journalDraft,
  STORAGE_KEYS.advocateShares,
  STORAGE_KEYS.advocateStanding,
  STORAGE_KEYS.copyState,
  STORAGE_KEYS.outboxPrivate,
] as const;
export type VaultRecord = (typeof VAULT_RECORDS)[number];

/** Before the vault these were plain JSON in localStorage; moved in at the next sign-in. */
export const PLAIN_RECORDS = [STORAGE_KEYS.journal, STORAGE_KEYS.safetyPlan, STORAGE_KEYS.mood] as const;

/**
 * A record's ciphertext: `data:<account id>:<number>`, its place in VAULT_RECORDS counted from 1, so the name on the
 * device says nothing of what it holds (the record's own name stays bound into its encryption). Append only.
 */
export function recordSlot(accountId: string, key: string): string {
  const n = (VAULT_RECORDS as readonly string[]).indexOf(key);
  return `${STORAGE_KEYS.vaultPrefix}${accountId}:${n < 0 ? key : n + 1}`;
}

/** The wrapped data key and PIN settings of one account on this device. */
export function metaSlot(accountId: string): string {
  return `${STORAGE_KEYS.vaultKeyPrefix}${accountId}`;
}

export type VaultMeta = {
  v: 1;
  /** The data key wrapped by the key-encryption key (with the PIN when `pin` is set). */
  wrapped: string;
  pin: PinParams | null;
  /** A random id of the data key, to tell whether the copy on the server is under the same key (docs/vault.md). */
  dk?: string;
  /** Wrong PINs in a row on this device and when the last one was tried (ms); a sign-in does not clear it. */
  failures?: { count: number; at?: number };
  /** She said 'Not now' to the offer of a PIN on this device (pin-offer.tsx); setting or removing a PIN forgets it. */
  offer?: 'declined';
};

export function readMeta(accountId: string): VaultMeta | null {
  try {
    const raw = window.localStorage.getItem(metaSlot(accountId));
    if (!raw) return null;
    const meta = JSON.parse(raw) as VaultMeta;
    return meta && meta.v === 1 && typeof meta.wrapped === 'string' ? meta : null;
  } catch {
    return null;
  }
}

/** Throws when storage is full or blocked: losing the wrapped key would lose every record. */
export function writeMeta(accountId: string, meta: VaultMeta): void {
  window.localStorage.setItem(metaSlot(accountId), JSON.stringify(meta));
}

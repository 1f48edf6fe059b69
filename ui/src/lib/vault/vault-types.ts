/**
 * What the record store and the outbox need of an open vault: its account, its records, and sealing under
 * its data key. `OpenVault` (vault-store.ts) is one; they name this shape instead of the class, because
 * vault-store.ts imports them and a type import back would close a circle.
 */
export interface VaultRecords {
  readonly accountId: string;
  has(key: string): boolean;
  get(key: string): unknown;
  set(key: string, value: unknown, fromCopy?: boolean): Promise<void>;
  sealWithDataKey(plain: Uint8Array<ArrayBuffer>, aad: string): Promise<Uint8Array<ArrayBuffer>>;
  openWithDataKey(sealed: Uint8Array<ArrayBuffer>, aad: string): Promise<Uint8Array<ArrayBuffer>>;
}

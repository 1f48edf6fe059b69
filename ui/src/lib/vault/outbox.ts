import { Aes256Gcm, CipherSuite, DhkemP256HkdfSha256, HkdfSha256 } from '@hpke/core';
import { STORAGE_KEYS } from '../storage-keys';
import { fromBase64, toBase64 } from './crypto';
import { dropFiles, keepFile, readFile, type FileRef } from './outbox-files';
import type { VaultRecords } from './vault-types';

/**
 * Writing without a connection (docs/vault.md, "Writing offline"). Offline, the vault cannot open (its key needs
 * the server's secret), so what she writes then (a journal entry, a mood, an incident with its files) is sealed
 * with HPKE (RFC 9180: DHKEM P-256, HKDF-SHA256, AES-256-GCM, through @hpke/core on WebCrypto) to this device's
 * outbox public key, kept in the clear. Whoever holds the phone can add to the outbox but not read it back: the
 * private key lives only inside the vault. At the next opening online each item is opened and handed to the
 * screen it belongs to, then removed. Files wait encrypted in IndexedDB (outbox-files.ts), their keys sealed here.
 */

const suite = new CipherSuite({ kem: new DhkemP256HkdfSha256(), kdf: new HkdfSha256(), aead: new Aes256Gcm() });
const te = new TextEncoder();
const td = new TextDecoder();

type Sealed = { enc: string; ct: string };

/** A file written offline, as the screen that takes it in receives it. */
export type OfflineFile = { name: string; type: string; kind: string; bytes: Uint8Array<ArrayBuffer> };

/** What an item holds once opened: its kind, when she wrote it (this device's clock), and the screen's own data. */
export type OfflineItem = { kind: string; writtenAt: number; data: unknown; files: OfflineFile[] };

/** Takes one opened item into the records; a screen registers one for its kind (the journal's is built in). */
export type OfflineIntake<V extends VaultRecords = VaultRecords> = (vault: V, item: OfflineItem) => Promise<void>;

type SealedPlain = { kind: string; writtenAt: number; data: unknown; files?: FileRef[] } | { kind: 'journal'; content: string; timestamp: number };

const publicSlot = (account: string) => `${STORAGE_KEYS.outboxKeyPrefix}${account}`;
const boxSlot = (account: string) => `${STORAGE_KEYS.outboxPrefix}${account}`;
const aad = (account: string) => te.encode(`solace-outbox-v1:${account}`);

/** Makes this device's outbox key pair once (the vault open): the private key into the vault, the public one beside it. */
export async function ensureOutboxKey(vault: VaultRecords): Promise<void> {
  if (vault.has(STORAGE_KEYS.outboxPrivate) && window.localStorage.getItem(publicSlot(vault.accountId))) return;
  const pair = await suite.kem.generateKeyPair();
  const priv = new Uint8Array(await suite.kem.serializePrivateKey(pair.privateKey));
  await vault.set(STORAGE_KEYS.outboxPrivate, toBase64(priv));
  priv.fill(0);
  window.localStorage.setItem(publicSlot(vault.accountId), toBase64(new Uint8Array(await suite.kem.serializePublicKey(pair.publicKey))));
}

function sealedEntries(account: string): Sealed[] {
  try {
    const list = JSON.parse(window.localStorage.getItem(boxSlot(account)) ?? '[]') as unknown;
    return Array.isArray(list) ? (list as Sealed[]) : [];
  } catch {
    return [];
  }
}

function keepList(account: string, list: Sealed[]): void {
  if (list.length) window.localStorage.setItem(boxSlot(account), JSON.stringify(list));
  else window.localStorage.removeItem(boxSlot(account));
}

/** Whether this device can take entries offline for this account (it has opened the vault online before). */
export function canWriteOffline(account: string): boolean {
  return window.localStorage.getItem(publicSlot(account)) !== null;
}

/** How many items wait in the outbox (their kinds are sealed too: the phone shows only a number). */
export function waitingOffline(account: string): number {
  return sealedEntries(account).length;
}

/**
 * Seals one item to the outbox. The sealed part is in localStorage and the files' ciphertext in IndexedDB, so a
 * reload, a quick exit or the idle lock keeps it; if the device has no room, nothing of it is kept.
 */
export async function sealOffline(
  account: string,
  item: { kind: string; data: unknown; files?: OfflineFile[] },
  now = Date.now(),
): Promise<void> {
  const pub = window.localStorage.getItem(publicSlot(account));
  if (!pub) throw new Error('No outbox on this device.');
  const refs: FileRef[] = [];
  try {
    for (const f of item.files ?? []) refs.push(await keepFile(f));
    const plain: SealedPlain = { kind: item.kind, writtenAt: now, data: item.data, files: refs };
    const recipientPublicKey = await suite.kem.deserializePublicKey(fromBase64(pub).buffer);
    const { ct, enc } = await suite.seal({ recipientPublicKey }, te.encode(JSON.stringify(plain)).buffer, aad(account).buffer);
    keepList(account, [...sealedEntries(account), { enc: toBase64(new Uint8Array(enc)), ct: toBase64(new Uint8Array(ct)) }]);
  } catch (err) {
    await dropFiles(refs.map((r) => r.id)).catch(() => undefined);
    throw err;
  }
}

/** Seals a journal entry to the outbox. */
export function sealJournalOffline(account: string, content: string, now = Date.now()): Promise<void> {
  return sealOffline(account, { kind: 'journal', data: { content } }, now);
}

/** The journal's intake: the entry goes first, as the journal keeps the newest first. */
const journalIntake: OfflineIntake = async (vault, item) => {
  const { content } = item.data as { content: string };
  const journal = vault.get(STORAGE_KEYS.journal);
  const existing = Array.isArray(journal) ? journal : [];
  const entry = { id: String(item.writtenAt), content, timestamp: item.writtenAt, aiResponse: '' };
  await vault.set(STORAGE_KEYS.journal, [entry, ...existing]);
};

async function openItem(sealed: Sealed, recipientKey: CryptoKey, account: string): Promise<{ item: OfflineItem; refs: FileRef[] }> {
  const bytes = await suite.open({ recipientKey, enc: fromBase64(sealed.enc).buffer }, fromBase64(sealed.ct).buffer, aad(account).buffer);
  const plain = JSON.parse(td.decode(bytes)) as SealedPlain;
  // Entries sealed before items had kinds of their own were journal entries.
  if ('content' in plain) return { item: { kind: 'journal', writtenAt: plain.timestamp, data: { content: plain.content }, files: [] }, refs: [] };
  return { item: { kind: plain.kind, writtenAt: plain.writtenAt, data: plain.data, files: [] }, refs: plain.files ?? [] };
}

/**
 * Opens what waits in the outbox with the private key from the vault and hands each item, oldest first, to the
 * intake of its kind. An item that does not open, has no intake here, or whose intake fails is left in the outbox
 * for the next opening. Each item leaves the outbox as soon as it is in. Returns how many came in.
 */
export async function drainOutbox<V extends VaultRecords>(vault: V, intakes: Record<string, OfflineIntake<V>> = {}): Promise<number> {
  const account = vault.accountId;
  const privB64 = vault.get(STORAGE_KEYS.outboxPrivate);
  if (sealedEntries(account).length === 0 || typeof privB64 !== 'string') return 0;
  const recipientKey = await suite.kem.deserializePrivateKey(fromBase64(privB64).buffer);
  const all: Record<string, OfflineIntake> = { journal: journalIntake, ...intakes };
  let added = 0;
  for (const sealed of sealedEntries(account)) {
    let refs: FileRef[];
    try {
      const opened = await openItem(sealed, recipientKey, account);
      refs = opened.refs;
      const intake = all[opened.item.kind];
      if (!intake) continue;
      for (const ref of refs) opened.item.files.push({ name: ref.name, type: ref.type, kind: ref.kind, bytes: await readFile(ref) });
      await intake(vault, opened.item);
    } catch (err) {
      console.warn('An item written offline is still waiting:', err instanceof Error ? err.name : '');
      continue;
    }
    keepList(account, sealedEntries(account).filter((s) => s.ct !== sealed.ct));
    await dropFiles(refs.map((r) => r.id)).catch(() => undefined);
    added += 1;
  }
  return added;
}

/** Removes the outbox of one account from this device ('start afresh'). */
export function discardOutbox(account: string): void {
  window.localStorage.removeItem(publicSlot(account));
  window.localStorage.removeItem(boxSlot(account));
}

import { Aes256Gcm, CipherSuite, DhkemP256HkdfSha256, HkdfSha256 } from '@hpke/core';
import { STORAGE_KEYS } from '../storage-keys';
import { fromBase64, toBase64 } from './crypto';
import type { OpenVault } from './vault-store';

/**
 * Writing without a connection (docs/vault.md, "Writing offline"). Offline, the vault cannot open (its key needs
 * the server's secret), so a journal entry written then is sealed with HPKE (RFC 9180: DHKEM P-256, HKDF-SHA256,
 * AES-256-GCM, through @hpke/core on WebCrypto) to this device's outbox public key, kept in the clear. Whoever
 * holds the phone can add to the outbox but not read it back: the private key lives only inside the vault. At the
 * next opening online the entries are opened, added to the journal and removed from the outbox.
 */

const suite = new CipherSuite({ kem: new DhkemP256HkdfSha256(), kdf: new HkdfSha256(), aead: new Aes256Gcm() });
const te = new TextEncoder();
const td = new TextDecoder();

type Sealed = { enc: string; ct: string };
/** What an offline entry holds once opened. */
type OfflineEntry = { kind: 'journal'; content: string; timestamp: number };

const publicSlot = (account: string) => `${STORAGE_KEYS.outboxKeyPrefix}${account}`;
const boxSlot = (account: string) => `${STORAGE_KEYS.outboxPrefix}${account}`;
const aad = (account: string) => te.encode(`solace-outbox-v1:${account}`);

/** Makes this device's outbox key pair once (the vault open): the private key into the vault, the public one beside it. */
export async function ensureOutboxKey(vault: OpenVault): Promise<void> {
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

/** Whether this device can take entries offline for this account (it has opened the vault online before). */
export function canWriteOffline(account: string): boolean {
  return window.localStorage.getItem(publicSlot(account)) !== null;
}

/** How many entries wait in the outbox. */
export function waitingOffline(account: string): number {
  return sealedEntries(account).length;
}

/** Seals a journal entry to the outbox; kept in localStorage, so a reload, quick exit or idle lock keeps it. */
export async function sealJournalOffline(account: string, content: string, now = Date.now()): Promise<void> {
  const pub = window.localStorage.getItem(publicSlot(account));
  if (!pub) throw new Error('No outbox on this device.');
  const entry: OfflineEntry = { kind: 'journal', content, timestamp: now };
  const recipientPublicKey = await suite.kem.deserializePublicKey(fromBase64(pub).buffer);
  const { ct, enc } = await suite.seal({ recipientPublicKey }, te.encode(JSON.stringify(entry)).buffer, aad(account).buffer);
  const list = [...sealedEntries(account), { enc: toBase64(new Uint8Array(enc)), ct: toBase64(new Uint8Array(ct)) }];
  window.localStorage.setItem(boxSlot(account), JSON.stringify(list));
}

/**
 * Opens what waits in the outbox with the private key from the vault and adds each entry to the journal (newest
 * first, as the journal keeps them). An entry that does not open is left in the outbox. Returns how many came in.
 */
export async function drainOutbox(vault: OpenVault): Promise<number> {
  const account = vault.accountId;
  const list = sealedEntries(account);
  const privB64 = vault.get(STORAGE_KEYS.outboxPrivate);
  if (list.length === 0 || typeof privB64 !== 'string') return 0;
  const recipientKey = await suite.kem.deserializePrivateKey(fromBase64(privB64).buffer);
  const added: { id: string; content: string; timestamp: number; aiResponse: string }[] = [];
  const kept: Sealed[] = [];
  for (const sealed of list) {
    try {
      const plain = await suite.open({ recipientKey, enc: fromBase64(sealed.enc).buffer }, fromBase64(sealed.ct).buffer, aad(account).buffer);
      const entry = JSON.parse(td.decode(plain)) as OfflineEntry;
      added.push({ id: String(entry.timestamp), content: entry.content, timestamp: entry.timestamp, aiResponse: '' });
    } catch {
      kept.push(sealed);
    }
  }
  if (added.length) {
    const journal = vault.get(STORAGE_KEYS.journal);
    const existing = Array.isArray(journal) ? journal : [];
    await vault.set(STORAGE_KEYS.journal, [...added.reverse(), ...existing]);
  }
  if (kept.length) window.localStorage.setItem(boxSlot(account), JSON.stringify(kept));
  else window.localStorage.removeItem(boxSlot(account));
  return added.length;
}

/** Removes the outbox of one account from this device ('start afresh'). */
export function discardOutbox(account: string): void {
  window.localStorage.removeItem(publicSlot(account));
  window.localStorage.removeItem(boxSlot(account));
}

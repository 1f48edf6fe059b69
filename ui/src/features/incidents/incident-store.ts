import type { OpenVault } from '../../lib/vault/vault-store';
import {
  prepareAttachment,
  prepareRecord,
  readAttachment,
  readRecords,
  removeRecords,
  write,
  type PreparedWrite,
} from '../../lib/vault/record-store';
import { toBase64 } from '../../lib/vault/crypto';
import { sha256Hex } from '../../lib/digest';
import {
  bundleFileName,
  chainHead,
  sealContent,
  type AttachmentKind,
  type AttachmentRef,
  type EntryKind,
  type EvidenceEntry,
} from './incident-model';
import { SECOND_AUTHORITY, stampDigest } from './timestamp-client';

/** The record kind of a chain entry in the account's record store (lib/vault/record-store.ts). */
const ENTRY_RECORD = 'evidence-entry';

/** A file she added, before sealing. */
export type NewAttachment = { name: string; type: string; kind: AttachmentKind; bytes: Uint8Array<ArrayBuffer> };

/** Her chain in order, and any record that could not be opened (left as it is). */
export async function loadEntries(vault: OpenVault): Promise<{ entries: EvidenceEntry[]; unreadable: number }> {
  const { values, unreadable } = await readRecords<EvidenceEntry>(vault, ENTRY_RECORD);
  return { entries: values.sort((a, b) => a.seq - b.seq), unreadable: unreadable.length };
}

// Each stored entry carries its version (bound into the encryption): a token added later is a new version.
function prepareEntry(vault: OpenVault, entry: EvidenceEntry): Promise<PreparedWrite> {
  return prepareRecord(vault, { id: entry.id, kind: ENTRY_RECORD, version: entry.version }, entry);
}

/**
 * Seals a new entry: digests of the attachments, canonical content with a fresh salt linked to the last
 * entry, all stored encrypted in one transaction (the device being full keeps nothing of it and loses
 * nothing older). Not yet stamped: see `stamp`.
 */
export async function sealEntry(
  vault: OpenVault,
  chain: EvidenceEntry[],
  kind: EntryKind,
  fields: Record<string, unknown>,
  files: NewAttachment[] = [],
  writtenAt: Date = new Date(),
): Promise<EvidenceEntry> {
  const id = `${kind}-${crypto.randomUUID()}`;
  const attachments: AttachmentRef[] = [];
  const writes: PreparedWrite[] = [];
  for (const f of files) {
    const aid = crypto.randomUUID();
    attachments.push({
      id: aid,
      file: bundleFileName(aid, f.name),
      name: f.name,
      type: f.type,
      size: f.bytes.length,
      sha256: await sha256Hex(f.bytes),
      kind: f.kind,
    });
    writes.push(await prepareAttachment(vault, aid, f.bytes));
  }
  const { content, digest } = await sealContent(
    { id, kind, previous: chainHead(chain), attachments, writtenAt },
    fields,
  );
  const seq = (chain.at(-1)?.seq ?? 0) + 1;
  const entry: EvidenceEntry = { version: 1, seq, id, kind, content, digest, token: null, stampedAt: null, stampedLater: false, attachments };
  writes.push(await prepareEntry(vault, entry));
  await write(...writes);
  return entry;
}

/**
 * Asks for the entry's time-stamp and keeps the token with it. Offline (or the server unreachable), the
 * entry is kept as it is, marked to be stamped when she is online again.
 */
export async function stamp(vault: OpenVault, entry: EvidenceEntry, fetchImpl?: typeof fetch): Promise<EvidenceEntry> {
  try {
    const { token, genTime } = await stampDigest(entry.digest, fetchImpl);
    const next = { ...entry, version: entry.version + 1, token: toBase64(token), stampedAt: genTime.toISOString() };
    await write(await prepareEntry(vault, next));
    return next;
  } catch (err) {
    console.warn('Not time-stamped yet; will try again when online.', err instanceof Error ? err.name : '');
    if (entry.stampedLater) return entry;
    const next = { ...entry, version: entry.version + 1, stampedLater: true };
    await write(await prepareEntry(vault, next));
    return next;
  }
}

/**
 * Asks the operator's second authority (docs/evidence.md, "A second authority") to stamp the same digest and
 * keeps its token beside the first. Fails when it cannot be reached; the entry is then tried again later.
 */
export async function stampSecond(vault: OpenVault, entry: EvidenceEntry, fetchImpl?: typeof fetch): Promise<EvidenceEntry> {
  const { token, genTime } = await stampDigest(entry.digest, fetchImpl, SECOND_AUTHORITY);
  const next = { ...entry, version: entry.version + 1, secondToken: toBase64(token), secondStampedAt: genTime.toISOString() };
  await write(await prepareEntry(vault, next));
  return next;
}

/**
 * Deletes entries for good (an incident with its amendments and attachments): for each one a removal
 * record naming its id and digest joins the chain first, so the record shows that something was removed.
 */
export async function removeEntries(vault: OpenVault, chain: EvidenceEntry[], removed: EvidenceEntry[]): Promise<EvidenceEntry[]> {
  let current = chain;
  const records: EvidenceEntry[] = [];
  for (const r of removed) {
    const entry = await sealEntry(vault, current, 'removal', { removed: { id: r.id, digest: r.digest } });
    records.push(entry);
    current = [...current, entry];
  }
  await removeRecords(vault, [...removed.map((r) => r.id), ...removed.flatMap((r) => r.attachments.map((a) => a.id))]);
  return records;
}

export function attachmentBytes(vault: OpenVault, id: string): Promise<Uint8Array<ArrayBuffer>> {
  return readAttachment(vault, id);
}

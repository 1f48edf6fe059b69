import { deviceZone } from '../../lib/dates';
import { canonicalJson } from './canonical-json';
import { newSalt, sha256Hex } from '../../lib/digest';
import type { EntryContent, EntryKind } from '../../lib/evidence-bundle/entry';

export { parseContent, type EntryContent, type EntryKind } from '../../lib/evidence-bundle/entry';
export { ABUSE_KINDS, type AbuseKind } from '../../lib/incident-entry/kinds';

/** What she fills in. Times are as she entered them on this device, with its zone. */
export type IncidentFields = {
  /** 'YYYY-MM-DDTHH:mm' (a date-time field's value), in `zone`. */
  start: string;
  /** The end of a range, or '' for a single time. */
  end: string;
  /** She is not sure of the time: shown as 'about'. */
  about: boolean;
  where: string;
  what: string;
  kinds: string[];
  injuries: string;
  medical: string;
  witnesses: string[];
  references: string[];
};

export type AttachmentKind = 'photo' | 'audio' | 'file';

/** One attachment of a sealed entry: `file` is its name in an exported bundle, `sha256` its digest. */
export type AttachmentRef = {
  id: string;
  file: string;
  name: string;
  type: string;
  size: number;
  sha256: string;
  kind: AttachmentKind;
};


/** One link of her chain, as kept (encrypted) on the device. */
export type EvidenceEntry = {
  /** Bumped at each rewrite of the stored record (the token added); bound into its encryption. */
  version: number;
  seq: number;
  id: string;
  kind: EntryKind;
  /** The canonical JSON the digest is over (docs/evidence.md). */
  content: string;
  digest: string;
  /** The RFC 3161 token (DER, base64), once stamped. */
  token: string | null;
  stampedAt: string | null;
  /** The first try to stamp failed (no network): stamped when she was online again. */
  stampedLater: boolean;
  /** The second authority's token (DER, base64) and time, when the operator configured one; absent before. */
  secondToken?: string | null;
  secondStampedAt?: string | null;
  attachments: AttachmentRef[];
};

/** A date-time field's value ('YYYY-MM-DDTHH:mm', this device's zone) as RFC 3339 with its UTC offset. */
export function withOffset(local: string, zoneOffsetMinutes?: number): string {
  const date = new Date(local);
  const offset = zoneOffsetMinutes ?? -date.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const abs = Math.abs(offset);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `${local.length === 16 ? `${local}:00` : local}${sign}${hh}:${mm}`;
}

/** An attachment's name inside a bundle: its id keeps two files of the same name apart. */
export function bundleFileName(id: string, name: string): string {
  const safe = name.replace(/[^\p{L}\p{N}._-]+/gu, '_').slice(-80) || 'file';
  return `attachments/${id.slice(0, 8)}-${safe}`;
}

type Sealable = { id: string; kind: EntryKind; previous: string | null; attachments: AttachmentRef[]; writtenAt: Date };

/** The canonical content and its digest: the salt is fresh, `previous` links the chain. */
export async function sealContent(
  base: Sealable,
  fields: Record<string, unknown>,
): Promise<{ content: string; digest: string }> {
  const content = canonicalJson({
    ...fields,
    id: base.id,
    kind: base.kind,
    written_at: base.writtenAt.toISOString(),
    previous: base.previous,
    salt: newSalt(),
    attachments: base.attachments.map((a) => ({ file: a.file, sha256: a.sha256 })),
  });
  return { content, digest: await sha256Hex(content) };
}

/** The incident's own fields in the content (names as a reader of the manifest expects them). */
export function incidentFields(f: IncidentFields): Record<string, unknown> {
  const clean = (list: string[]) => list.map((s) => s.trim()).filter(Boolean);
  return {
    when: {
      start: withOffset(f.start),
      end: f.end ? withOffset(f.end) : null,
      about: f.about,
      time_zone: deviceZone(),
    },
    where: f.where.trim(),
    what_happened: f.what.trim(),
    kinds: f.kinds,
    injuries: f.injuries.trim(),
    medical_help: f.medical.trim(),
    witnesses: clean(f.witnesses),
    complaint_numbers: clean(f.references),
  };
}

/** The digest of the last entry: what the next one links to (`previous`). */
export function chainHead(entries: EvidenceEntry[]): string | null {
  return entries.length ? entries[entries.length - 1].digest : null;
}

/** The local calendar day (YYYY-MM-DD) an incident happened on, from its start time as entered. */
export function incidentDay(content: EntryContent): string | null {
  return content.when?.start.slice(0, 10) ?? null;
}

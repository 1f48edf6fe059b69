import type { IncidentContent } from '../incident-entry/content';

/**
 * One entry of an evidence bundle as its pages show it (docs/evidence.md, "The bundle"): what her device knows of
 * it (features/incidents), or what her advocate received when she shared it (lib/advocates/share-payload.ts).
 */
export type EntryKind = 'incident' | 'amendment' | 'removal';

/** The parsed content of an entry: what the screens and the report show (an incident's own fields on their shelf). */
export type EntryContent = IncidentContent & {
  id: string;
  kind: EntryKind;
  written_at: string;
  previous: string | null;
  salt: string;
  attachments: { file: string; sha256: string }[];
  amends?: string;
  text?: string;
  removed?: { id: string; digest: string };
  /** Written offline and sealed into the chain only when it reached the server (docs/evidence.md, "Written offline"). */
  written_offline?: boolean;
};

/** An attachment as the report shows it: its member in the ZIP, the name she gave it, its type and SHA-256. */
export type BundleAttachment = { file: string; name: string; type: string; sha256: string };

export type BundleEntry = {
  id: string;
  kind: string;
  /** The canonical JSON the digest is over; read only for the entries the bundle shows. */
  content: string;
  digest: string;
  stampedAt: string | null;
  secondToken?: string | null;
  secondStampedAt?: string | null;
  attachments: BundleAttachment[];
};

export function parseContent(entry: { content: string }): EntryContent {
  return JSON.parse(entry.content) as EntryContent;
}

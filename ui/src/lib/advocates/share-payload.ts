/**
 * What one share holds, sealed in her browser to one advocate (docs/advocates.md, "Shares"): the item and the
 * consent record she saw, in her language. The server sees only the sealed bytes, their size and the end.
 */

/** The consent record: what she agreed to, in the words she read, and its parts for the advocate's screen. */
export type Consent = {
  language: string;
  /** The sentences she saw before sharing, as she saw them. */
  text: string;
  what: string;
  advocate: string;
  shared_at: string;
  until: string;
  can_withdraw: true;
  help_does_not_depend_on_it: true;
};

/** An incident: what the advocate reads, and what an evidence bundle needs (docs/evidence.md, "The bundle"). */
export type SharedIncident = {
  kind: 'incident';
  title: string;
  /** The incident's sealed content (its canonical JSON, parsed) and her corrections to it. */
  content: Record<string, unknown>;
  amendments: { written_at: string; text: string }[];
  attachments: { file: string; name: string; type: string }[];
  /**
   * manifest.json with every other entry withheld, and the members (tokens, attachments) as base64; `stamps`, each
   * entry's stamped times as her device read them from its tokens, for the report (absent from older shares).
   */
  evidence: {
    manifest: unknown;
    files: Record<string, string>;
    stamps?: Record<string, { at: string | null; second?: string | null }>;
  };
};

export type SharedJournalEntry = { kind: 'journal'; title: string; written_at: string; text: string };

export type SharedSafetyPlan = { kind: 'safety-plan'; title: string; sections: { heading: string; items: string[] }[] };

export type SharedItem = SharedIncident | SharedJournalEntry | SharedSafetyPlan;

/** What the advocate needs to fetch, check and open the parts; sealed with the item. */
export type PartsHeader = {
  /** The AES-256-GCM key (raw, base64), made for this share alone. */
  key: string;
  /** Where each attachment lies in the parts laid end to end. */
  files: { file: string; offset: number; length: number }[];
  /** Each part's nonce (12 bytes) and the SHA-256 of its ciphertext, base64, and its size. */
  parts: { nonce: string; sha256: string; size: number }[];
};

/** `parts`: an incident's photos and recordings travel beside the share in parts (share-parts.ts). */
export type SharePayload = { v: 1; consent: Consent; item: SharedItem; parts?: PartsHeader };

/** The days a share lasts unless she picks otherwise, and the most the server allows. */
export const DEFAULT_SHARE_DAYS = 90;
export const MAX_SHARE_DAYS = 365;

export function encodePayload(p: SharePayload): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(JSON.stringify(p));
}

export function decodePayload(bytes: Uint8Array): SharePayload {
  const p = JSON.parse(new TextDecoder().decode(bytes)) as SharePayload;
  if (p.v !== 1 || !p.consent || !p.item) throw new Error('Not a share this app can read.');
  return p;
}

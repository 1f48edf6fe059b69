import type { SharedIncident } from '../../lib/advocates/share-payload';
import { secondTokenFile, tokenFile } from '../../lib/evidence-bundle';
import { toBase64 } from '../../lib/vault/crypto';
import type { OpenVault } from '../../lib/vault/vault-store';
import { buildManifest, shownIds } from './export-bundle';
import { parseContent, type EvidenceEntry } from './incident-model';
import { attachmentBytes } from './incident-store';

/**
 * One incident as her advocate receives it: to read, and to export as the same evidence bundle she would
 * (docs/evidence.md): her chain with every other entry withheld (digest and stamp only), the tokens, and this
 * incident's attachments unchanged.
 */
export async function sharedIncident(
  vault: OpenVault,
  entries: EvidenceEntry[],
  incident: EvidenceEntry,
  title: string,
): Promise<SharedIncident> {
  const shown = shownIds(entries, new Set([incident.id]));
  const manifest = buildManifest(entries, shown);
  const files: Record<string, string> = {};
  const stamps: Record<string, { at: string | null; second?: string | null }> = {};
  for (const e of entries) {
    files[tokenFile(e.id)] = e.token!;
    stamps[e.id] = { at: e.stampedAt, second: e.secondStampedAt ?? null };
    if (e.secondToken) files[secondTokenFile(e.id)] = e.secondToken;
  }
  for (const a of incident.attachments) files[a.file] = toBase64(await attachmentBytes(vault, a.id));
  const amendments = entries
    .filter((e) => e.kind === 'amendment' && parseContent(e).amends === incident.id)
    .map((e) => {
      const c = parseContent(e);
      return { written_at: c.written_at, text: c.text ?? '' };
    });
  return {
    kind: 'incident',
    title,
    content: parseContent(incident) as unknown as Record<string, unknown>,
    amendments,
    attachments: incident.attachments.map((a) => ({ file: a.file, name: a.name, type: a.type })),
    evidence: { manifest, files, stamps },
  };
}

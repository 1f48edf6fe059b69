import { coreMembers, type BundleManifest, type ZipInput } from '../evidence-bundle';
import { parseContent, type BundleEntry } from '../evidence-bundle/entry';
import { fromBase64 } from './sealing';
import type { SharedIncident } from './share-payload';

/**
 * The entries of what she shared, as the bundle's report and how-to page show them (the same pages as her own
 * export): the shown entries read from the manifest she sealed, each attachment named as she named it.
 */
export function sharedEntries(item: SharedIncident): { entries: BundleEntry[]; shown: Set<string> } {
  const manifest = item.evidence.manifest as BundleManifest;
  const named = new Map(item.attachments.map((a) => [a.file, a]));
  const shown = new Set<string>();
  const entries = manifest.entries.map((m): BundleEntry => {
    const stamps = item.evidence.stamps?.[m.id];
    const base = { id: m.id, digest: m.digest, stampedAt: stamps?.at ?? null, secondStampedAt: stamps?.second ?? null };
    const second = m.second_token ? { secondToken: m.second_token } : {};
    // A withheld entry's kind is the start of its id (incident-..., amendment-..., removal-...).
    if (m.content === undefined) return { ...base, ...second, kind: m.id.split('-')[0], content: '', attachments: [] };
    shown.add(m.id);
    const c = parseContent({ content: m.content });
    return {
      ...base,
      ...second,
      kind: c.kind,
      content: m.content,
      attachments: c.attachments.map((a) => ({
        ...a,
        name: named.get(a.file)?.name ?? a.file.replace(/^.*\//, ''),
        type: named.get(a.file)?.type ?? '',
      })),
    };
  });
  return { entries, shown };
}

/** Every member of the bundle her advocate downloads: the same as her own export's, from what she shared. */
export function sharedBundleFiles(item: SharedIncident, certificate: string, report: string, howTo: string): ZipInput {
  const files = coreMembers(item.evidence.manifest as BundleManifest, certificate, report, howTo);
  const attachments = new Set(item.attachments.map((a) => a.file));
  for (const [name, b64] of Object.entries(item.evidence.files)) {
    // Photos and recordings are compressed already: stored as they are.
    files[name] = attachments.has(name) ? [fromBase64(b64), { level: 0 }] : fromBase64(b64);
  }
  return files;
}

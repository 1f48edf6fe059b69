import { fromBase64 } from '../../lib/vault/crypto';
import { courtCertificateFiles, type CourtCertificateRequest } from './court-certificate-files';
import { sha256Hex } from './digest';
import { parseContent, type EvidenceEntry } from './incident-model';
import { CERTIFICATE_FILE, FORMAT, secondTokenFile, tokenFile, type ZipInput } from '../../lib/evidence-bundle';

export { CERTIFICATE_FILE, FORMAT, zipBundle } from '../../lib/evidence-bundle';

/** An entry has no stamp yet: a bundle without it would not verify. */
export class NotStampedError extends Error {
  constructor() {
    super('Some entries are not time-stamped yet.');
    this.name = 'NotStampedError';
  }
}

/**
 * The SHA-256 of a PEM certificate's DER, in lowercase hex: the fingerprint `solace verify-evidence` prints
 * and the operator's documentation lists, so a reader can tell the bundle's certificate is the operator's.
 */
export function certificateSha256(pem: string): Promise<string> {
  return sha256Hex(fromBase64(pem.replace(/-----(BEGIN|END) CERTIFICATE-----|\s/g, '')));
}

const second = (e: EvidenceEntry) => (e.secondToken ? { second_token: secondTokenFile(e.id) } : {});

/**
 * The entries an export shows in full: the chosen incidents, their amendments and every removal record (so
 * the bundle says that something was deleted). The rest of the chain is withheld: digest and stamp only.
 */
export function shownIds(entries: EvidenceEntry[], chosenIncidents: Set<string>): Set<string> {
  const shown = new Set<string>();
  for (const e of entries) {
    const c = parseContent(e);
    if (e.kind === 'removal' || chosenIncidents.has(e.id) || (c.amends && chosenIncidents.has(c.amends))) shown.add(e.id);
  }
  return shown;
}

/** manifest.json as docs/evidence.md ("The bundle") describes it, in chain order. */
export function buildManifest(entries: EvidenceEntry[], shown: Set<string>) {
  if (entries.some((e) => !e.token)) throw new NotStampedError();
  return {
    format: FORMAT,
    certificate: CERTIFICATE_FILE,
    entries: entries.map((e) =>
      shown.has(e.id)
        ? { id: e.id, content: e.content, digest: e.digest, token: tokenFile(e.id), ...second(e) }
        : {
            id: e.id,
            digest: e.digest,
            token: tokenFile(e.id),
            ...second(e),
            withheld: true,
            written_at: parseContent(e).written_at,
          },
    ),
  };
}

/**
 * Every member of the ZIP: manifest, certificate, one token per entry, the shown entries' attachments
 * unchanged, the report and the how-to page, and the court certificate the operator named, if any. Built in the
 * browser: nothing passes through the server.
 */
export async function bundleFiles(args: {
  entries: EvidenceEntry[];
  shown: Set<string>;
  certificate: string;
  attachment(id: string): Promise<Uint8Array<ArrayBuffer>>;
  reportHtml: string;
  howToHtml: string;
  /** The court certificate the operator named (`[incidents] certificate`), filled in last over every other member. */
  court?: CourtCertificateRequest;
}): Promise<ZipInput> {
  const te = new TextEncoder();
  const manifest = buildManifest(args.entries, args.shown);
  const files: ZipInput = {
    'manifest.json': te.encode(JSON.stringify(manifest, null, 2)),
    [CERTIFICATE_FILE]: te.encode(args.certificate),
    'report.html': te.encode(args.reportHtml),
    'how-to-check.html': te.encode(args.howToHtml),
  };
  for (const e of args.entries) {
    files[tokenFile(e.id)] = fromBase64(e.token!);
    if (e.secondToken) files[secondTokenFile(e.id)] = fromBase64(e.secondToken);
    if (!args.shown.has(e.id)) continue;
    // Photos and recordings are compressed already: stored as they are.
    for (const a of e.attachments) files[a.file] = [await args.attachment(a.id), { level: 0 }];
  }
  if (args.court) Object.assign(files, await courtCertificateFiles(args.court, files, args.entries, args.shown));
  return files;
}

import type { ZipInput } from '../../lib/evidence-bundle';
import { sha256Hex } from './digest';
import { parseContent, type EvidenceEntry } from './incident-model';
import { esc, page, type PublishedCertificate } from './report-html';

/**
 * The court certificate an operator can name (`[incidents] certificate`, docs/evidence.md): the browser fills in a
 * template with the hash of every record and file in the bundle, for her (and an expert) to complete and sign. It is
 * made on her device with the rest of the bundle; nothing is sent anywhere.
 */
export const COURT_CERTIFICATES = ['india-bsa-63', 'us-fre-902-14'] as const;
export type CourtCertificate = (typeof COURT_CERTIFICATES)[number];

export const isCourtCertificate = (v: unknown): v is CourtCertificate =>
  typeof v === 'string' && (COURT_CERTIFICATES as readonly string[]).includes(v);

/** The folder of the certificate's pages and of the hash report they enclose. */
export const COURT_DIR = 'court-certificate';
/** Every other member's SHA-256, in the form `sha256sum -c` reads (run from the bundle's folder). */
export const HASH_REPORT = `${COURT_DIR}/hash-report.sha256`;

/** What a template is filled in with. */
export type CertificateFacts = {
  made: Date;
  /** The records produced in full: each entry's id, kind, the time her device gave it, and its SHA-256 (digest). */
  records: { id: string; kind: string; writtenAt: string; sha256: string }[];
  /** Each attachment of those records, as a member of the ZIP, with its SHA-256. */
  attachments: { file: string; record: string; sha256: string }[];
  /** Every member of the ZIP besides the certificate's own folder, with its SHA-256: the hash report. */
  files: { name: string; sha256: string }[];
  authority: PublishedCertificate;
};

const bytesOf = (member: ZipInput[string]) => (Array.isArray(member) ? member[0] : member) as Uint8Array<ArrayBuffer>;

/** The hash report: one `HASH  NAME` line per file, by name, as `sha256sum` writes them. */
export function hashReport(files: CertificateFacts['files']): string {
  return files.map((f) => `${f.sha256}  ${f.name}\n`).join('');
}

/** The facts of a bundle whose members are `members` (everything but the certificate itself). */
export async function certificateFacts(
  members: ZipInput,
  entries: EvidenceEntry[],
  shown: Set<string>,
  made: Date,
  authority: PublishedCertificate,
): Promise<CertificateFacts> {
  const names = Object.keys(members).sort();
  const files = await Promise.all(names.map(async (name) => ({ name, sha256: await sha256Hex(bytesOf(members[name])) })));
  const produced = entries.filter((e) => shown.has(e.id));
  return {
    made,
    records: produced.map((e) => ({ id: e.id, kind: e.kind, writtenAt: parseContent(e).written_at, sha256: e.digest })),
    attachments: produced.flatMap((e) => parseContent(e).attachments.map((a) => ({ file: a.file, record: e.id, sha256: a.sha256 }))),
    files,
    authority,
  };
}

/** The certificate's members: its pages (from `pages`, by language or law) and the hash report they enclose. */
export function certificateMembers(facts: CertificateFacts, pages: Record<string, string>): ZipInput {
  const te = new TextEncoder();
  const out: ZipInput = { [HASH_REPORT]: te.encode(hashReport(facts.files)) };
  for (const [name, html] of Object.entries(pages)) out[`${COURT_DIR}/${name}`] = te.encode(html);
  return out;
}

// Printable on A4 and Letter: the blanks are long enough to write on by hand, the hashes wrap.
const STYLE = `<style>.template{border:2px solid #111;padding:.5rem 1rem;margin:1rem 0}.blank{display:inline-block;min-width:12rem;border-bottom:1px solid #111}
table{border-collapse:collapse;width:100%;font-size:.85rem}th,td{border:1px solid #999;padding:.2rem .4rem;text-align:left;vertical-align:top}
td code{word-break:break-all}.part{break-before:page}.sign p{margin:.8rem 0}</style>`;

/** A line to write on, with what goes there when no label before it says so. */
export const blank = (what?: string) => `<span class="blank">&nbsp;</span>${what ? ` (${esc(what)})` : ''}`;
/** A box to tick; ticked where the bundle already knows the answer (SHA-256). */
export const box = (label: string, ticked = false) => `${ticked ? '☑' : '☐'} ${esc(label)}`;

/** The two tables of hashes: the records with their SHA-256, then the attachments. */
export function hashTables(
  facts: CertificateFacts,
  words: { record: string; kind: string; written: string; file: string; none: string },
): string {
  const row = (cells: string[]) => `<tr>${cells.map((c) => `<td>${c}</td>`).join('')}</tr>`;
  const head = (cells: string[]) => `<tr>${cells.map((c) => `<th>${esc(c)}</th>`).join('')}</tr>`;
  const records = `<table>${head([words.record, words.kind, words.written, 'SHA-256'])}${facts.records
    .map((r) => row([esc(r.id), esc(r.kind), esc(r.writtenAt), `<code>${r.sha256}</code>`]))
    .join('')}</table>`;
  const attachments = facts.attachments.length
    ? `<table>${head([words.file, words.record, 'SHA-256'])}${facts.attachments
        .map((a) => row([esc(a.file), esc(a.record), `<code>${a.sha256}</code>`]))
        .join('')}</table>`
    : `<p>${esc(words.none)}</p>`;
  return `${records}${attachments}`;
}

/** A certificate page: the notice that it is a template comes first, before anything to sign. */
export function templatePage(lang: string, title: string, notice: string[], body: string): string {
  return page(lang, title, `${STYLE}<div class="template" role="note">${notice.map((p) => `<p>${esc(p)}</p>`).join('')}</div><h1>${esc(title)}</h1>${body}`);
}

/**
 * What every evidence bundle shares (docs/evidence.md, "The bundle"), whoever builds it: her incident log's
 * export and her advocate's export of what she shared. `solace verify-evidence` checks either.
 */

import './english';
import { sha256Hex } from '../digest';
import type { Translate } from '../i18n';
import { readConfig } from '../incident-entry/config-read';
import { fromBase64 } from '../vault/crypto';
import checkScript from './check.sh?raw';

export const FORMAT = 'solace-evidence/1';
export const CERTIFICATE_FILE = 'certificate.pem';
/** Where the operator's server publishes its time-stamping certificate, for the reader to compare. */
export const CERTIFICATE_PATH = '/api/timestamp/certificate';

/** An entry's time-stamp token inside the ZIP. */
export const tokenFile = (id: string) => `tokens/${id}.tsr`;
/** The second authority's token of an entry, when the operator configured one (docs/evidence.md). */
export const secondTokenFile = (id: string) => `tokens/${id}.second.tsr`;

/** An entry's canonical content, the exact bytes its token stamps, for checking with OpenSSL alone. */
export const entryFile = (id: string) => `entries/${id}.json`;
export const REPORT_FILE = 'report.html';
export const HOW_TO_FILE = 'how-to-check.html';
/** The script that checks every shown entry and attachment with OpenSSL and a POSIX shell (check.sh). */
export const CHECK_FILE = 'check.sh';

export type ZipInput = Record<string, Uint8Array | [Uint8Array, { level: 0 }]>;

/** One entry of manifest.json: its content (and the member holding it) absent when withheld. */
export type ManifestEntry = {
  id: string;
  content?: string;
  content_file?: string;
  digest: string;
  token: string;
  second_token?: string;
  withheld?: true;
  written_at?: string;
};
export type BundleManifest = { format: string; certificate: string; entries: ManifestEntry[] };

/**
 * The members every bundle carries, whoever builds it: the manifest, each shown entry's content as its own file
 * (named in the manifest, so `verify-evidence` checks the two agree), the certificate, the report, the how-to
 * page and the script. Tokens, attachments and any further member are added beside these by the caller.
 */
export function coreMembers(manifest: BundleManifest, certificate: string, report: string, howTo: string): ZipInput {
  const te = new TextEncoder();
  const entries = manifest.entries.map((e) => (e.content === undefined ? e : { ...e, content_file: entryFile(e.id) }));
  const files: ZipInput = {
    'manifest.json': te.encode(JSON.stringify({ ...manifest, entries }, null, 2)),
    [CERTIFICATE_FILE]: te.encode(certificate),
    [REPORT_FILE]: te.encode(report),
    [HOW_TO_FILE]: te.encode(howTo),
    [CHECK_FILE]: te.encode(checkScript),
  };
  for (const e of entries) if (e.content !== undefined) files[entryFile(e.id)] = te.encode(e.content);
  return files;
}

/**
 * The ZIP itself, written by zip.js (a maintained ZIP library, fetched only when someone exports; its build without
 * workers or WebAssembly, deflating with the browser's own CompressionStream). With a password, every member is
 * encrypted with WinZip's AES-256 (AE-2), its key derived with the browser's WebCrypto: the format 7-Zip, WinRAR,
 * WinZip, Keka, The Unarchiver and Debian's `7z` open, and `solace verify-evidence --password-file` reads. The
 * members' names and sizes stay readable, as in any ZIP.
 */
export async function zipBundle(files: ZipInput, password?: string): Promise<Uint8Array> {
  const { configure, Uint8ArrayReader, Uint8ArrayWriter, ZipWriter } = await import('@zip.js/zip.js/lib/zip-core-custom.js');
  // On the page itself: the Content-Security-Policy lets no worker start from the blob zip.js would make.
  configure({ useWebWorkers: false });
  const zip = new ZipWriter(new Uint8ArrayWriter(), password ? { password, encryptionStrength: 3 } : {});
  for (const [name, file] of Object.entries(files)) {
    const [bytes, level] = Array.isArray(file) ? [file[0], file[1].level] : [file, 6];
    await zip.add(name, new Uint8ArrayReader(bytes), { level });
  }
  return zip.close();
}

/**
 * The SHA-256 of a PEM certificate's DER, in lowercase hex: the fingerprint `solace verify-evidence` prints
 * and the operator's documentation lists, so a reader can tell the bundle's certificate is the operator's.
 */
export function certificateSha256(pem: string): Promise<string> {
  return sha256Hex(fromBase64(pem.replace(/-----(BEGIN|END) CERTIFICATE-----|\s/g, '')));
}

/**
 * The authority the stamps were made by, named as it is: who runs it (`timestamp.operator_name`, else the server's
 * address), its certificate's subject and fingerprint, and where the operator publishes it, for the reader to compare.
 */
export type PublishedCertificate = { sha256: string; url: string; subject: string; operator: string; page?: string };

/** What /api/config says of who runs the stamping server and where they publish its certificate. */
export type StampingAuthority = { operatorName: string; certificatePage: string };

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** Reads /api/config's `timestamp` section; missing or wrong values read as unset. */
export function stampingAuthority(timestamp: unknown): StampingAuthority {
  const t = timestamp as { operator_name?: unknown; certificate_page?: unknown } | null | undefined;
  return { operatorName: text(t?.operator_name), certificatePage: text(t?.certificate_page) };
}

/** The operator's name and page, from the server's public config (read once per page load); unset when unread. */
export async function fetchStampingAuthority(): Promise<StampingAuthority> {
  const config = (await readConfig()) as { timestamp?: unknown } | null;
  return stampingAuthority(config?.timestamp);
}

/** The bundle's certificate as its pages name it: its fingerprint, and where this server publishes its own. */
export async function publishedCertificate(pem: string, authority: StampingAuthority, t: Translate): Promise<PublishedCertificate> {
  // pkijs is large: loaded only when a bundle is made.
  const { certificateSubject } = await import('./certificate-subject');
  return {
    sha256: await certificateSha256(pem),
    url: new URL(CERTIFICATE_PATH, location.origin).href,
    subject: certificateSubject(pem),
    operator: authority.operatorName || t('incidents.operatorUnnamed', { host: location.host }),
    page: authority.certificatePage || undefined,
  };
}

/** The time-stamping certificate (PEM) that goes into every bundle. */
export async function fetchCertificate(fetchImpl: typeof fetch = fetch): Promise<string> {
  const res = await fetchImpl(CERTIFICATE_PATH, { credentials: 'omit', cache: 'no-store' });
  if (!res.ok) throw new Error(`The server answered ${res.status}.`);
  return res.text();
}

/** Where the bundle's program comes from, for the how-to page: this server's address and its version. */
export type BundleMaker = { site: string; version: string | null };

/** The version of the server (and of this app, which it serves), from its public health check. */
export async function fetchMaker(fetchImpl: typeof fetch = fetch): Promise<BundleMaker> {
  const site = location.origin;
  try {
    const res = await fetchImpl('/health', { credentials: 'omit', cache: 'no-store' });
    const body = (await res.json()) as { version?: unknown };
    return { site, version: typeof body.version === 'string' ? body.version : null };
  } catch {
    // The bundle is still whole without it; the page then asks the operator which version to use.
    return { site, version: null };
  }
}

/** Hands a ZIP to the browser as a download; nothing of it is stored by the page. */
export function downloadZip(zip: Uint8Array, name: string): void {
  const url = URL.createObjectURL(new Blob([zip as Uint8Array<ArrayBuffer>], { type: 'application/zip' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  // Let the download start before the only copy of the link goes.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * What every evidence bundle shares (docs/evidence.md, "The bundle"), whoever builds it: her incident log's
 * export and her advocate's export of what she shared. `solace verify-evidence` checks either.
 */

export const FORMAT = 'solace-evidence/1';
export const CERTIFICATE_FILE = 'certificate.pem';
/** Where the operator's server publishes its time-stamping certificate, for the reader to compare. */
export const CERTIFICATE_PATH = '/api/timestamp/certificate';

/** An entry's time-stamp token inside the ZIP. */
export const tokenFile = (id: string) => `tokens/${id}.tsr`;
/** The second authority's token of an entry, when the operator configured one (docs/evidence.md). */
export const secondTokenFile = (id: string) => `tokens/${id}.second.tsr`;

export type ZipInput = Record<string, Uint8Array | [Uint8Array, { level: 0 }]>;

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

/** The time-stamping certificate (PEM) that goes into every bundle. */
export async function fetchCertificate(fetchImpl: typeof fetch = fetch): Promise<string> {
  const res = await fetchImpl(CERTIFICATE_PATH, { credentials: 'omit', cache: 'no-store' });
  if (!res.ok) throw new Error(`The server answered ${res.status}.`);
  return res.text();
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

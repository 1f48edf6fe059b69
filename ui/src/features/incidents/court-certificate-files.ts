import type { ZipInput } from '../../lib/evidence-bundle';
import { bsaCertificateHtml } from './certificate-bsa';
import { freCertificateHtml } from './certificate-fre';
import { certificateFacts, certificateMembers, type CourtCertificate } from './court-certificate';
import type { EvidenceEntry } from './incident-model';
import type { PublishedCertificate } from './report-html';

/** What the export passes on for the certificate the operator named. */
export type CourtCertificateRequest = { kind: CourtCertificate; made: Date; authority: PublishedCertificate };

/**
 * The certificate's members for a bundle whose other members are `members`: its pages, and the hash report of those
 * members that the pages enclose (so it is made last, over everything else in the ZIP).
 */
export async function courtCertificateFiles(
  request: CourtCertificateRequest,
  members: ZipInput,
  entries: EvidenceEntry[],
  shown: Set<string>,
): Promise<ZipInput> {
  const facts = await certificateFacts(members, entries, shown, request.made, request.authority);
  const pages: Record<string, string> =
    request.kind === 'india-bsa-63'
      ? { 'section-63-bsa-en.html': bsaCertificateHtml('en', facts), 'section-63-bsa-hi.html': bsaCertificateHtml('hi', facts) }
      : { 'fre-902-14.html': freCertificateHtml(facts) };
  return certificateMembers(facts, pages);
}

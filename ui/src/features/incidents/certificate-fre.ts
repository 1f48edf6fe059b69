import { blank, hashTables, HASH_REPORT, templatePage, type CertificateFacts } from './court-certificate';
import { esc } from './report-html';

/**
 * A certification under the US Federal Rule of Evidence 902(14) (data copied from an electronic device, storage medium
 * or file, authenticated by a process of digital identification), which must meet the certification requirements of
 * Rule 902(11): the records are identified by their SHA-256 hash values, filled in; who certifies, the device and the
 * check they made are left blank. The declaration follows 28 U.S.C. § 1746. In English, as the courts it is for use.
 */
const TITLE = 'Certification of data copied from an electronic device (Federal Rule of Evidence 902(14))';

const NOTICE = [
  'This is a template, not yet a certification. The program that made this file filled in what it knows: the SHA-256 hash value of every record and attachment in it. Everything else is for the person who signs it.',
  'Ask a lawyer before you use it: who is a qualified person to sign it in your case, and what your court asks for. Under Rule 902(11), the party offering the records must also give the other side reasonable written notice before the trial or hearing and let them inspect the records and this certification.',
  'It was made on the device the records were exported from. Nothing was sent anywhere.',
];

const TABLE_WORDS = {
  record: 'Record',
  kind: 'Kind',
  written: 'Written (device clock, UTC)',
  file: 'Attachment',
  none: 'The records have no attachments.',
};

export function freCertificateHtml(facts: CertificateFacts): string {
  const a = facts.authority;
  const body = [
    `<p>I, ${blank('full name')}, declare as follows:</p>`,
    '<ol>',
    `<li><p>I am a qualified person to make this certification because ${blank(
      'how you know these records: for example, you kept them yourself on your own device, or your training and experience in copying and identifying digital data',
    )}.</p></li>`,
    `<li><p>The data described below were copied from the following electronic device: ${blank(
      'make, model, and serial number or IMEI',
    )}, which was in the possession of ${blank('whose device it is')}. They are entries of an incident log kept in the web browser of that device, copied on ${esc(
      facts.made.toISOString(),
    )} (UTC) into the ZIP file this certification comes with.</p></li>`,
    `<li><p>The process of digital identification is the SHA-256 hash value. Each record's SHA-256 hash value was computed on the device when the record was saved, and each record was then time-stamped under RFC 3161 by the time-stamping server of ${esc(
      a.operator,
    )} (certificate subject ${esc(a.subject)}, SHA-256 fingerprint ${esc(a.sha256)}). Each attachment's SHA-256 hash value was computed on the device when it was added. Identical hash values show that the copy is identical to the data as it was then.</p></li>`,
    `<li><p>The hash values are:</p>${hashTables(facts, TABLE_WORDS)}<p>The file ${esc(
      HASH_REPORT,
    )} in the same ZIP file lists the SHA-256 hash value of every other file in it; in the unpacked folder, "sha256sum -c ${esc(
      HASH_REPORT,
    )}" checks them.</p></li>`,
    `<li><p>On ${blank('date')}, I computed the hash values of the copies in the ZIP file using ${blank(
      'the tool, for example sha256sum or solace verify-evidence',
    )}, and they are identical to the hash values listed above.</p></li>`,
    '</ol>',
    '<div class="sign">',
    '<p>I declare under penalty of perjury that the foregoing is true and correct.</p>',
    `<p>Executed on ${blank('date')} at ${blank('city and state or country')}.</p>`,
    `<p>${blank('signature')}</p><p>${blank('printed name')}</p>`,
    '</div>',
    '<p>If signed outside the United States, the declaration reads: "I declare under penalty of perjury under the laws of the United States of America that the foregoing is true and correct." (28 U.S.C. § 1746)</p>',
  ];
  return templatePage('en', TITLE, NOTICE, body.join('\n'));
}

/// <reference types="node" />
// The certificate templates and the authority's name in the bundle's pages, in English and Hindi. Node's own SHA-256
// (not the code under test) recomputes every hash the templates list.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { translatorFor } from '../../lib/test-utils/in-language';
import { HASH_REPORT } from './court-certificate';
import { bundleFiles } from './export-bundle';
import type { EvidenceEntry } from './incident-model';
import { howToHtml, reportHtml, type PublishedCertificate } from './report-html';

const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');
const PHOTO = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 5]);
const content = JSON.stringify({
  id: 'incident-1',
  kind: 'incident',
  written_at: '2026-11-20T21:30:00.000Z',
  previous: null,
  salt: '0',
  what_happened: 'He broke the window',
  attachments: [{ file: 'attachments/abcd1234-window.jpg', sha256: sha256(PHOTO) }],
});
const entry: EvidenceEntry = {
  version: 1,
  seq: 1,
  id: 'incident-1',
  kind: 'incident',
  content,
  digest: sha256(content),
  token: 'AAEC',
  stampedAt: '2026-11-20T21:31:00.000Z',
  stampedLater: false,
  attachments: [{ id: 'a1', file: 'attachments/abcd1234-window.jpg', sha256: sha256(PHOTO) }] as EvidenceEntry['attachments'],
};
const authority: PublishedCertificate = {
  sha256: 'ab'.repeat(32),
  url: 'https://help.example.org/api/timestamp/certificate',
  subject: 'CN=Solace time-stamping',
  operator: 'Sakhi Trust, Bengaluru',
  page: 'https://sakhi.example.org/fingerprint',
};


async function bundle(kind?: 'india-bsa-63' | 'us-fre-902-14') {
  const files = await bundleFiles({
    entries: [entry],
    shown: new Set([entry.id]),
    certificate: '-----BEGIN CERTIFICATE-----\nAA==\n-----END CERTIFICATE-----\n',
    attachment: async () => PHOTO,
    reportHtml: '<p>report</p>',
    howToHtml: '<p>how to</p>',
    court: kind && { kind, made: new Date('2026-11-21T10:00:00Z'), authority },
  });
  const bytes = (name: string) => {
    const m = files[name];
    return Array.isArray(m) ? m[0] : m;
  };
  const text = (name: string) => new TextDecoder().decode(bytes(name));
  return { files, bytes, text };
}

describe('the court certificate the operator names', () => {
  it('encloses a hash report of every other file, as sha256sum writes it', async () => {
    const { files, bytes, text } = await bundle('india-bsa-63');
    const others = Object.keys(files).filter((n) => !n.startsWith('court-certificate/')).sort();
    expect(others).toContain('attachments/abcd1234-window.jpg');
    expect(text(HASH_REPORT)).toBe(others.map((n) => `${sha256(bytes(n))}  ${n}\n`).join(''));
  });

  it.each([
    ['en', 'PART A (To be filled by the Party)', 'PART B (To be filled by the Expert)', /template/, /lawyer/],
    ['hi', 'भाग क (पक्षकार द्वारा भरा जाए)', 'भाग ख (विशेषज्ञ द्वारा भरा जाए)', /प्रारूप \(टेम्पलेट\)/, /वकील/],
  ])('India, in %s: Part A filled with every hash and SHA-256 ticked, Part B left blank, a template to ask a lawyer about', async (lang, partA, partB, template, lawyer) => {
    const { files, text } = await bundle('india-bsa-63');
    const page = text(`court-certificate/section-63-bsa-${lang}.html`);
    expect(page).toMatch(new RegExp(`<html lang="${lang}">`));
    const [a, b] = page.split(partB);
    expect(a).toContain(partA);
    expect(b).toBeDefined();
    // Part A: each record's and each attachment's SHA-256, SHA-256 ticked, the hash report named.
    expect(a).toContain(entry.digest);
    expect(a).toContain(sha256(PHOTO));
    expect(a).toContain('☑ SHA256');
    expect(a).toContain(HASH_REPORT);
    expect(a).toContain(authority.operator);
    expect(a).toContain(authority.subject);
    // Part B: nothing filled in for the expert, nothing ticked.
    expect(b).not.toContain(entry.digest);
    expect(b).not.toContain('☑');
    expect(b).toContain('☐ SHA256');
    // The notice comes first, before anything to sign.
    expect(page.indexOf('class="template"')).toBeLessThan(page.indexOf(partA));
    expect(page).toMatch(template);
    expect(page).toMatch(lawyer);
    expect(Object.keys(files)).not.toContain('court-certificate/fre-902-14.html');
  });

  it('United States: a Rule 902(14) certification identifying the records by hash, with the § 1746 declaration', async () => {
    const { files, text } = await bundle('us-fre-902-14');
    expect(Object.keys(files).filter((n) => n.startsWith('court-certificate/')).sort()).toEqual([
      'court-certificate/fre-902-14.html',
      HASH_REPORT,
    ]);
    const page = text('court-certificate/fre-902-14.html');
    for (const words of ['Federal Rule of Evidence 902(14)', 'under penalty of perjury', 'Rule 902(11)', 'template', 'lawyer', entry.digest, sha256(PHOTO), HASH_REPORT]) {
      expect(page).toContain(words);
    }
  });

  it('is not there when the operator names none', async () => {
    const { files } = await bundle();
    expect(Object.keys(files).some((n) => n.startsWith('court-certificate/'))).toBe(false);
  });
});

describe("the bundle's pages name the stamping authority as it is", () => {
  it.each([
    ['en', /independent/i],
    ['hi', /स्वतंत्र/],
  ])('in %s: the operator, the subject and the fingerprint, and "independent" only for the second authority', async (lang, independent) => {
    const t = await translatorFor(lang);
    const pages = (e: EvidenceEntry) => [
      reportHtml([e], new Set([e.id]), t, lang, new Date('2026-11-21T10:00:00Z'), [], authority),
      howToHtml([e], t, lang, authority),
    ];
    for (const page of pages(entry)) {
      for (const words of [authority.operator, authority.subject, authority.sha256, authority.url, authority.page!]) {
        expect(page).toContain(words);
      }
      expect(page).not.toMatch(independent);
    }
    const both = { ...entry, secondToken: 'AAEC', secondStampedAt: '2026-11-20T21:31:05.000Z' };
    for (const page of pages(both)) expect(page).toMatch(independent);
  });
});

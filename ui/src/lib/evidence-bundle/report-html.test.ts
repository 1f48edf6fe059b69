/// <reference types="node" />
// OpenSSL, a tool nobody here wrote, makes the certificate and its fingerprint: the test runs in Node, hence its types.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { translatorFor } from '../test-utils/in-language';
import type { BundleEntry } from './entry';
import { certificateSha256, CHECK_FILE, coreMembers, FORMAT } from './index';
import { howToHtml, reportHtml } from './report-html';

const entry: BundleEntry = {
  id: 'e1',
  kind: 'incident',
  content: JSON.stringify({ id: 'e1', kind: 'incident', written_at: '2026-11-20T21:30:00.000Z', previous: null, salt: '0', attachments: [] }),
  digest: 'd'.repeat(64),
  stampedAt: '2026-11-20T21:31:00.000Z',
  attachments: [],
};
const maker = { site: 'https://help.example.org', version: '0.1.0' };
const published = {
  sha256: 'ab'.repeat(32),
  url: 'https://help.example.org/api/timestamp/certificate',
  subject: 'CN=Solace time-stamping',
  operator: 'Sakhi Trust',
  page: 'https://help.example.org/stamps',
};


describe("the bundle's pages name the certificate to compare", () => {
  it.each(['en', 'hi'])('in %s: its fingerprint and where the operator publishes it, in the report and the how-to', async (lang) => {
    const t = await translatorFor(lang);
    const report = reportHtml([entry], new Set(['e1']), t, lang, new Date('2026-11-21T10:00:00Z'), [], published);
    const howTo = howToHtml([entry], new Set(['e1']), t, lang, published, maker);
    for (const page of [report, howTo]) {
      expect(page).toContain(published.sha256);
      expect(page).toContain(published.url);
      // Named as it is: who runs the stamping server, its certificate's subject, where the fingerprint is published.
      expect(page).toContain(published.operator);
      expect(page).toContain(published.subject);
      expect(page).toContain(published.page);
    }
    expect(howTo).toContain('solace verify-evidence --certificate PUBLISHED.pem BUNDLE.zip');
  });

  it('gives the same fingerprint as OpenSSL (and verify-evidence): the SHA-256 of the DER', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cert-'));
    try {
      const pem = path.join(dir, 'c.pem');
      execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes',
        '-keyout', path.join(dir, 'k.pem'), '-out', pem, '-days', '1', '-subj', '/CN=Solace time-stamping']);
      const out = execFileSync('openssl', ['x509', '-in', pem, '-noout', '-fingerprint', '-sha256'], { encoding: 'utf8' });
      const expected = out.split('=')[1].trim().replace(/:/g, '').toLowerCase();
      expect(await certificateSha256(readFileSync(pem, 'utf8'))).toBe(expected);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

const PHOTO_SHA = '1'.repeat(64);
const AUDIO_SHA = '2'.repeat(64);
const content = (fields: Record<string, unknown>) =>
  JSON.stringify({ written_at: '2026-11-20T21:30:00.000Z', previous: null, salt: '0', attachments: [], ...fields });
const incident: BundleEntry = {
  id: 'incident-1',
  kind: 'incident',
  content: content({
    id: 'incident-1',
    kind: 'incident',
    what_happened: 'He broke the window',
    attachments: [
      { file: 'attachments/aaaaaaaa-wrist.png', sha256: PHOTO_SHA },
      { file: 'attachments/bbbbbbbb-recording.webm', sha256: AUDIO_SHA },
    ],
  }),
  digest: 'a'.repeat(64),
  stampedAt: '2026-11-20T21:31:00.000Z',
  attachments: [
    { file: 'attachments/aaaaaaaa-wrist.png', name: 'wrist.png', type: 'image/png', sha256: PHOTO_SHA },
    { file: 'attachments/bbbbbbbb-recording.webm', name: 'recording.webm', type: 'audio/webm', sha256: AUDIO_SHA },
  ],
};
const amendment: BundleEntry = {
  id: 'amendment-2',
  kind: 'amendment',
  content: content({ id: 'amendment-2', kind: 'amendment', amends: 'incident-1', text: 'It was the back window' }),
  digest: 'b'.repeat(64),
  stampedAt: '2026-11-21T08:00:00.000Z',
  attachments: [],
};
const other: BundleEntry = { id: 'incident-0', kind: 'incident', content: '', digest: 'c'.repeat(64), stampedAt: null, attachments: [] };
const chain = [other, incident, amendment];
const shown = new Set(['incident-1', 'amendment-2']);

describe('the report a lawyer can file', () => {
  it.each(['en', 'hi'])('in %s: each photo beside its SHA-256, every entry by its id, the correction naming what it corrects', async (lang) => {
    const t = await translatorFor(lang);
    const report = reportHtml(chain, shown, t, lang, new Date('2026-11-21T10:00:00Z'), [], published);
    const doc = new DOMParser().parseFromString(report, 'text/html');
    const figure = doc.querySelector('figure')!;
    expect(figure.querySelector('img')!.getAttribute('src')).toBe('attachments/aaaaaaaa-wrist.png');
    expect(figure.querySelector('img')!.getAttribute('alt')).toBe('wrist.png');
    expect(figure.textContent).toContain(PHOTO_SHA);
    // A recording is named with its SHA-256, not shown as a picture.
    expect(doc.querySelectorAll('img')).toHaveLength(1);
    const audio = [...doc.querySelectorAll('li')].find((li) => li.textContent!.includes('recording.webm'))!;
    expect(audio.textContent).toContain(AUDIO_SHA);
    // Ids, and the files they name in the ZIP.
    for (const id of ['incident-1', 'amendment-2']) {
      expect(doc.getElementById(id)!.textContent).toContain(`entries/${id}.json`);
      expect(doc.getElementById(id)!.textContent).toContain(`tokens/${id}.tsr`);
    }
    const correction = doc.getElementById('amendment-2')!.textContent!;
    expect(correction).toContain('It was the back window');
    expect(correction).toContain(t('incidents.reportAmends', { id: 'amendment-2', amends: 'incident-1' }));
    // The withheld entry is counted, never read.
    expect(report).not.toContain('incident-0');
  });

  it('prints as one document on A4 or Letter: the printer\'s page size, photos scaled, never split', async () => {
    const report = reportHtml(chain, shown, await translatorFor('en'), 'en', new Date(), [], published);
    expect(report).toContain('@page{size:auto');
    expect(report).toMatch(/img\{max-width:100%/);
    expect(report).toMatch(/figure[^{]*\{break-inside:avoid\}|figure,li\{break-inside:avoid\}/);
  });
});

describe('the how-to page recomputes every digest from the files', () => {
  it.each(['en', 'hi'])('in %s: openssl dgst and ts -verify -data for each shown entry and attachment, check.sh, where to get solace', async (lang) => {
    const t = await translatorFor(lang);
    const howTo = howToHtml(chain, shown, t, lang, published, maker);
    const text = new DOMParser().parseFromString(howTo, 'text/html').body.textContent!;
    for (const id of ['incident-1', 'amendment-2']) {
      expect(text).toContain(`openssl dgst -sha256 entries/${id}.json`);
      expect(text).toContain(`openssl ts -verify -data entries/${id}.json -in tokens/${id}.tsr -token_in -CAfile certificate.pem`);
      // No command of a shown entry takes its digest from the page: a tampered file would still pass.
      expect(text).not.toContain(`-digest ${chain.find((e) => e.id === id)!.digest}`);
    }
    expect(text).toContain(`openssl dgst -sha256 attachments/aaaaaaaa-wrist.png   # = ${PHOTO_SHA}`);
    expect(text).toContain(`openssl dgst -sha256 attachments/bbbbbbbb-recording.webm   # = ${AUDIO_SHA}`);
    expect(text).toContain(`openssl ts -verify -digest ${other.digest} -in tokens/incident-0.tsr`);
    expect(text).toContain(`sh ${CHECK_FILE}`);
    expect(text).toContain(t('incidents.howToGet', maker));
    expect(text).toContain('0.1.0');
    const unknown = howToHtml(chain, shown, t, lang, published, { site: maker.site, version: null });
    expect(unknown).toContain(esc(t('incidents.howToGetNoVersion', { site: maker.site })));
  });
});

describe('the members every bundle carries', () => {
  it('each shown entry as its own file, the very bytes of its content, named in the manifest; and check.sh', () => {
    const manifest = {
      format: FORMAT,
      certificate: 'certificate.pem',
      entries: [
        { id: 'incident-0', digest: other.digest, token: 'tokens/incident-0.tsr', withheld: true as const, written_at: 'x' },
        { id: 'incident-1', content: incident.content, digest: incident.digest, token: 'tokens/incident-1.tsr' },
      ],
    };
    const files = coreMembers(manifest, 'PEM', '<report>', '<how-to>');
    const td = new TextDecoder();
    expect(td.decode(files['entries/incident-1.json'] as Uint8Array)).toBe(incident.content);
    expect(files['entries/incident-0.json']).toBeUndefined();
    const written = JSON.parse(td.decode(files['manifest.json'] as Uint8Array));
    expect(written.entries[1].content_file).toBe('entries/incident-1.json');
    expect(written.entries[0].content_file).toBeUndefined();
    expect(td.decode(files[CHECK_FILE] as Uint8Array)).toMatch(/^#!\/bin\/sh/);
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining(['manifest.json', 'certificate.pem', 'report.html', 'how-to-check.html', CHECK_FILE]),
    );
  });
});

function esc(s: string): string {
  return s.replace(/'/g, '&#39;').replace(/"/g, '&quot;');
}

/// <reference types="node" />
// OpenSSL, a tool nobody here wrote, makes the certificate and its fingerprint: the test runs in Node, hence its types.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { translatorFor } from '../../lib/test-utils/in-language';
import { certificateSha256 } from './export-bundle';
import type { EvidenceEntry } from './incident-model';
import { howToHtml, reportHtml } from './report-html';

const entry: EvidenceEntry = {
  version: 1,
  seq: 1,
  id: 'e1',
  kind: 'incident',
  content: JSON.stringify({ id: 'e1', kind: 'incident', written_at: '2026-11-20T21:30:00.000Z', previous: null, salt: '0', attachments: [] }),
  digest: 'd'.repeat(64),
  token: 'AA==',
  stampedAt: '2026-11-20T21:31:00.000Z',
  stampedLater: false,
  attachments: [],
};
const published = {
  sha256: 'ab'.repeat(32),
  url: 'https://help.example.org/api/timestamp/certificate',
  subject: 'CN=Solace time-stamping',
  operator: 'Sakhi Trust',
};


describe("the bundle's pages name the certificate to compare", () => {
  it.each(['en', 'hi'])('in %s: its fingerprint and where the operator publishes it, in the report and the how-to', async (lang) => {
    const t = await translatorFor(lang);
    const report = reportHtml([entry], new Set(['e1']), t, lang, new Date('2026-11-21T10:00:00Z'), [], published);
    const howTo = howToHtml([entry], t, lang, published);
    for (const page of [report, howTo]) {
      expect(page).toContain(published.sha256);
      expect(page).toContain(published.url);
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

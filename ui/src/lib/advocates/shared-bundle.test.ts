import { describe, expect, it } from 'vitest';
import { translatorFor } from '../test-utils/in-language';
import { builtInKinds } from '../incident-entry/kind-labels';
import { howToHtml, reportHtml } from '../evidence-bundle/report-html';
import { sharedBundleFiles, sharedEntries } from './shared-bundle';
import type { SharedIncident } from './share-payload';

const PHOTO_SHA = 'f'.repeat(64);
const incidentContent = JSON.stringify({
  attachments: [{ file: 'attachments/abcdefgh-door.jpg', sha256: PHOTO_SHA }],
  id: 'incident-b',
  kind: 'incident',
  kinds: ['physical'],
  previous: 'a'.repeat(64),
  salt: '1',
  what_happened: 'He locked me out',
  written_at: '2026-11-20T21:30:00.000Z',
});
const amendmentContent = JSON.stringify({
  amends: 'incident-b',
  attachments: [],
  id: 'amendment-c',
  kind: 'amendment',
  previous: 'b'.repeat(64),
  salt: '2',
  text: 'It was the back door',
  written_at: '2026-11-21T08:00:00.000Z',
});
// What her device seals for her advocate (features/incidents/share-incident.ts): every other entry withheld.
const item: SharedIncident = {
  kind: 'incident',
  title: 'Incident',
  content: JSON.parse(incidentContent),
  amendments: [{ written_at: '2026-11-21T08:00:00.000Z', text: 'It was the back door' }],
  attachments: [{ file: 'attachments/abcdefgh-door.jpg', name: 'door.jpg', type: 'image/jpeg' }],
  evidence: {
    manifest: {
      format: 'solace-evidence/1',
      certificate: 'certificate.pem',
      entries: [
        { id: 'incident-a', digest: 'a'.repeat(64), token: 'tokens/incident-a.tsr', withheld: true, written_at: '2026-11-19T10:00:00.000Z' },
        { id: 'incident-b', content: incidentContent, digest: 'b'.repeat(64), token: 'tokens/incident-b.tsr' },
        { id: 'amendment-c', content: amendmentContent, digest: 'c'.repeat(64), token: 'tokens/amendment-c.tsr' },
      ],
    },
    files: { 'tokens/incident-a.tsr': 'AA==', 'tokens/incident-b.tsr': 'AQ==', 'tokens/amendment-c.tsr': 'Ag==', 'attachments/abcdefgh-door.jpg': 'Aw==' },
    stamps: { 'incident-b': { at: '2026-11-20T21:31:00.000Z' }, 'amendment-c': { at: '2026-11-21T08:01:00.000Z' } },
  },
};


const published = { sha256: '0'.repeat(64), url: 'https://x.example/c', subject: 'CN=Solace time-stamping', operator: 'Sakhi Trust' };

describe("her advocate's bundle", () => {
  it.each(['en', 'hi'])('in %s: the same report, how-to page, entry files and script as her own export', async (lang) => {
    const t = await translatorFor(lang);
    const { entries, shown } = sharedEntries(item);
    expect([...shown]).toEqual(['incident-b', 'amendment-c']);
    const report = reportHtml(entries, shown, t, lang, new Date(), builtInKinds(t), published);
    const howTo = howToHtml(entries, shown, t, lang, published, { site: 'https://x.example', version: '0.1.0' });
    const doc = new DOMParser().parseFromString(report, 'text/html');
    expect(doc.querySelector('img')!.getAttribute('src')).toBe('attachments/abcdefgh-door.jpg');
    expect(doc.querySelector('figure')!.textContent).toContain(PHOTO_SHA);
    expect(doc.getElementById('amendment-c')!.textContent).toContain(t('incidents.reportAmends', { id: 'amendment-c', amends: 'incident-b' }));
    expect(report).toContain(t('incidents.kindPhysical'));
    expect(howTo).toContain('openssl ts -verify -data entries/incident-b.json -in tokens/incident-b.tsr');
    expect(howTo).toContain('openssl ts -verify -digest ' + 'a'.repeat(64));

    const files = sharedBundleFiles(item, 'PEM', report, howTo);
    expect(Object.keys(files).sort()).toEqual([
      'attachments/abcdefgh-door.jpg',
      'certificate.pem',
      'check.sh',
      'entries/amendment-c.json',
      'entries/incident-b.json',
      'how-to-check.html',
      'manifest.json',
      'report.html',
      'tokens/amendment-c.tsr',
      'tokens/incident-a.tsr',
      'tokens/incident-b.tsr',
    ]);
    expect(new TextDecoder().decode(files['entries/incident-b.json'] as Uint8Array)).toBe(incidentContent);
  });
});

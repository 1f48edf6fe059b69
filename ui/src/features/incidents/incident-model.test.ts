import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json';
import { sha256Hex } from '../../lib/digest';
import { chainHead, incidentFields, sealContent, withOffset, type EvidenceEntry } from './incident-model';

const entry = (digest: string, seq: number): EvidenceEntry => ({
  version: 1,
  seq,
  id: `e${seq}`,
  kind: 'incident',
  content: '{}',
  digest,
  token: null,
  stampedAt: null,
  stampedLater: false,
  attachments: [],
});

describe('sealing an entry', () => {
  it('hashes exactly the canonical content, which links to the entry before it', async () => {
    const first = await sealContent(
      { id: 'a', kind: 'incident', previous: null, attachments: [], writtenAt: new Date('2026-01-02T03:04:05Z') },
      { where: 'home' },
    );
    expect(first.digest).toBe(await sha256Hex(first.content));
    const parsed = JSON.parse(first.content);
    expect(canonicalJson(parsed)).toBe(first.content);
    expect(parsed).toMatchObject({ id: 'a', kind: 'incident', previous: null, written_at: '2026-01-02T03:04:05.000Z' });
    expect(parsed.salt).toMatch(/^[0-9a-f]{64}$/);

    const chain = [entry(first.digest, 1)];
    const second = await sealContent(
      { id: 'b', kind: 'amendment', previous: chainHead(chain), attachments: [], writtenAt: new Date() },
      { amends: 'a', text: 'x' },
    );
    expect(JSON.parse(second.content).previous).toBe(first.digest);
  });

  it('gives the same words a different digest each time (the salt), so the server cannot guess them', async () => {
    const base = { id: 'a', kind: 'incident' as const, previous: null, attachments: [], writtenAt: new Date(0) };
    const one = await sealContent(base, { what_happened: 'yes' });
    const two = await sealContent(base, { what_happened: 'yes' });
    expect(one.digest).not.toBe(two.digest);
  });

  it('lists each attachment by its file in the bundle and its SHA-256', async () => {
    const sealed = await sealContent(
      {
        id: 'a',
        kind: 'incident',
        previous: null,
        writtenAt: new Date(0),
        attachments: [{ id: 'x', file: 'attachments/x-photo.jpg', name: 'photo.jpg', type: 'image/jpeg', size: 3, sha256: 'ab', kind: 'photo' }],
      },
      {},
    );
    expect(JSON.parse(sealed.content).attachments).toEqual([{ file: 'attachments/x-photo.jpg', sha256: 'ab' }]);
  });

  it('keeps the time she entered with its UTC offset, and the items of lists separately', () => {
    expect(withOffset('2026-03-05T21:30', 330)).toBe('2026-03-05T21:30:00+05:30');
    expect(withOffset('2026-03-05T21:30', -300)).toBe('2026-03-05T21:30:00-05:00');
    const fields = incidentFields({
      start: '2026-03-05T21:30',
      end: '',
      about: true,
      where: ' home ',
      what: 'x',
      kinds: ['dowry'],
      injuries: '',
      medical: '',
      witnesses: ['Asha', ' ', 'Ravi'],
      references: [],
    });
    expect(fields).toMatchObject({ where: 'home', witnesses: ['Asha', 'Ravi'], when: { about: true, end: null } });
  });
});

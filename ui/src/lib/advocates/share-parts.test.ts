// @vitest-environment node
// In Node's own environment: WebCrypto there refuses the buffers jsdom's globals make.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toBase64 } from '../vault/crypto';
import { putParts, type PartProgress } from './part-transfer';
import { openPart, PART_BYTES, PartMismatchError, toParts, withAttachments } from './share-parts';
import type { SharedIncident } from './share-payload';

function randomBytes(n: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i += 65_536) crypto.getRandomValues(out.subarray(i, Math.min(n, i + 65_536)));
  return out;
}

function incident(files: Record<string, Uint8Array>): SharedIncident {
  const evidence: Record<string, string> = { 'tokens/e1.tsr': 'dG9rZW4=' };
  for (const [name, b] of Object.entries(files)) evidence[name] = toBase64(b);
  return {
    kind: 'incident',
    title: 'The incident of 3 March',
    content: { text: 'what happened' },
    amendments: [],
    attachments: Object.keys(files).map((file) => ({ file, name: file, type: 'image/jpeg' })),
    evidence: { manifest: { v: 1 }, files: evidence },
  };
}

describe("a share's parts", () => {
  it('carry the attachments encrypted in parts of at most 1 MiB, and open to the same bytes', async () => {
    const photo = randomBytes(2_500_000);
    const voice = randomBytes(1000);
    const item = incident({ 'attachments/photo.jpg': photo, 'attachments/voice.webm': voice });
    const { item: sealedItem, header, parts } = await toParts('share-1', item);
    expect(parts).toHaveLength(3);
    expect(parts.every((p) => p.length <= PART_BYTES)).toBe(true);
    expect(header!.parts.map((p) => p.size)).toEqual(parts.map((p) => p.length));
    // The item sealed to the advocate no longer holds the bytes; the token stays in it.
    expect(Object.keys(sealedItem.kind === 'incident' ? sealedItem.evidence.files : {})).toEqual(['tokens/e1.tsr']);
    // What the server gets is not the photo.
    const sample = toBase64(photo.subarray(5000, 5032));
    expect(parts.some((p) => toBase64(p).includes(sample))).toBe(false);

    const opened = await Promise.all(parts.map((p, n) => openPart('share-1', header!, n, p)));
    const back = withAttachments(sealedItem, header!, opened) as SharedIncident;
    expect(back.evidence.files).toEqual(item.evidence.files);
  });

  it('refuse a changed, swapped or moved part', async () => {
    const { header, parts } = await toParts('share-1', incident({ 'attachments/a.jpg': randomBytes(1_200_000) }));
    const changed = parts[0].slice();
    changed[10] ^= 1;
    await expect(openPart('share-1', header!, 0, changed)).rejects.toBeInstanceOf(PartMismatchError);
    await expect(openPart('share-1', header!, 0, parts[1])).rejects.toBeInstanceOf(PartMismatchError);
    await expect(openPart('share-2', header!, 0, parts[0])).rejects.toBeInstanceOf(PartMismatchError);
    await expect(openPart('share-1', header!, 2, parts[0])).rejects.toBeInstanceOf(PartMismatchError);
  });

  it('are none for a journal entry or an incident without attachments', async () => {
    const entry = { kind: 'journal' as const, title: 'Tuesday', written_at: '2026-03-03', text: 'a note' };
    expect((await toParts('s', entry)).parts).toEqual([]);
    expect((await toParts('s', incident({}))).header).toBeUndefined();
  });
});

describe('putting the parts', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('goes on from the part that failed once the connection is back, and stops at a refusal', async () => {
    const seen: string[] = [];
    let calls = 0;
    vi.stubGlobal('fetch', async (url: string) => {
      calls++;
      seen.push(url);
      if (calls === 2) throw new TypeError('Failed to fetch');
      if (calls === 3) return new Response('{}', { status: 503 });
      return new Response(null, { status: 204 });
    });
    const progress: PartProgress[] = [];
    const waits: number[] = [];
    const parts = [new Uint8Array([1]), new Uint8Array([2]), new Uint8Array([3])];
    await putParts('token', 's1', parts, (p) => progress.push(p), async (ms) => void waits.push(ms));
    expect(seen.map((u) => u.split('/').pop())).toEqual(['0', '1', '1', '1', '2']);
    expect(waits).toEqual([1000, 2000]);
    expect(progress.some((p) => p.waiting && p.done === 1)).toBe(true);
    expect(progress.at(-1)).toEqual({ done: 3, total: 3, waiting: false });

    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ error: 'share_too_large' }), { status: 413 }));
    await expect(putParts('token', 's1', parts, () => undefined, async () => undefined)).rejects.toMatchObject({ status: 413 });
  });
});

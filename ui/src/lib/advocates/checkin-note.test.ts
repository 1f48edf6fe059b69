// @vitest-environment node
// In Node's own environment: WebCrypto there refuses the buffers jsdom's globals make.
import { describe, expect, it } from 'vitest';
import { decodeCheckinNote, encodeCheckinNote, sealNoteFor } from './checkin-note';
import { fromBase64, makeAdvocateKeys, openSealed, sealToAdvocate, toBase64, unlockAdvocateKey } from './sealing';
import { decodePayload } from './share-payload';

describe('her check-in note for an advocate', () => {
  it('gives back her note, in any script', () => {
    const note = 'Going to the flat for my papers, back by 6. मुझे फ़ोन करना।';
    expect(decodeCheckinNote(encodeCheckinNote(note))).toBe(note);
    expect(decodeCheckinNote(encodeCheckinNote(''))).toBe('');
  });

  it('is never taken for a share, nor a share for a note', () => {
    expect(() => decodePayload(encodeCheckinNote('x'))).toThrow();
    expect(() => decodeCheckinNote(new TextEncoder().encode('{"v":1,"note":"x"}'))).toThrow();
    expect(() => decodeCheckinNote(new TextEncoder().encode('not json'))).toThrow();
  });

  it('is sealed to each advocate with a key, and only that advocate opens theirs', async () => {
    const asha = await makeAdvocateKeys('river stone lantern', 1000);
    const ravi = await makeAdvocateKeys('copper morning field', 1000);
    const sealed = await sealNoteFor(
      [
        { id: 'asha', public_key: asha.public_key },
        { id: 'nokey', public_key: null },
        { id: 'ravi', public_key: ravi.public_key },
      ],
      'At the station at six',
    );
    expect(sealed.map((s) => s.id)).toEqual(['asha', 'ravi']);
    const ashaKey = await unlockAdvocateKey(asha.wrapped_private_key, 'river stone lantern');
    expect(decodeCheckinNote(await openSealed(ashaKey, fromBase64(sealed[0].sealed), 'checkin-note'))).toBe('At the station at six');
    await expect(openSealed(ashaKey, fromBase64(sealed[1].sealed), 'checkin-note')).rejects.toThrow();
  });

  it('is sealed under its own label: a note sealed as a share is refused, and a note never opens as a share', async () => {
    const asha = await makeAdvocateKeys('river stone lantern', 1000);
    const key = await unlockAdvocateKey(asha.wrapped_private_key, 'river stone lantern');
    const asShare = await sealToAdvocate(asha.public_key, encodeCheckinNote('At the station at six'), 'share');
    await expect(openSealed(key, fromBase64(toBase64(asShare)), 'checkin-note')).rejects.toThrow();
    const [note] = await sealNoteFor([{ id: 'asha', public_key: asha.public_key }], 'At the station at six');
    await expect(openSealed(key, fromBase64(note.sealed), 'share')).rejects.toThrow();
    expect(decodeCheckinNote(await openSealed(key, fromBase64(note.sealed), 'checkin-note'))).toBe('At the station at six');
  });
});

/**
 * Her check-in note as sealed for each advocate she chose (docs/checkin.md, docs/advocates.md): a small JSON
 * form that says what it is, so that a sealed note can never be taken for a share, and a share never for a note.
 */
const KIND = 'solace check-in note';

export function encodeCheckinNote(note: string): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(JSON.stringify({ v: 1, kind: KIND, note }));
}

/** The note, or an error when the bytes are not a check-in note. */
export function decodeCheckinNote(bytes: Uint8Array): string {
  const form = JSON.parse(new TextDecoder().decode(bytes)) as { v?: unknown; kind?: unknown; note?: unknown };
  if (form.v !== 1 || form.kind !== KIND || typeof form.note !== 'string') throw new Error('Not a check-in note.');
  return form.note;
}

/** Seals her note to each chosen advocate's public key in this browser: what the check-in routes take. */
export async function sealNoteFor(
  advocates: { id: string; public_key: string | null }[],
  note: string,
): Promise<{ id: string; sealed: string }[]> {
  // HPKE travels only in this chunk, fetched when she starts or tests a check-in with an advocate.
  const { sealToAdvocate, toBase64 } = await import('./sealing');
  const bytes = encodeCheckinNote(note);
  return Promise.all(
    advocates
      .filter((a) => a.public_key)
      .map(async (a) => ({ id: a.id, sealed: toBase64(await sealToAdvocate(a.public_key!, bytes, 'checkin-note')) })),
  );
}

/** The server's own authority, and the second one it passes requests on to (docs/evidence.md, "The endpoint"). */
export const OWN_AUTHORITY = '/api/timestamp';
export const SECOND_AUTHORITY = '/api/timestamp/external';

/** Asks a time-stamping authority to stamp one digest. */
export async function stampDigest(
  digestHex: string,
  fetchImpl: typeof fetch = fetch,
  authority: string = OWN_AUTHORITY,
): Promise<{ token: Uint8Array<ArrayBuffer>; genTime: Date }> {
  // The ASN.1 libraries are needed only here: a separate chunk, fetched on the first seal.
  const { encodeTimeStampReq, parseTimeStampResp } = await import('./rfc3161');
  // A positive nonce: the top bit clear, so the DER INTEGER reads the same on both sides.
  const nonce = crypto.getRandomValues(new Uint8Array(8));
  nonce[0] = (nonce[0] & 0x7f) | 0x01;
  const res = await fetchImpl(authority, {
    method: 'POST',
    headers: { 'Content-Type': 'application/timestamp-query' },
    body: encodeTimeStampReq(digestHex, nonce),
    // No account: the stamp must not be tied to her.
    credentials: 'omit',
    cache: 'no-store',
  });
  if (!res.ok) throw new Error(`The time-stamping server answered ${res.status}.`);
  return parseTimeStampResp(new Uint8Array(await res.arrayBuffer()), digestHex, nonce);
}

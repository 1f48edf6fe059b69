/**
 * Sending one share (docs/advocates.md, "Shares" and "Parts"): the item's photos and recordings become parts
 * under a key of their own; the item, its consent record and that key are sealed to the advocate (HPKE); the
 * server is told how many parts follow, and they follow. A share that could not be completed is withdrawn, so
 * the advocate never finds half of one and she can simply send it again.
 */
import type { OpenVault } from '../vault/vault-store';
import { AdvocateApiError, advocateApi } from './api';
import { putParts, type PartProgress } from './part-transfer';
import { sealLabel } from './share-label';
import { toParts } from './share-parts';
import { encodePayload, type Consent, type SharedItem } from './share-payload';

/** The server's bound on the sealed share itself (without its parts). */
export const MAX_SEALED_BYTES = 1024 * 1024;

/** More than the server takes in one share (`[advocates] max_share_mib`), or a sealed item past 1 MiB. */
export class TooLargeError extends Error {
  constructor() {
    super('The share is larger than the server takes.');
    this.name = 'TooLargeError';
  }
}

export type OutgoingShare = {
  advocateId: string;
  publicKey: string;
  shareId: string;
  /** Unix milliseconds. */
  expiresAt: number;
  consent: Consent;
  item: SharedItem;
  /** Her words for what it holds, sealed for her own devices only. */
  label: string;
};

export async function sendShare(
  token: string,
  vault: OpenVault,
  s: OutgoingShare,
  onProgress: (p: PartProgress) => void = () => undefined,
): Promise<void> {
  const { item, header, parts } = await toParts(s.shareId, s.item);
  // HPKE travels only in this chunk, fetched when she shares.
  const { sealToAdvocate, toBase64 } = await import('./sealing');
  const sealed = await sealToAdvocate(s.publicKey, encodePayload({ v: 1, consent: s.consent, item, ...(header ? { parts: header } : {}) }), 'share');
  if (sealed.length > MAX_SEALED_BYTES) throw new TooLargeError();
  try {
    await advocateApi(token, 'POST', `/advocates/${encodeURIComponent(s.advocateId)}/shares`, {
      id: s.shareId,
      expires_at: s.expiresAt,
      sealed: toBase64(sealed),
      label: await sealLabel(vault, s.shareId, s.label),
      parts: parts.length,
    });
  } catch (err) {
    if (err instanceof AdvocateApiError && err.status === 413) throw new TooLargeError();
    throw err;
  }
  try {
    await putParts(token, s.shareId, parts, onProgress);
  } catch (err) {
    await advocateApi(token, 'DELETE', `/advocates/shares/${encodeURIComponent(s.shareId)}`).catch(() => undefined);
    if (err instanceof AdvocateApiError && err.status === 413) throw new TooLargeError();
    throw err;
  }
}

/**
 * The safety code both screens show at pairing (docs/vault.md, "Sharing with an advocate"): six digits from
 * SHA-256 over the advocate's public key, her account id and the pairing code. A server that put its own key in
 * place of the advocate's would make the two screens differ, so the pair notices.
 */
import { fromBase64 } from '../vault/crypto';

/** Each part with its length in front (4 bytes, big-endian), so no two different triples hash alike. */
function framed(parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const total = parts.reduce((n, p) => n + 4 + p.length, 0);
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  let at = 0;
  for (const p of parts) {
    view.setUint32(at, p.length);
    out.set(p, at + 4);
    at += 4 + p.length;
  }
  return out;
}

/** Only the code's digits count, so '1234 5678' and '12345678' give the same safety code. */
export function pairingDigits(code: string): string {
  return code.replace(/\D/g, '');
}

/**
 * `publicKey` is the advocate's public key as the server hands it over (base64 of the raw P-256 point); the
 * result is six digits, the digest's first 8 bytes read as a number modulo a million (the bias is below 10^-13).
 */
export async function safetyCode(publicKey: string, accountId: string, pairingCode: string): Promise<string> {
  const text = new TextEncoder();
  const input = framed([fromBase64(publicKey), text.encode(accountId), text.encode(pairingDigits(pairingCode))]);
  const digest = new DataView(await crypto.subtle.digest('SHA-256', input));
  const n = digest.getBigUint64(0) % 1_000_000n;
  return n.toString().padStart(6, '0');
}

/**
 * The safety code of an advocate's key with one person outside a pairing (after the advocate made a new key): the
 * same form with no pairing code (an empty third part).
 */
export function keySafetyCode(publicKey: string, accountId: string): Promise<string> {
  return safetyCode(publicKey, accountId, '');
}

/** Six digits as two groups of three, easier to read aloud. */
export function spokenSafetyCode(code: string): string {
  return `${code.slice(0, 3)} ${code.slice(3)}`;
}

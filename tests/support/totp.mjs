// RFC 6238 codes (SHA-1, six digits, 30-second steps) for the test suites, so a test can play the
// part of her authenticator app from the secret the server shows. Node's HMAC does the work.
import { createHmac } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function base32Decode(text) {
  let bits = 0;
  let value = 0;
  const out = [];
  for (const ch of text.replace(/=+$/, '').replace(/\s+/g, '').toUpperCase()) {
    const v = ALPHABET.indexOf(ch);
    if (v < 0) throw new Error(`not base32: ${text}`);
    value = (value << 5) | v;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      out.push((value >>> bits) & 0xff);
    }
  }
  return Buffer.from(out);
}

/** The 30-second step of a moment (milliseconds since 1970). */
export function stepAt(ms = Date.now()) {
  return Math.floor(ms / 30_000);
}

/** The code for a step. */
export function totpCode(secretBase32, step = stepAt()) {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', base32Decode(secretBase32)).update(counter).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  const n = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(n).padStart(6, '0');
}

/**
 * The current step, after waiting out the last seconds of a step, so codes a test makes now stay
 * within the server's one-step window while the test uses them.
 */
export async function freshStep() {
  while (Date.now() % 30_000 > 25_000) {
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return stepAt();
}

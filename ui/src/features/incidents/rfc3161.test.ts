/// <reference types="node" />
// OpenSSL, a tool nobody here wrote, reads the request: the test runs in Node, hence its types.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { encodeTimeStampReq, parseTimeStampResp } from './rfc3161';

const digest = 'a'.repeat(62) + '0f';
const nonce = new Uint8Array([0x12, 0x34, 0x56, 0x78, 0x9a, 0xbc, 0xde, 0xf0]);

describe('the RFC 3161 request', () => {
  it('is read by OpenSSL as a SHA-256 request for the digest, with the nonce and a certificate asked for', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tsq-'));
    try {
      const file = path.join(dir, 'req.tsq');
      writeFileSync(file, encodeTimeStampReq(digest, nonce));
      const text = execFileSync('openssl', ['ts', '-query', '-in', file, '-text'], { encoding: 'utf8' });
      expect(text).toMatch(/Hash Algorithm: sha256/);
      // OpenSSL prints the message imprint as a hex dump: offset, " - ", bytes, then the bytes as text.
      const dumped = [...text.matchAll(/^\s*[0-9a-f]{4} - ((?:[0-9a-f]{2}[ -])+)/gm)]
        .map((m) => m[1].replace(/[ -]/g, ''))
        .join('');
      expect(dumped).toBe(digest);
      expect(text).toMatch(/Nonce: 0x123456789ABCDEF0/i);
      expect(text).toMatch(/Certificate required: yes/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a reply that is not a TimeStampResp', () => {
    expect(() => parseTimeStampResp(new Uint8Array([1, 2, 3]), digest, nonce)).toThrow(/not accepted/);
  });
});

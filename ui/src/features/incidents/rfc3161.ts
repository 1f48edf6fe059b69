// RFC 3161 requests and replies, through PKI.js and ASN1.js (maintained ASN.1/CMS libraries on WebCrypto).
// This module is imported only when an entry is stamped (timestamp-client.ts), so the libraries travel in
// their own chunk and never in a page's first load.
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { fromHex, toHex } from './digest';

const SHA256_OID = '2.16.840.1.101.3.4.2.1';
const TST_INFO_OID = '1.2.840.113549.1.9.16.1.4';

/** A DER TimeStampReq for a SHA-256 digest (hex), asking for the certificate, with a nonce. */
export function encodeTimeStampReq(digestHex: string, nonce: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer> {
  const req = new pkijs.TimeStampReq({
    version: 1,
    messageImprint: new pkijs.MessageImprint({
      hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: SHA256_OID }),
      hashedMessage: new asn1js.OctetString({ valueHex: fromHex(digestHex) }),
    }),
    nonce: new asn1js.Integer({ valueHex: nonce }),
    certReq: true,
  });
  return new Uint8Array(req.toSchema().toBER(false));
}

export class TimeStampError extends Error {
  constructor(why: string) {
    super(`The time-stamp reply was not accepted: ${why}`);
    this.name = 'TimeStampError';
  }
}

/** What a token says: the digest it stamps and the time. */
export function readToken(token: Uint8Array<ArrayBuffer>): { digestHex: string; genTime: Date; nonce: string | null } {
  const info = pkijs.ContentInfo.fromBER(token);
  const signed = new pkijs.SignedData({ schema: info.content });
  if (signed.encapContentInfo.eContentType !== TST_INFO_OID || !signed.encapContentInfo.eContent) {
    throw new TimeStampError('it holds no TSTInfo');
  }
  const tst = pkijs.TSTInfo.fromBER(signed.encapContentInfo.eContent.getValue());
  if (tst.messageImprint.hashAlgorithm.algorithmId !== SHA256_OID) throw new TimeStampError('not SHA-256');
  return {
    digestHex: toHex(new Uint8Array(tst.messageImprint.hashedMessage.getValue())),
    genTime: tst.genTime,
    nonce: tst.nonce ? toHex(new Uint8Array(tst.nonce.valueBlock.valueHexView)) : null,
  };
}

/**
 * The token of a DER TimeStampResp, checked against what was asked: granted, the same digest and nonce.
 * (The signature is checked by whoever relies on it: `solace verify-evidence` or `openssl ts -verify`.)
 */
export function parseTimeStampResp(
  der: Uint8Array<ArrayBuffer>,
  digestHex: string,
  nonce: Uint8Array<ArrayBuffer>,
): { token: Uint8Array<ArrayBuffer>; genTime: Date } {
  let resp: pkijs.TimeStampResp;
  try {
    resp = pkijs.TimeStampResp.fromBER(der);
  } catch {
    throw new TimeStampError('not a TimeStampResp');
  }
  if (resp.status.status > 1 || !resp.timeStampToken) throw new TimeStampError(`status ${resp.status.status}`);
  const token = new Uint8Array(resp.timeStampToken.toSchema().toBER(false));
  const said = readToken(token);
  if (said.digestHex !== digestHex) throw new TimeStampError('it stamps another digest');
  if (said.nonce !== null && BigInt(`0x${said.nonce}`) !== BigInt(`0x${toHex(nonce) || '0'}`)) {
    throw new TimeStampError('another nonce');
  }
  return { token, genTime: said.genTime };
}

// The attribute names RFC 4514 gives short forms for, as `solace verify-evidence` prints them.
const NAME_ATTRIBUTES: Record<string, string> = {
  '2.5.4.3': 'CN',
  '2.5.4.6': 'C',
  '2.5.4.7': 'L',
  '2.5.4.8': 'ST',
  '2.5.4.9': 'STREET',
  '2.5.4.10': 'O',
  '2.5.4.11': 'OU',
  '0.9.2342.19200300.100.1.1': 'UID',
  '0.9.2342.19200300.100.1.25': 'DC',
};

/**
 * A PEM certificate's subject in RFC 4514's form ("CN=Solace time-stamping"), last attribute first, as
 * `solace verify-evidence` and x509-cert print it, so the report names the authority the same way.
 */
export function certificateSubject(pem: string): string {
  const der = Uint8Array.from(atob(pem.replace(/-----(BEGIN|END) CERTIFICATE-----|\s/g, '')), (c) => c.charCodeAt(0));
  const cert = pkijs.Certificate.fromBER(der);
  return cert.subject.typesAndValues
    .map((tv) => {
      const value = String((tv.value.valueBlock as { value?: unknown }).value ?? '').replace(/([,+"\\<>;=])/g, '\\$1');
      return `${NAME_ATTRIBUTES[tv.type] ?? tv.type}=${value}`;
    })
    .reverse()
    .join(',');
}

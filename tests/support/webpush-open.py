#!/usr/bin/python3
"""Opens a Web Push message as the browser would, independently of the server's Rust code: Debian's
python3-cryptography for ECDH, HKDF, AES-GCM and ECDSA.

Reads JSON on standard input: {"body": base64url message, "authorization": the request's header,
"private_key": base64url of the subscription's 32-byte P-256 private key, "auth": base64url of its
16-byte auth secret}. Checks the VAPID token (RFC 8292: ES256 signature by the key in `k`) and decrypts
the message (RFC 8291 with RFC 8188 aes128gcm). Prints {"plaintext", "claims", "k"}; exits 1 on any
failure, saying why on standard error.
"""
import base64
import json
import struct
import sys

from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat


def b64(s):
    return base64.urlsafe_b64decode(s + "=" * (-len(s) % 4))


def hkdf(salt, ikm, info, length):
    return HKDF(algorithm=hashes.SHA256(), length=length, salt=salt, info=info).derive(ikm)


def verify_vapid(header):
    scheme, _, params = header.partition(" ")
    if scheme != "vapid":
        raise ValueError("not the vapid scheme")
    fields = dict(p.strip().split("=", 1) for p in params.split(","))
    token, key = fields["t"], fields["k"]
    head, payload, signature = token.split(".")
    if json.loads(b64(head)).get("alg") != "ES256":
        raise ValueError("the token is not ES256")
    public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), b64(key))
    raw = b64(signature)
    if len(raw) != 64:
        raise ValueError("an ES256 signature has 64 bytes")
    der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    public.verify(der, (head + "." + payload).encode(), ec.ECDSA(hashes.SHA256()))
    return json.loads(b64(payload)), key


def decrypt(body, private_value, auth_secret):
    ua_private = ec.derive_private_key(private_value, ec.SECP256R1())
    ua_public = ua_private.public_key().public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)
    salt, rs, idlen = body[:16], struct.unpack(">I", body[16:20])[0], body[20]
    as_public_bytes = body[21 : 21 + idlen]
    records = body[21 + idlen :]
    as_public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), as_public_bytes)
    shared = ua_private.exchange(ec.ECDH(), as_public)
    ikm = hkdf(auth_secret, shared, b"WebPush: info\x00" + ua_public + as_public_bytes, 32)
    cek = hkdf(salt, ikm, b"Content-Encoding: aes128gcm\x00", 16)
    nonce = hkdf(salt, ikm, b"Content-Encoding: nonce\x00", 12)
    out = b""
    for seq, start in enumerate(range(0, len(records), rs)):
        iv = (int.from_bytes(nonce, "big") ^ seq).to_bytes(12, "big")
        plain = AESGCM(cek).decrypt(iv, records[start : start + rs], None).rstrip(b"\x00")
        last = start + rs >= len(records)
        if plain[-1:] != (b"\x02" if last else b"\x01"):
            raise ValueError("a record's padding delimiter is wrong")
        out += plain[:-1]
    return out


def main():
    given = json.load(sys.stdin)
    try:
        claims, key = verify_vapid(given["authorization"])
        private_value = int.from_bytes(b64(given["private_key"]), "big")
        plaintext = decrypt(b64(given["body"]), private_value, b64(given["auth"]))
    except Exception as e:  # any failure is the test's failure, said plainly
        print(f"cannot open the push: {type(e).__name__}: {e}", file=sys.stderr)
        sys.exit(1)
    print(json.dumps({"plaintext": plaintext.decode(), "claims": claims, "k": key}))


if __name__ == "__main__":
    main()

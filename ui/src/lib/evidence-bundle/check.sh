#!/bin/sh
# Checks this evidence bundle with OpenSSL alone (how-to-check.html says what each step means).
# Unpack the whole ZIP, then in its folder:   sh check.sh [CERTIFICATE.pem]
# (the certificate the stamps are checked against: the bundle's own certificate.pem unless you give the
# one the operator publishes).
#
# For every entry whose text is in the bundle (entries/ID.json, the exact bytes that were stamped):
#   1. its SHA-256 is computed again and must be a digest manifest.json lists;
#   2. its time-stamp token (tokens/ID.tsr) must stamp exactly those bytes and be signed by the certificate;
#   3. every photo, recording or file the stamped text lists ("file" and "sha256") is hashed again and
#      must have that SHA-256.
# It prints one line for each check and exits 1 if any fails. Nothing is changed or sent anywhere.

ca=${1:-certificate.pem}
# A certificate given by the reader is found from where they are, before moving to the bundle's folder.
case $ca in /*) ;; *) [ -n "${1:-}" ] && ca="$PWD/$ca" ;; esac
cd "$(dirname "$0")" || exit 2
if [ ! -f "$ca" ]; then
  echo "No certificate $ca here: unpack the whole bundle, or give the certificate's file." >&2
  exit 2
fi
failed=0
checked=0

sha256() {
  openssl dgst -sha256 -r "$1" 2>/dev/null | cut -d' ' -f1
}

for entry in entries/*.json; do
  if [ ! -f "$entry" ]; then
    echo "No entries/ folder here: unpack the whole bundle first." >&2
    exit 2
  fi
  id=$(basename "$entry" .json)
  checked=$((checked + 1))
  digest=$(sha256 "$entry")
  if grep -q "\"digest\": *\"$digest\"" manifest.json; then
    echo "OK      $id: text SHA-256 $digest, as manifest.json lists"
  else
    echo "FAILED  $id: text SHA-256 $digest is not in manifest.json: the text was changed"
    failed=1
  fi
  if openssl ts -verify -data "$entry" -in "tokens/$id.tsr" -token_in -CAfile "$ca" >/dev/null 2>&1; then
    echo "OK      $id: tokens/$id.tsr stamps this text, signed by $ca"
  else
    echo "FAILED  $id: tokens/$id.tsr does not stamp this text with $ca: the text or the token was changed"
    failed=1
  fi
  # The stamped text lists each attachment as {"file":"attachments/...","sha256":"<hex>"}; quotes inside
  # her own words are written \" in it, so only the list itself matches.
  refs=$(grep -o '{"file":"[^"]*","sha256":"[0-9a-f]*"}' "$entry" |
    sed 's/^{"file":"\([^"]*\)","sha256":"\([0-9a-f]*\)"}$/\2 \1/')
  while read -r want file; do
    [ -n "$file" ] || continue
    got=$(sha256 "$file")
    if [ -n "$got" ] && [ "$got" = "$want" ]; then
      echo "OK      $id: $file SHA-256 $got, as the stamped text lists"
    else
      echo "FAILED  $id: $file does not have the SHA-256 the stamped text lists ($want): it was changed or is missing"
      failed=1
    fi
  done <<EOF
$refs
EOF
done

if [ "$failed" -ne 0 ]; then
  echo "Something in this bundle was changed after it was time-stamped (see FAILED above)."
  exit 1
fi
echo "All $checked entries and their attachments are as they were time-stamped."
echo "Entries left out of this bundle, and the order of the chain, are checked by: solace verify-evidence"

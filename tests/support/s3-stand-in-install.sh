#!/usr/bin/env bash
# Installs the S3 stand-in (moto's server mode, from Python's package index at the versions pinned in
# s3-stand-in.requirements.txt) into a virtual environment of Debian's python3 under the build output,
# target/s3-stand-in, when it is missing or the pins changed; prints the environment's python. Every suite
# runs this first (tests/all.sh in its system stage, the Rust and JavaScript helpers before they start the
# stand-in), so it is installed once, by whichever comes first (the others wait on its lock).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
venv="${CARGO_TARGET_DIR:-$root/target}/s3-stand-in"
pins="$root/tests/support/s3-stand-in.requirements.txt"
mkdir -p "$(dirname "$venv")"
exec 9>"$venv.lock"
flock 9
if ! cmp -s "$pins" "$venv/installed" 2>/dev/null; then
  echo "installing moto (the S3 stand-in) into $venv" >&2
  rm -rf "$venv"
  /usr/bin/python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check --no-input -r "$pins" >&2
  cp "$pins" "$venv/installed"
fi
echo "$venv/bin/python"

#!/usr/bin/env bash
# Runs every test Solace has, installing what it needs first: Rust format, lints, unit and integration
# tests; the UI's type check, lint and unit tests; the auth-js compatibility suite and the browser end-to-end
# tests against the same debug binary. CI runs exactly this (.ci/run).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
step() { printf '\n==> %s\n' "$*"; }

# A clean CI checkout compiles everything once: incremental caches would only cost disk and time there.
if [ -n "${CI:-}" ]; then export CARGO_INCREMENTAL=0; fi

# Debian's chromium for the browser tests and nginx for the Rust test that puts a proxy in front of the
# server, installed in the background while the UI is checked and Rust compiles.
system_log=$(mktemp)
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
[ -x /usr/sbin/nginx ] || missing+=(nginx)
if [ ${#missing[@]} -gt 0 ]; then
  step "installing Debian's ${missing[*]} in the background"
  ( export DEBIAN_FRONTEND=noninteractive
    { apt-get update -qq && apt-get install -y -qq --no-install-recommends "${missing[@]}"; } >"$system_log" 2>&1
  ) &
  system_pid=$!
else
  system_pid=
fi
wait_system() {
  if [ -n "$system_pid" ] && ! wait "$system_pid"; then
    cat "$system_log"; echo "could not install ${missing[*]}"; exit 1
  fi
  system_pid=
}

# npm ci only where the lockfile changed since the last install.
npm_install() {
  if [ ! -f "$1/node_modules/.package-lock.json" ] || [ "$1/package-lock.json" -nt "$1/node_modules/.package-lock.json" ]; then
    (cd "$1" && npm ci --no-audit --no-fund)
  fi
}

step "npm packages"
npm_install ui
if [ -f tests/auth-js/package.json ]; then npm_install tests/auth-js; fi

step "rustfmt"
cargo fmt --check

step "UI type check, lint and unit tests"
(cd ui && npm run --silent typecheck && npm run --silent lint && npx vitest run)

step "build (UI embedded) and Rust tests"
cargo build --bins
cargo clippy --all-targets --quiet -- -D warnings
wait_system
cargo test --quiet

export SOLACE_BIN="$root/target/debug/solace"

step "auth-js compatibility suite"
if [ -f tests/auth-js/package.json ]; then (cd tests/auth-js && node --test); fi

step "browser end-to-end tests"
# A test that hangs fails after 10 minutes instead of holding the run until CI gives up.
if [ -d ui/e2e ]; then (cd ui && node --test --test-concurrency=1 --test-timeout=600000 e2e/); fi

step "all tests passed"

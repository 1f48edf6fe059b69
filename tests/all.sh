#!/usr/bin/env bash
# Runs every test Solace has, installing what it needs first: Rust format, lints, unit and integration
# tests; the UI's type check, lint and unit tests; the auth-js compatibility suite and the browser end-to-end
# tests against the same debug binary. CI runs exactly this (.ci/run).
#
# Stages that do not need each other run side by side, so both cores stay busy; every line a stage prints
# starts with its name ("[rust-tests] ..."), and the run ends with a table of each stage's duration. The
# command fails when any stage fails, after the others have finished. How long a fresh clone takes, and how
# that was measured: docs/development.md.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
state=$(mktemp -d)
run_started=$(date +%s)

# A clean CI checkout compiles everything once: incremental caches would only cost disk and time there.
if [ -n "${CI:-}" ]; then export CARGO_INCREMENTAL=0; fi

# Clippy's lints run inside the one compile of the tests: clippy-driver is rustc with the lints added, and
# Cargo hands it only this package's crates (every target: lib, binary, tests, benches), so nothing is
# compiled twice. The arguments are those of `cargo clippy --all-targets -- -D warnings`, passed the way
# cargo-clippy passes them; the [lints] table in Cargo.toml applies as usual.
clippy_driver="$(rustc --print sysroot)/bin/clippy-driver"
if [ ! -x "$clippy_driver" ]; then
  echo "clippy is not installed (rustup component add clippy)"
  exit 1
fi
export RUSTC_WORKSPACE_WRAPPER="$clippy_driver"
export CLIPPY_ARGS="-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__"

# ---- stages ----------------------------------------------------------------------------------------
declare -A stage_pid=()
stage_order=()

# start NAME COMMAND...: runs COMMAND in the background with its output prefixed by [NAME].
start() {
  local name=$1
  shift
  stage_order+=("$name")
  (
    set +e
    begun=$(date +%s)
    ( set -e; "$@" ) 2>&1 | sed -u "s/^/[$name] /" | tee "$state/$name.log"
    rc=${PIPESTATUS[0]}
    echo "$rc $(($(date +%s) - begun))" >"$state/$name"
    if [ "$rc" -ne 0 ]; then echo "[$name] FAILED (exit status $rc)"; fi
    exit "$rc"
  ) &
  stage_pid[$name]=$!
}

# finished NAME: waits for the stage; succeeds when it passed.
finished() {
  wait "${stage_pid[$1]}" 2>/dev/null || true
  [ -f "$state/$1" ] && [ "$(cut -d' ' -f1 "$state/$1")" = 0 ]
}

# failures NAME: what a failed stage said about its failures, so the end of a long log names them: each
# failing test's block of the TAP output (node), Cargo's list of failures, or else the stage's last lines.
failures() {
  local log="$state/$1.log"
  [ -f "$log" ] || return 0
  printf '\n==> why %s failed\n' "$1"
  if grep -q '^\[[a-z-]*\] *not ok ' "$log"; then
    # A failing subtest's block runs from its "not ok" line to the YAML end marker "..." that closes it.
    awk '/^\[[a-z-]*\] *not ok /{on=1; n=0} on{print; n++} on && (/^\[[a-z-]*\] *\.\.\.$/ || n>=60){on=0}' "$log" | head -200
  elif grep -q '^\[[a-z-]*\] failures:' "$log"; then
    sed -n '/^\[[a-z-]*\] failures:/,$p' "$log" | head -200
  else
    tail -n 40 "$log"
  fi
}

# Prints every stage's duration and result, and exits with failure if any stage failed.
report() {
  local failed=0 name rc secs
  for name in "${!stage_pid[@]}"; do wait "${stage_pid[$name]}" 2>/dev/null || true; done
  for name in "${stage_order[@]}"; do
    if [ -f "$state/$name" ] && [ "$(cut -d' ' -f1 "$state/$name")" != 0 ]; then failures "$name"; fi
  done
  printf '\n==> stage durations (side by side where possible)\n'
  for name in "${stage_order[@]}"; do
    if [ -f "$state/$name" ]; then read -r rc secs <"$state/$name"; else rc=?; secs=0; fi
    if [ "$rc" = 0 ]; then result=passed; else result="FAILED ($rc)"; failed=1; fi
    printf '%-18s %4d:%02d  %s\n' "$name" $((secs / 60)) $((secs % 60)) "$result"
  done
  local total=$(($(date +%s) - run_started))
  printf '%-18s %4d:%02d\n' total $((total / 60)) $((total % 60))
  rm -rf "$state"
  if [ "$failed" = 0 ]; then echo "all tests passed"; else echo "some stages failed (search the log for FAILED)"; fi
  exit "$failed"
}

# A stage that cannot start because one it needs failed.
not_run() {
  stage_order+=("$1")
  echo "1 0" >"$state/$1"
  echo "[$1] not run: $2 failed"
}

# npm ci only where the lockfile changed since the last install.
npm_install() {
  if [ ! -f "$1/node_modules/.package-lock.json" ] || [ "$1/package-lock.json" -nt "$1/node_modules/.package-lock.json" ]; then
    (cd "$1" && npm ci --no-audit --no-fund)
  fi
}

# Debian's chromium for the browser tests, nginx for the Rust test that puts a proxy in front of the
# server, aiosmtpd for the real SMTP server the check-in tests send alerts to, and Python's cryptography for
# the independent check of Web Push messages (tests/support/webpush-open.py), sqlite3 for the browser
# tests that read what Chromium kept in its own profile (ui/e2e/browser-profile.mjs), and p7zip-full's `7z`,
# the common tool a lawyer opens her password-locked evidence export with (the Rust and browser tests open it);
# PostgreSQL 15 for the throwaway cluster (tests/support/postgres-stand-in.py) and python3-venv for the
# environment the S3 stand-in, moto, is installed into from Python's package index
# (tests/support/s3-stand-in-install.sh, only when missing or its pins changed).
system_packages() {
  local missing=()
  command -v chromium >/dev/null 2>&1 || missing+=(chromium)
  [ -x /usr/sbin/nginx ] || missing+=(nginx)
  /usr/bin/python3 -c 'import aiosmtpd' 2>/dev/null || missing+=(python3-aiosmtpd)
  /usr/bin/python3 -c 'import cryptography' 2>/dev/null || missing+=(python3-cryptography)
  command -v sqlite3 >/dev/null 2>&1 || missing+=(sqlite3)
  command -v 7z >/dev/null 2>&1 || missing+=(p7zip-full)
  command -v promtool >/dev/null 2>&1 || missing+=(prometheus)
  compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null || missing+=(postgresql)
  /usr/bin/python3 -c 'import ensurepip' 2>/dev/null || missing+=(python3-venv)
  if [ ${#missing[@]} -gt 0 ]; then
    echo "installing Debian's ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing[@]}"
  fi
  tests/support/s3-stand-in-install.sh >/dev/null
}

# The web app (`npm run build`: `tsc -b`, which is the UI's type check and fails on any type error, then
# `vite build`) is built in a stage of its own from the start, beside the compile, not by the build script
# when the compile reaches it, where the binary would wait for it. The stage holds `ui/.build-lock` (taken
# before either starts, see the run below) until it ends; the build script waits for that lock, then finds
# ui/dist up to date and only compresses it.
ui_build() {
  cd ui
  # Only the stage's own shell holds the lock: nothing the build leaves running can keep the compile waiting.
  npm run --silent build 9>&-
}

# One compile of everything (binary, library, every test target), and the browser and auth-js suites start
# the moment the binary in it is linked, while the tests go on compiling: `binary_ready` is a named pipe the
# watcher writes to when Cargo reports `target/debug/solace` done (or closes, if the build fails first).
# The compile runs at the tests' own priority: the Rust tests wait for its last targets, and a lower
# priority let the browser suite starve it for minutes (docs/development.md, "What the test command costs").
binary_ready="$state/binary-ready"
mkfifo "$binary_ready"
rust_build() {
  local status
  cargo test --all-targets --no-run --message-format=json-render-diagnostics \
    | node -e '
      const rl = require("readline").createInterface({ input: process.stdin });
      const fs = require("fs");
      let told = false;
      rl.on("line", (line) => {
        if (told || !line.startsWith("{")) return;
        let m;
        try { m = JSON.parse(line); } catch { return; }
        if (m.reason === "compiler-artifact" && m.executable && !m.profile.test && m.target.name === "solace") {
          fs.writeFileSync(process.argv[2], "");
          fs.writeFileSync(process.argv[1], "ready\n");
          told = true;
        }
      });
    ' "$binary_ready" "$state/told" || status=$?
  # The build failed before the binary was linked: closing the pipe tells the waiting run so.
  [ -e "$state/told" ] || : >"$binary_ready"
  return "${status:-0}"
}
# Most integration tests wait (on a server starting, a token's clock, an alarm falling due) far more than
# they compute, but the run is bound by CPU all the same (docs/development.md, "What the test command
# costs"), and four at a time once made two servers race for one loopback port (each test picks a free port,
# then starts the binary on it): one test thread per core, the default.
rust_tests() { cargo test --quiet --no-fail-fast; }
ui_checks() {
  cd ui
  npm run --silent lint
  npx vitest run
}
# The suite runs two ways at once (tests/auth-js/helpers.js, SIGN_UP_RETURNS_SESSION): as the server answers
# by default, on SQLite, and against servers with GoTrue's autoconfirm switch on (`auth.sign_up_returns_session`)
# on PostgreSQL (one throwaway cluster for the half, a database for each server: tests/support/with-postgres.mjs),
# whose lines are marked "(autoconfirm, PostgreSQL)". So both engines are covered without a third run. Both
# halves mostly wait on their tokens' clocks, so together they take as long as one.
auth_js() {
  cd tests/auth-js
  # A test that hangs fails after 10 minutes instead of holding the run (as in the browser suite).
  SOLACE_SIGN_UP=session SOLACE_TEST_DATABASE=postgres node ../support/with-postgres.mjs \
    node --test --test-timeout=600000 2>&1 | sed -u 's/^/(autoconfirm, PostgreSQL) /' &
  local autoconfirm=$! rc=0
  node --test --test-timeout=600000 || rc=$?
  wait "$autoconfirm" || rc=$?
  return "$rc"
}
# Each browser test file starts its own binary, stand-ins and browser on free ports with its own data
# directory, so two files run at once. Three kept the cores busier when the suite ran alone, but in the whole
# run the Rust tests then took minutes longer and the run ended no sooner (docs/development.md, "What the
# test command costs"). A test that hangs fails after 10 minutes. The screens' accessibility checks run
# as always, but without the screenshots kept for a person to look at (ui/e2e/harness.mjs, checkScreen),
# which nobody looks at here. The e2e/postgres-*.test.mjs files run the sign-in, copy and check-in tests again
# on PostgreSQL, on one throwaway cluster for the whole stage (tests/support/with-postgres.mjs).
browser_tests() {
  cd ui
  SOLACE_E2E_SCREENSHOTS=0 node ../tests/support/with-postgres.mjs \
    node --test --test-concurrency=2 --test-timeout=600000 e2e/
}

# ---- the run ---------------------------------------------------------------------------------------
start system system_packages
start rustfmt cargo fmt --check
start npm-ui npm_install ui
if [ -f tests/auth-js/package.json ]; then start npm-auth-js npm_install tests/auth-js; fi

if finished npm-ui; then
  # Taken here, before the compile starts, so that its build script always finds the lock held until the
  # app is built; the ui-build stage inherits it, and this shell lets go of its own copy.
  exec 9>ui/.build-lock
  flock 9
  start ui-build ui_build
  exec 9>&-
  start ui-checks ui_checks
  start rust-build rust_build
  read -r built <"$binary_ready" || built=
else
  not_run ui-build npm-ui
  not_run ui-checks npm-ui
  not_run rust-build npm-ui
  built=
fi

export SOLACE_BIN="$root/target/debug/solace"
if [ "$built" = ready ]; then
  system_ok=0
  finished system && system_ok=1
  if [ -n "${stage_pid[npm-auth-js]:-}" ]; then
    if finished npm-auth-js; then start auth-js auth_js; else not_run auth-js npm-auth-js; fi
  fi
  if [ -d ui/e2e ]; then
    if [ "$system_ok" != 1 ]; then
      not_run browser system
    elif ! finished ui-build; then
      not_run browser ui-build
    else
      start browser browser_tests
    fi
  fi
  if ! finished rust-build; then
    not_run rust-tests rust-build
  elif [ "$system_ok" = 1 ]; then
    start rust-tests rust_tests
  else
    not_run rust-tests system
  fi
else
  not_run rust-tests rust-build
  not_run auth-js rust-build
  not_run browser rust-build
fi
report

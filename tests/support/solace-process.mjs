// Starts the real solace binary for the JavaScript suites (browser end-to-end tests, the auth-js suite,
// bench/ui): a free 127.0.0.1 port, a fresh temporary data directory, an optional config file, and a
// promise that settles on the "solace is ready" log line (or fails with the log when the binary exits or
// stays silent). The Rust suites have the same helper in tests/integration/common. Node built-ins only, so every
// package in the repository can import it by relative path.
import { spawn } from 'node:child_process';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const READY_LINE = 'solace is ready';

/** A port that was free a moment ago on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** The environment without the SOLACE_* variables of the surrounding shell (they would override the config). */
export function envWithoutSolace(env = process.env) {
  return Object.fromEntries(Object.entries(env).filter(([k]) => !k.startsWith('SOLACE_')));
}

// Colour codes would split the ready line in a coloured log.
const stripAnsi = (s) => s.replace(/\x1b\[[0-9;]*m/g, '');

/**
 * Starts `bin` and resolves once it is ready with
 * `{ url, port, pid, dir, dataDir, log(), logged(), exited, stop() }`.
 * `config` (TOML text) is written to a file and passed with --config, `locales` (file name -> JSON text)
 * into the `locales` folder beside it; `args` come after the standard
 * ones (--bind, --port, --data-dir, --config); `env` is the whole environment of the child.
 * stop() ends the binary (SIGTERM, SIGKILL after 10 s) and removes the temporary directory.
 */
export async function startSolaceProcess({
  bin,
  port,
  config,
  locales = {},
  args = [],
  env = envWithoutSolace(),
  tmpPrefix = 'solace-',
  readyTimeoutMs = 30_000,
} = {}) {
  if (!bin) throw new Error('no solace binary given: set SOLACE_BIN (build it with cargo build --bins)');
  port ??= await freePort();
  const dir = await mkdtemp(path.join(tmpdir(), tmpPrefix));
  const dataDir = path.join(dir, 'data');
  await mkdir(dataDir);
  const configArgs = [];
  if (config != null) {
    const configFile = path.join(dir, 'solace.toml');
    await writeFile(configFile, config);
    configArgs.push('--config', configFile);
    if (Object.keys(locales).length > 0) await mkdir(path.join(dir, 'locales'));
    for (const [file, json] of Object.entries(locales)) await writeFile(path.join(dir, 'locales', file), json);
  }
  const child = spawn(
    bin,
    ['--bind', '127.0.0.1', '--port', String(port), '--data-dir', dataDir, ...configArgs, ...args],
    { stdio: ['ignore', 'ignore', 'pipe'], env },
  );
  let log = '';
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  // Read the log for as long as the binary runs, so its pipe never fills up.
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk) => {
    log += chunk;
  });
  const cleanUp = () => rm(dir, { recursive: true, force: true });
  try {
    await new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new Error(`solace did not log "${READY_LINE}" within ${readyTimeoutMs} ms:\n${log}`));
      }, readyTimeoutMs);
      const settle = (fn, arg) => {
        clearTimeout(timer);
        child.stderr.off('data', onData);
        fn(arg);
      };
      const onData = () => {
        if (stripAnsi(log).includes(READY_LINE)) settle(resolve);
      };
      child.stderr.on('data', onData);
      void exited.then(({ code, signal }) =>
        settle(reject, new Error(`solace exited (code ${code}, signal ${signal}) before it was ready:\n${log}`)),
      );
      child.once('error', (err) => settle(reject, err));
    });
  } catch (err) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await cleanUp();
    throw err;
  }

  let stopping;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    pid: child.pid,
    dir,
    dataDir,
    log: () => log,
    /**
     * Resolves once the log, from character `from` on (say `log().length` before the step), matches `pattern`;
     * fails after `timeoutMs`. The log is the one witness of what the server did with a request whose answer
     * nobody could see (one sent by a page as it was left).
     */
    logged(pattern, { from = 0, timeoutMs = 15_000 } = {}) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (!pattern.test(stripAnsi(log.slice(from)))) return;
          clearTimeout(timer);
          child.stderr.off('data', check);
          resolve();
        };
        const timer = setTimeout(() => {
          child.stderr.off('data', check);
          reject(new Error(`the server never logged ${pattern}`));
        }, timeoutMs);
        child.stderr.on('data', check);
        check();
      });
    },
    exited,
    stop() {
      stopping ??= (async () => {
        if (child.exitCode === null && child.signalCode === null) {
          child.kill('SIGTERM');
          const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
          await exited;
          clearTimeout(timer);
        }
        await cleanUp();
      })();
      return stopping;
    },
  };
}

// Start the real solace binary on a free 127.0.0.1 port with a throw-away data directory,
// wait for its "solace is ready" log line, and stop it (by PID) when asked or when this process exits.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const DEFAULT_BIN = '/work/main/target/debug/solace';
const READY_TIMEOUT_MS = 60_000;

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

// Strip ANSI colour codes so the ready line is found whatever the log format.
const stripAnsi = (s) => s.replace(/\x1b\[[0-9;]*m/g, '');

/**
 * Returns { url, port, pid, stop() }. `args` go before the port and data-dir flags (e.g. --config FILE). If SOLACE_URL is set, uses that server instead (stop() is a no-op).
 */
export async function startSolace({ bin = process.env.SOLACE_BIN || DEFAULT_BIN, args = [] } = {}) {
  if (process.env.SOLACE_URL) {
    const url = process.env.SOLACE_URL.replace(/\/$/, '');
    return { url, port: Number(new URL(url).port), pid: null, stop: async () => {} };
  }
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'solace-bench-'));
  const child = spawn(bin, [...args, '--port', String(port), '--data-dir', dataDir], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  let stopped = false;

  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const t = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(t);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  // Last-resort clean-up: kill the child by its PID if we exit without calling stop().
  process.once('exit', () => {
    if (stopped) return;
    if (child.pid && child.exitCode === null && child.signalCode === null) {
      try { process.kill(child.pid, 'SIGKILL'); } catch {}
    }
    try { rmSync(dataDir, { recursive: true, force: true }); } catch {}
  });
  for (const sig of ['SIGINT', 'SIGTERM']) {
    process.once(sig, async () => { await stop(); process.exit(130); });
  }

  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`solace did not log "solace is ready" within ${READY_TIMEOUT_MS} ms:\n${log}`));
    }, READY_TIMEOUT_MS);
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk) => {
      log += chunk;
      if (stripAnsi(log).includes('solace is ready')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('error', (err) => { clearTimeout(timer); reject(err); });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`solace exited early (code ${code}, signal ${signal}):\n${log}`));
    });
  });
  // Keep draining stderr so the pipe never fills up.
  child.stderr.resume();
  return { url: `http://127.0.0.1:${port}`, port, pid: child.pid, stop };
}

// The binary for the bench/ui scripts: the checkout's target/debug/solace (or SOLACE_BIN) started by the
// shared helper (tests/support/solace-process.mjs) with default settings, stopped when asked or when this
// process ends; or, with SOLACE_URL, a server someone else started.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSolaceProcess } from '../../tests/support/solace-process.mjs';
import { API_KEY, startWeatherStandIn } from '../../tests/support/weather-stand-in.mjs';

export const DEFAULT_BIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../target/debug/solace');

/**
 * Returns { url, port, pid, stop() }. `args` are passed after the standard flags (e.g. --config FILE). If SOLACE_URL is set, uses that server instead (stop() is a no-op).
 */
export async function startSolace({ bin = process.env.SOLACE_BIN || DEFAULT_BIN, args = [] } = {}) {
  if (process.env.SOLACE_URL) {
    const url = process.env.SOLACE_URL.replace(/\/$/, '');
    return { url, port: Number(new URL(url).port), pid: null, stop: async () => {} };
  }
  // The encrypted copy's first-use screen would stand before every signed-in screen these scripts measure;
  // the copy is off unless a script brings its own config.
  const config = args.includes('--config') ? undefined : '[copy]\nenabled = false\n';
  const solace = await startSolaceProcess({ bin, args, config, env: process.env, tmpPrefix: 'solace-bench-', readyTimeoutMs: 60_000 });
  let stopped = false;
  const stop = async () => {
    stopped = true;
    await solace.stop();
  };
  // Last resort: kill the binary by its PID if this process ends without calling stop().
  process.once('exit', () => {
    if (!stopped) {
      try {
        process.kill(solace.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  });
  for (const sig of ['SIGINT', 'SIGTERM']) {
    process.once(sig, async () => {
      await stop();
      process.exit(130);
    });
  }
  return { url: solace.url, port: solace.port, pid: solace.pid, stop };
}

/**
 * The binary for measuring `page`: for the weather disguise, with the end-to-end tests' weather stand-in as its
 * weather service, so that nothing waits on the internet and every run gets the same answers. Returns the server
 * of startSolace() whose stop() also ends the stand-in.
 */
export async function startSolaceFor(page) {
  if (page !== '/weather' || process.env.SOLACE_URL) return startSolace();
  const weather = await startWeatherStandIn();
  const dir = mkdtempSync(path.join(tmpdir(), 'solace-bench-weather-'));
  const configFile = path.join(dir, 'solace.toml');
  writeFileSync(
    configFile,
    `[weather]\nprovider = "openweathermap"\napi_key = "${API_KEY}"\nopenweathermap_url = "${weather.url}"\n`,
  );
  const server = await startSolace({ args: ['--config', configFile] });
  return {
    ...server,
    stop: async () => {
      await server.stop();
      await weather.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

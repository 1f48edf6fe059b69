// A stand-in for a service outside this machine, run by Debian's python3 for the JavaScript suites: a script
// beside this file started with the port it listens on, ready once it prints "ready", and speaking through
// the lines it prints (one JSON value each). The Rust suites run the same scripts
// (tests/integration/python_stand_in.rs).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Resolves once `script` on 127.0.0.1:`port` is ready: `{ next(ms), close() }`. `what` names one line's
 * content in the error when none arrives ("e-mail", "push"); `python` is another interpreter (a virtual
 * environment's).
 */
export async function startPythonStandIn(script, port, what, python = '/usr/bin/python3') {
  const child = spawn(python, [path.join(here, script), String(port)], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout });
  const queue = [];
  const waiting = [];
  let ready;
  const isReady = new Promise((resolve, reject) => {
    ready = resolve;
    child.once('exit', (code) => reject(new Error(`${script} exited (${code})`)));
  });
  lines.on('line', (line) => {
    if (line === 'ready') return ready();
    const value = JSON.parse(line);
    const w = waiting.shift();
    if (w) w(value);
    else queue.push(value);
  });
  await isReady;
  return {
    /** The next line's value; fails after `ms`. */
    next(ms = 30_000) {
      if (queue.length) return Promise.resolve(queue.shift());
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${what} arrived`)), ms);
        waiting.push((m) => {
          clearTimeout(timer);
          resolve(m);
        });
      });
    },
    /** Ends the script (it stops when its standard input closes). */
    close() {
      child.stdin.end();
      return new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', resolve)));
    },
  };
}

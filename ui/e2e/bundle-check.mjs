// The court's expert with what an evidence bundle carries: the ZIP unpacked as any unzip tool would (fflate's reader,
// which nobody here wrote), and its own check.sh run with Debian's sh and openssl.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { unzipSync } from 'fflate';

/** Writes every member of the ZIP `bundle` under `folder`; returns the members. */
export function unpack(bundle, folder) {
  const members = unzipSync(readFileSync(bundle));
  for (const [name, bytes] of Object.entries(members)) {
    const file = path.join(folder, name);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, bytes);
  }
  return members;
}

/** `sh check.sh` in the unpacked `folder`: its exit code and what it printed. */
export function checkScript(folder) {
  const r = spawnSync('sh', ['check.sh'], { cwd: folder, encoding: 'utf8' });
  return { code: r.status, out: `${r.stdout}${r.stderr}` };
}

// Runs a command (a suite: `node --test ...`) with one throwaway PostgreSQL cluster for the whole of it
// (postgres-stand-in.py, Debian's postgresql), and stops the cluster when the command ends, however it
// ends: the stand-in stops when its standard input closes, which the kernel does when this process dies.
// The command's processes find the cluster in SOLACE_TEST_POSTGRES_CLUSTER (postgres-databases.mjs) and
// exit with its status. Usage: node tests/support/with-postgres.mjs COMMAND [ARGS...]
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CLUSTER_VARIABLE } from './postgres-databases.mjs';
import { startPostgresStandIn } from './stores-stand-in.mjs';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: node tests/support/with-postgres.mjs COMMAND [ARGS...]');
  process.exit(2);
}
const cluster = await startPostgresStandIn();
// The servers read the password from a file only this user can read, as an operator would keep it.
const dir = await mkdtemp(path.join(tmpdir(), 'solace-postgres-password-'));
const passwordFile = path.join(dir, 'password');
await writeFile(passwordFile, cluster.password, { mode: 0o600 });
const settings = { host: cluster.host, port: cluster.port, user: cluster.user, password: cluster.password, passwordFile };
const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, [CLUSTER_VARIABLE]: JSON.stringify(settings) } });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
const status = await new Promise((resolve) => {
  child.once('error', (e) => {
    console.error(`with-postgres: ${command}: ${e.message}`);
    resolve(127);
  });
  child.once('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
});
await cluster.close();
await rm(dir, { recursive: true, force: true });
process.exit(status);

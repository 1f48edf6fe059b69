// PostgreSQL for the JavaScript suites' servers: one throwaway cluster for a whole suite run, started by
// with-postgres.mjs around the suite's command, and a database of its own for each server a test starts
// (CREATE DATABASE copies a template in milliseconds; a cluster takes a second and a half of CPU). A suite
// runs its servers on PostgreSQL when SOLACE_TEST_DATABASE=postgres, as the Rust tests do
// (docs/development.md, "What runs on PostgreSQL").
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Where with-postgres.mjs tells the suite's processes about its cluster: JSON `{ host, port, user, password, passwordFile }`. */
export const CLUSTER_VARIABLE = 'SOLACE_TEST_POSTGRES_CLUSTER';

/** Whether this suite's servers keep their tables on PostgreSQL (asked when a server starts, so a test file may set it). */
export const onPostgres = () => process.env.SOLACE_TEST_DATABASE === 'postgres';

function cluster() {
  const settings = process.env[CLUSTER_VARIABLE];
  if (!settings) {
    throw new Error(
      'SOLACE_TEST_DATABASE=postgres needs the suite run inside one cluster: ' +
        'node tests/support/with-postgres.mjs node --test ... (docs/development.md, "What runs on PostgreSQL")',
    );
  }
  return JSON.parse(settings);
}

/** psql on `database` of the cluster as its owner, with `args` after the connection's. */
function psql(database, args, options = {}) {
  const { host, port, user, password } = cluster();
  return run('psql', ['-X', '-v', 'ON_ERROR_STOP=1', '-d', database, ...args], {
    env: {
      PATH: process.env.PATH,
      PGHOST: host,
      PGPORT: String(port),
      PGUSER: user,
      PGPASSWORD: password,
      PGSSLMODE: 'disable',
    },
    maxBuffer: 256 * 1024 * 1024,
    ...options,
  });
}

let made = 0;

/**
 * A new, empty database on the suite's cluster for one server: `{ name, config, sql(text), rows() }`.
 * `config` is its `[database]` table for the server's TOML (the password in a file, as an operator keeps it);
 * `sql(text)` runs statements there and resolves to what psql printed (each command's tag: "UPDATE 1");
 * `rows()` resolves to every table's rows in PostgreSQL's binary COPY format (bytes and text as they are
 * stored), for a test that looks for what the server holds.
 */
export async function newDatabase() {
  made += 1;
  const name = `solace_${process.pid}_${made}`;
  const { host, port, user, passwordFile } = cluster();
  await psql('postgres', ['-q', '-c', `CREATE DATABASE ${name}`]);
  return {
    name,
    config: `[database]\nurl = "postgres://${user}@${host}:${port}/${name}?sslmode=disable"\npassword_file = "${passwordFile}"\n`,
    sql: async (text) => (await psql(name, ['-c', text])).stdout,
    rows: async () => {
      const tables = (
        await psql(name, ['-qAt', '-c', "SELECT format('%I.%I', schemaname, tablename) FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')"])
      ).stdout.split('\n').filter(Boolean);
      const copies = tables.flatMap((table) => ['-c', `COPY ${table} TO STDOUT (FORMAT binary)`]);
      return (await psql(name, ['-q', ...copies], { encoding: 'buffer' })).stdout;
    },
  };
}

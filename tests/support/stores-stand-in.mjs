// The stores' stand-ins for the JavaScript suites, the same scripts the Rust tests run
// (tests/integration/stores_support/): a throwaway PostgreSQL cluster from Debian's packages
// (postgres-stand-in.py) and moto's S3 server (s3-stand-in.py, installed into target/s3-stand-in by
// s3-stand-in-install.sh when missing). Each stops and cleans up when closed, or when this process ends.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startPythonStandIn } from './python-stand-in.mjs';
import { freePort } from './solace-process.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Resolves once the cluster takes connections:
 * `{ host, port, database, user, password, tls_user, certificate, url, close() }`.
 */
export async function startPostgresStandIn() {
  const standIn = await startPythonStandIn('postgres-stand-in.py', await freePort(), 'cluster settings');
  return { ...(await standIn.next()), close: standIn.close };
}

/** Resolves once the bucket exists: `{ endpoint, region, bucket, access_key_id, secret_access_key, close() }`. */
export async function startS3StandIn() {
  const install = path.join(here, 's3-stand-in-install.sh');
  const python = execFileSync('bash', [install], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }).trim();
  const standIn = await startPythonStandIn('s3-stand-in.py', await freePort(), 'bucket settings', python);
  return { ...(await standIn.next()), close: standIn.close };
}

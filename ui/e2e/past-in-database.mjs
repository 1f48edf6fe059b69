// A time kept by the server moved into the past, as if it had passed: the binary has no test clock, so the
// browser tests change its SQLite file (with Debian's python3), or its PostgreSQL database (with psql), and let
// the server's own timers find it.
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const SCRIPT =
  'import sqlite3, sys, time\n' +
  'c = sqlite3.connect(sys.argv[1]); past = int(time.time() * 1000) - 1000\n' +
  'n = c.execute(sys.argv[2], (past,)).rowcount\n' +
  'c.commit(); assert n == 1, n';

/** Runs `update` (an UPDATE whose `?1` is a second ago, in Unix ms) on `app`'s database; it must change one row. */
export async function moveIntoPast(app, update) {
  if (!app.database) {
    execFileSync('/usr/bin/python3', ['-c', SCRIPT, path.join(app.dataDir, 'solace.db'), update]);
    return;
  }
  const done = await app.database.sql(update.replaceAll('?1', String(Date.now() - 1000)));
  if (done.trim() !== 'UPDATE 1') throw new Error(`${update} changed more or less than one row: ${done}`);
}

/** Her running check-in's end, moved into the past. */
export const RUN_OUT_CHECKIN = "UPDATE checkins SET ends_at = ?1, next_try_at = ?1 WHERE state = 'running'";

// account.test.mjs again, with the server's tables on PostgreSQL instead of SQLite: sign-up, sign-in (also by
// keyboard), sign-out, a wrong password, Google sign-in and the idle sign-out, on the suite's cluster
// (tests/support/with-postgres.mjs; docs/development.md, "What runs on PostgreSQL").
import { describe } from 'node:test';

process.env.SOLACE_TEST_DATABASE = 'postgres';
describe('on PostgreSQL', async () => {
  await import('./account.test.mjs');
});

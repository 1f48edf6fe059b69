// copy.test.mjs again, with the server's tables on PostgreSQL instead of SQLite: the encrypted copy's
// records and chunks in its rows, and what the server holds looked for there too (tests/support/with-postgres.mjs;
// docs/development.md, "What runs on PostgreSQL").
import { describe } from 'node:test';

process.env.SOLACE_TEST_DATABASE = 'postgres';
describe('on PostgreSQL', async () => {
  await import('./copy.test.mjs');
});

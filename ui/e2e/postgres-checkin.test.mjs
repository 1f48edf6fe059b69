// checkin.test.mjs again, with the server's tables on PostgreSQL instead of SQLite: a check-in started, ended,
// alerted by the duress PIN and run out (its end moved in the database), the alert sent by the server's own
// timer (tests/support/with-postgres.mjs; docs/development.md, "What runs on PostgreSQL").
import { describe } from 'node:test';

process.env.SOLACE_TEST_DATABASE = 'postgres';
describe('on PostgreSQL', async () => {
  await import('./checkin.test.mjs');
});

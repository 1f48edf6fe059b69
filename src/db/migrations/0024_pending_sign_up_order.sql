-- The sign-ups waiting for one address are kept and checked newest first, by `created_at` and, for two made
-- in the same millisecond, by the order they were written in. That tie was broken by SQLite's rowid, which
-- PostgreSQL does not have (issue 39, docs/development.md "The database layer"): `seq` is the order column
-- now, filled by the engine as each row is written (an INTEGER PRIMARY KEY here; an identity column on
-- PostgreSQL), and the rows waiting now keep the order their rowid gave them.
CREATE TABLE pending_sign_ups_new (
    seq INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    email TEXT NOT NULL,
    password_hash TEXT NOT NULL,
    user_metadata TEXT NOT NULL,
    -- SHA-256 of the link's token; NULL for a sign-up for an address that already has an account.
    token_hash TEXT UNIQUE,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL
);
INSERT INTO pending_sign_ups_new
    (seq, id, email, password_hash, user_metadata, token_hash, created_at, expires_at)
    SELECT rowid, id, email, password_hash, user_metadata, token_hash, created_at, expires_at
    FROM pending_sign_ups;
DROP TABLE pending_sign_ups;
ALTER TABLE pending_sign_ups_new RENAME TO pending_sign_ups;
CREATE INDEX pending_sign_ups_email ON pending_sign_ups (email, created_at, seq);

-- Roles (issue 38, docs/operator.md): every account is a survivor's, an advocate's or an operator's, and the
-- one extractor of /api (src/vault/signed_in.rs) reads it to keep each out of the others' areas. Accounts
-- made before this version are survivors' unless the advocates' table names them.
ALTER TABLE users ADD COLUMN role TEXT NOT NULL DEFAULT 'survivor'
    CHECK (role IN ('survivor', 'advocate', 'operator'));
UPDATE users SET role = 'advocate' WHERE id IN (SELECT account_id FROM advocates);

-- What operators did in the console: who (the operator's sign-in name, kept after their account goes),
-- what, when (Unix milliseconds), and on which account. Never what was searched for. Kept for
-- `[operator] audit_days`, then pruned.
CREATE TABLE operator_audit (
    id INTEGER PRIMARY KEY,
    at INTEGER NOT NULL,
    operator TEXT NOT NULL,
    action TEXT NOT NULL,
    account_id TEXT
);
CREATE INDEX operator_audit_by_time ON operator_audit (at, id);

-- Sign-ups waiting for the link in their confirmation e-mail (docs/auth-contract.md, "Confirming sign-ups by
-- e-mail"). No account exists until the link is opened, so nothing here shows whether an address has one: a
-- sign-up for a taken address is kept too (with no link), only so that a password sign-in with what was typed
-- answers as it would for a new address. Rows live at most a day, the link's lifetime.
CREATE TABLE pending_sign_ups (
    id TEXT PRIMARY KEY,
    email TEXT NOT NULL,
    password_hash TEXT NOT NULL,
    user_metadata TEXT NOT NULL,
    -- SHA-256 of the link's token; NULL for a sign-up for an address that already has an account.
    token_hash TEXT UNIQUE,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL
);
CREATE INDEX pending_sign_ups_email ON pending_sign_ups (email, created_at);

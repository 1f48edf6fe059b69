-- The encrypted copy (docs/vault.md, "The copy on the server"): ciphertext only, per account. The account
-- id comes from a verified token, so an account of an external GoTrue has no `users` row here: no foreign
-- key, and the triggers below delete an embedded account's copy with the account.
CREATE TABLE copy_records (
    account_id TEXT NOT NULL,
    id TEXT NOT NULL,
    kind TEXT NOT NULL,
    version INTEGER NOT NULL,
    data BLOB NOT NULL,
    updated_at TEXT NOT NULL,
    PRIMARY KEY (account_id, id)
) WITHOUT ROWID;

CREATE TABLE copy_chunks (
    account_id TEXT NOT NULL,
    attachment_id TEXT NOT NULL,
    idx INTEGER NOT NULL,
    data BLOB NOT NULL,
    PRIMARY KEY (account_id, attachment_id, idx)
) WITHOUT ROWID;

-- The recovery wrap of her data key and the outbox public key; `bytes` and `updated_at` are what the
-- operator may see of a copy (its size and when it last changed), kept here so nobody sums blobs to
-- show them.
CREATE TABLE copy_accounts (
    account_id TEXT PRIMARY KEY,
    recovery_wrap TEXT,
    outbox_public_key TEXT,
    bytes INTEGER NOT NULL DEFAULT 0,
    updated_at TEXT NOT NULL
);

CREATE TRIGGER copy_goes_with_the_account AFTER DELETE ON users
BEGIN
    DELETE FROM copy_records WHERE account_id = OLD.id;
    DELETE FROM copy_chunks WHERE account_id = OLD.id;
    DELETE FROM copy_accounts WHERE account_id = OLD.id;
END;

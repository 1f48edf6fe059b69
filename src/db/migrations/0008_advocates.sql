-- Advocates (docs/advocates.md): accounts the operator makes for caseworkers, their public keys, the
-- one-hour pairing codes they hand to a survivor, and who is paired with whom. An advocate's rows go
-- with the account; a survivor's pairings go with hers.
CREATE TABLE advocates (
    account_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    public_key TEXT,
    wrapped_private_key TEXT,
    created_at TEXT NOT NULL
);

CREATE TABLE advocate_pairing_codes (
    code_hash TEXT PRIMARY KEY,
    advocate_id TEXT NOT NULL REFERENCES advocates(account_id) ON DELETE CASCADE,
    expires_at INTEGER NOT NULL
);

CREATE TABLE advocate_links (
    survivor_id TEXT NOT NULL,
    advocate_id TEXT NOT NULL REFERENCES advocates(account_id) ON DELETE CASCADE,
    known_as TEXT NOT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (survivor_id, advocate_id)
);

CREATE TRIGGER advocate_links_go_with_the_survivor AFTER DELETE ON users
BEGIN
    DELETE FROM advocate_links WHERE survivor_id = OLD.id;
END;

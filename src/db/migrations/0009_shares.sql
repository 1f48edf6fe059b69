-- What a survivor shares with an advocate (docs/advocates.md): each share sealed in her browser to the
-- advocate's public key; only its expiry, size and times are readable here. A share goes with either
-- account, with the pairing, and at its expiry.
CREATE TABLE advocate_shares (
    id TEXT PRIMARY KEY,
    survivor_id TEXT NOT NULL,
    advocate_id TEXT NOT NULL,
    sealed BLOB NOT NULL,
    expires_at INTEGER NOT NULL,
    created_at TEXT NOT NULL,
    opened_at TEXT,
    FOREIGN KEY (survivor_id, advocate_id) REFERENCES advocate_links (survivor_id, advocate_id)
        ON DELETE CASCADE
);

CREATE INDEX advocate_shares_by_advocate ON advocate_shares (advocate_id, expires_at);
CREATE INDEX advocate_shares_by_survivor ON advocate_shares (survivor_id, expires_at);

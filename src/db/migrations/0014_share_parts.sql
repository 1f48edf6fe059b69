-- A share's attachments (docs/advocates.md, "Parts"): AES-GCM ciphertext her browser made under a key that
-- travels only inside the sealed share, in parts of at most 1 MiB each. The share says how many it has; the
-- advocate is shown it once all are here. The parts go with their share (withdrawal, expiry, the pairing,
-- either account).
ALTER TABLE advocate_shares ADD COLUMN parts INTEGER NOT NULL DEFAULT 0;

CREATE TABLE advocate_share_parts (
    share_id TEXT NOT NULL REFERENCES advocate_shares (id) ON DELETE CASCADE,
    n INTEGER NOT NULL,
    bytes BLOB NOT NULL,
    PRIMARY KEY (share_id, n)
);

-- Share ids are each survivor's own (docs/advocates.md, "Shares"): her browser chooses them, so one global
-- key told a survivor whether another one had used an id. Shares are keyed by (survivor, id), and their parts
-- by (survivor, share id, n). The tables are made anew, as SQLite cannot change a primary key in place.
CREATE TABLE advocate_shares_new (
    id TEXT NOT NULL,
    survivor_id TEXT NOT NULL,
    advocate_id TEXT NOT NULL,
    sealed BLOB NOT NULL,
    expires_at INTEGER NOT NULL,
    created_at TEXT NOT NULL,
    opened_at TEXT,
    label BLOB,
    parts INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (survivor_id, id),
    FOREIGN KEY (survivor_id, advocate_id) REFERENCES advocate_links (survivor_id, advocate_id)
        ON DELETE CASCADE
);
INSERT INTO advocate_shares_new
    (id, survivor_id, advocate_id, sealed, expires_at, created_at, opened_at, label, parts)
    SELECT id, survivor_id, advocate_id, sealed, expires_at, created_at, opened_at, label, parts
    FROM advocate_shares;

CREATE TEMP TABLE parts_moving (survivor_id TEXT, share_id TEXT, n INTEGER, bytes BLOB);
INSERT INTO parts_moving
    SELECT s.survivor_id, p.share_id, p.n, p.bytes
    FROM advocate_share_parts p JOIN advocate_shares s ON s.id = p.share_id;

DROP TABLE advocate_share_parts;
DROP TABLE advocate_shares;
ALTER TABLE advocate_shares_new RENAME TO advocate_shares;
CREATE INDEX advocate_shares_by_advocate ON advocate_shares (advocate_id, expires_at);
CREATE INDEX advocate_shares_by_survivor ON advocate_shares (survivor_id, expires_at);

CREATE TABLE advocate_share_parts (
    survivor_id TEXT NOT NULL,
    share_id TEXT NOT NULL,
    n INTEGER NOT NULL,
    bytes BLOB NOT NULL,
    PRIMARY KEY (survivor_id, share_id, n),
    FOREIGN KEY (survivor_id, share_id) REFERENCES advocate_shares (survivor_id, id) ON DELETE CASCADE
);
INSERT INTO advocate_share_parts (survivor_id, share_id, n, bytes)
    SELECT survivor_id, share_id, n, bytes FROM parts_moving;
DROP TABLE parts_moving;

-- A copy's size counts what each row really takes in the file (docs/vault.md, "Room on the server";
-- `crate::db::stored_size`): 512 bytes for the row itself, and data over 800 bytes in whole 4 KiB pages
-- plus one. Sizes counted before are counted again that way.
UPDATE copy_accounts SET bytes =
    coalesce(length(recovery_wrap), 0) + coalesce(length(outbox_public_key), 0)
    + (SELECT coalesce(sum(512 + CASE WHEN length(data) <= 800 THEN length(data)
                                      ELSE ((length(data) + 4095) / 4096 + 1) * 4096 END), 0)
       FROM copy_records r WHERE r.account_id = copy_accounts.account_id)
    + (SELECT coalesce(sum(512 + CASE WHEN length(data) <= 800 THEN length(data)
                                      ELSE ((length(data) + 4095) / 4096 + 1) * 4096 END), 0)
       FROM copy_chunks c WHERE c.account_id = copy_accounts.account_id);

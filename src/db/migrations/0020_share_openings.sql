-- Each time an advocate opened a share (docs/advocates.md, "Openings"), for her list: only the time, as the
-- server never sees what the share holds. A share keeps its latest openings only (src/advocates/openings.rs),
-- and they go with it (withdrawal, expiry, the pairing, either account). The first opening is kept as
-- before, in advocate_shares.opened_at.
CREATE TABLE advocate_share_openings (
    n INTEGER PRIMARY KEY,
    survivor_id TEXT NOT NULL,
    share_id TEXT NOT NULL,
    opened_at TEXT NOT NULL,
    FOREIGN KEY (survivor_id, share_id) REFERENCES advocate_shares (survivor_id, id) ON DELETE CASCADE
);
CREATE INDEX advocate_share_openings_by_share ON advocate_share_openings (survivor_id, share_id, n);

-- Shares opened before were opened at least once, then.
INSERT INTO advocate_share_openings (survivor_id, share_id, opened_at)
    SELECT survivor_id, id, opened_at FROM advocate_shares WHERE opened_at IS NOT NULL;

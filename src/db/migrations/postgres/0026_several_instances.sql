-- Several instances on one database (README, "Running on more than one machine"): each alert is sent by
-- one of them. The instance that starts sending an alert claims it until `lease_until` (Unix ms) and keeps
-- renewing the claim while it sends; another instance takes it over only once the claim has run out, so
-- when the sender dies the alert still goes, within the lease (`[checkin] alert_lease_seconds`) and a few
-- seconds. `leased_by` is the claiming process's random id, never anything of hers. Both are cleared when
-- the alert is sent, retried later or given up.
ALTER TABLE checkins ADD COLUMN lease_until BIGINT;
ALTER TABLE checkins ADD COLUMN leased_by TEXT;

-- Wrong-password and wrong-code lockouts (docs/operating.md, "Wrong passwords cannot lock her out") count
-- across instances: each count is a row, keyed by a SHA-256 of what it counts (the scope, the kind of
-- count, the account or factor, the client's address), never the address or e-mail itself; `hits` in a
-- window that ends at `ends_at` (Unix ms), after which the row is worth nothing and is deleted.
CREATE TABLE lockout_counts (
    key TEXT PRIMARY KEY,
    hits BIGINT NOT NULL,
    ends_at BIGINT NOT NULL
);
CREATE INDEX lockout_counts_ends_at ON lockout_counts (ends_at);

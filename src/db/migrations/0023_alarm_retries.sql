-- An alarm is never silently lost (docs/operator.md, "When alarms cannot be sent"). An alert e-mail the mail
-- server does not take is tried again with growing waits for `[checkin] alert_retry_hours` (a day by
-- default) instead of an hour, and the operator is told from its first failure. So each alert remembers when
-- it fell due and first and last failed, and why, in plain categories ('refused', 'unreachable',
-- 'timeout', 'other'): never the server's reply, which can quote an address.
ALTER TABLE checkins ADD COLUMN fell_due_at INTEGER;
ALTER TABLE checkins ADD COLUMN first_failed_at INTEGER;
ALTER TABLE checkins ADD COLUMN last_failed_at INTEGER;
ALTER TABLE checkins ADD COLUMN fail_reason TEXT;

-- What became of each alert, for the operator's counts over a day and a week: when, 'sent' or 'failed'
-- (given up), and the reason of a failure. Nothing of hers: no account, no address, no note. Kept 8 days.
CREATE TABLE checkin_alert_outcomes (
    id INTEGER PRIMARY KEY,
    at INTEGER NOT NULL,
    outcome TEXT NOT NULL CHECK (outcome IN ('sent', 'failed')),
    reason TEXT
);
CREATE INDEX checkin_alert_outcomes_at ON checkin_alert_outcomes (at);

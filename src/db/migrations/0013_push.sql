-- Web Push (docs/checkin.md): each browser that allowed notifications, per account, gone with the account.
CREATE TABLE push_subscriptions (
    -- The browser's address at its push service (a push service on `[push] allowed_hosts`).
    endpoint TEXT PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    -- The browser's P-256 public key and auth secret: each message is encrypted to them (RFC 8291).
    p256dh BLOB NOT NULL,
    auth BLOB NOT NULL,
    -- The page language of that browser when it subscribed: the neutral words of its notifications.
    language TEXT NOT NULL DEFAULT 'en',
    -- Unix milliseconds.
    created_at INTEGER NOT NULL
);

CREATE INDEX push_subscriptions_by_account ON push_subscriptions (account_id);

-- Whether the reminder before its end was pushed; moving the end (extending) clears it.
ALTER TABLE checkins ADD COLUMN reminded INTEGER NOT NULL DEFAULT 0;

-- Operator account management (`solace users ...`): an account can be disabled (GoTrue's "banned"), and
-- a one-time recovery link handed over in person lets its owner choose a new password.

-- RFC 3339 text while the account is disabled; NULL when it may sign in.
ALTER TABLE users ADD COLUMN banned_until TEXT;

CREATE TABLE recovery_tokens (
    -- SHA-256 of the token, hex; the link itself is never stored.
    token_hash TEXT PRIMARY KEY NOT NULL,
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    -- Set when the link is opened; a used link never works again.
    used_at    INTEGER
) STRICT;
CREATE INDEX recovery_tokens_user ON recovery_tokens (user_id);

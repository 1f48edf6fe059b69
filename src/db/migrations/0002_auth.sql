-- Accounts, sign-in identities, sessions and refresh tokens of the GoTrue-compatible auth service.
-- Timestamps people see are RFC 3339 text; timestamps only the server compares are unix milliseconds.

CREATE TABLE users (
    id                 TEXT PRIMARY KEY NOT NULL,
    -- Trimmed and lower-cased, so one address cannot hold two accounts.
    email              TEXT NOT NULL UNIQUE,
    -- Argon2id PHC string; NULL for accounts that only sign in with Google.
    password_hash      TEXT,
    user_metadata      TEXT NOT NULL DEFAULT '{}',
    app_metadata       TEXT NOT NULL DEFAULT '{}',
    email_confirmed_at TEXT,
    last_sign_in_at    TEXT,
    created_at         TEXT NOT NULL,
    updated_at         TEXT NOT NULL
) STRICT;

CREATE TABLE identities (
    id              TEXT PRIMARY KEY NOT NULL,
    provider        TEXT NOT NULL,
    -- The provider's subject: the user id for "email", Google's `sub` for "google".
    provider_id     TEXT NOT NULL,
    user_id         TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    identity_data   TEXT NOT NULL DEFAULT '{}',
    email           TEXT,
    last_sign_in_at TEXT,
    created_at      TEXT NOT NULL,
    updated_at      TEXT NOT NULL,
    UNIQUE (provider, provider_id)
) STRICT;
CREATE INDEX identities_user ON identities (user_id);

CREATE TABLE sessions (
    id           TEXT PRIMARY KEY NOT NULL,
    user_id      TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    -- How the session began: "password" or "oauth" (the JWT's amr claim).
    amr_method   TEXT NOT NULL,
    created_at   INTEGER NOT NULL,
    refreshed_at INTEGER
) STRICT;
CREATE INDEX sessions_user ON sessions (user_id);

CREATE TABLE refresh_tokens (
    id         INTEGER PRIMARY KEY,
    -- SHA-256 of the token, hex; the token itself is never stored.
    token_hash TEXT NOT NULL UNIQUE,
    session_id TEXT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    -- The token this one replaced (no foreign key: revoked parents are purged while children live).
    parent_id  INTEGER,
    -- Public per-token salt from which a child token is derived (see auth::tokens).
    salt       TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    revoked_at INTEGER
) STRICT;
CREATE INDEX refresh_tokens_session ON refresh_tokens (session_id, revoked_at);
CREATE INDEX refresh_tokens_revoked ON refresh_tokens (revoked_at) WHERE revoked_at IS NOT NULL;

-- A Google sign-in in progress: created by /authorize, consumed by /callback (and, for PKCE, /token).
CREATE TABLE oauth_flows (
    id                     TEXT PRIMARY KEY NOT NULL,
    redirect_to            TEXT NOT NULL,
    code_challenge         TEXT,
    code_challenge_method  TEXT,
    google_verifier        TEXT NOT NULL,
    auth_code_hash         TEXT UNIQUE,
    user_id                TEXT REFERENCES users (id) ON DELETE CASCADE,
    provider_access_token  TEXT,
    provider_refresh_token TEXT,
    created_at             INTEGER NOT NULL,
    code_issued_at         INTEGER
) STRICT;
CREATE INDEX oauth_flows_created ON oauth_flows (created_at);

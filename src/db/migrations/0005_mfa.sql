-- Two-step sign-in (GoTrue's MFA with TOTP): factors, their challenges, and the extra sign-in steps a
-- session has passed (GoTrue's mfa_amr_claims).

CREATE TABLE mfa_factors (
    id                 TEXT PRIMARY KEY NOT NULL,
    user_id            TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    friendly_name      TEXT NOT NULL DEFAULT '',
    factor_type        TEXT NOT NULL,
    -- "unverified" until the first code is accepted, then "verified".
    status             TEXT NOT NULL,
    -- The TOTP secret, sealed with the server's MFA key (auth::mfa_secret); never stored in clear.
    secret             BLOB NOT NULL,
    -- The last 30-second step whose code was accepted: that code and any older one are refused.
    last_step          INTEGER,
    last_challenged_at TEXT,
    created_at         TEXT NOT NULL,
    updated_at         TEXT NOT NULL
) STRICT;
CREATE INDEX mfa_factors_user ON mfa_factors (user_id);

CREATE TABLE mfa_challenges (
    id          TEXT PRIMARY KEY NOT NULL,
    factor_id   TEXT NOT NULL REFERENCES mfa_factors (id) ON DELETE CASCADE,
    -- The client address that asked; verify must come from the same one, as in GoTrue.
    ip_address  TEXT NOT NULL,
    created_at  INTEGER NOT NULL,
    verified_at INTEGER
) STRICT;
CREATE INDEX mfa_challenges_factor ON mfa_challenges (factor_id);

CREATE TABLE mfa_amr_claims (
    session_id TEXT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    method     TEXT NOT NULL,
    -- The factor that passed it: removing the factor takes the step away (GoTrue downgrades to aal1).
    factor_id  TEXT REFERENCES mfa_factors (id) ON DELETE CASCADE,
    -- Unix seconds of the last time this step was passed (the JWT amr timestamp).
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (session_id, method)
) STRICT;

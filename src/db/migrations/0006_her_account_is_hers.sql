-- Someone who knows her password must not be able to keep what the operator gave her, nor plant a second
-- step she cannot undo (docs/auth-contract.md, "Her second step is hers").

-- A recovery link is for the password she has now: once the password changes by any route, or the
-- account is disabled, an earlier link must not sign anyone in. Triggers make that true for every writer
-- (the auth service, the admin API and `solace users`) without each remembering it.
CREATE TRIGGER recovery_links_end_with_the_password
AFTER UPDATE OF password_hash ON users
WHEN OLD.password_hash IS NOT NEW.password_hash
BEGIN
    DELETE FROM recovery_tokens WHERE user_id = NEW.id;
END;

CREATE TRIGGER recovery_links_end_when_disabled
AFTER UPDATE OF banned_until ON users
WHEN NEW.banned_until IS NOT NULL
BEGIN
    DELETE FROM recovery_tokens WHERE user_id = NEW.id;
END;

-- When a factor was first confirmed (RFC 3339): for some days after it, she can remove a factor that
-- someone else added without its code. NULL while unconfirmed; factors confirmed before this column count from when they were added.
ALTER TABLE mfa_factors ADD COLUMN verified_at TEXT;
UPDATE mfa_factors SET verified_at = created_at WHERE status = 'verified';

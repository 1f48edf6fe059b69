-- A Google callback marks its flow as used instead of deleting it, so a PKCE flow keeps its row for the
-- code exchange while its state can never be used a second time.
ALTER TABLE oauth_flows ADD COLUMN claimed_at INTEGER;

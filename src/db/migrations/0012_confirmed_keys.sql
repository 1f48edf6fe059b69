-- The advocate's public key she compared the safety code for (docs/advocates.md, "A new key"): when the
-- advocate makes a new key, her app shows the new safety code and offers nothing to seal to them until she
-- confirms it. Pairings made before keep the key they were made with.
ALTER TABLE advocate_links ADD COLUMN confirmed_key TEXT;
UPDATE advocate_links
SET confirmed_key = (SELECT public_key FROM advocates WHERE advocates.account_id = advocate_links.advocate_id);

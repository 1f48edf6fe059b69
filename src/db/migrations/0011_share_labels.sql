-- What each share holds, in her words, sealed in her browser under her account's data key (docs/vault.md,
-- docs/advocates.md "Shares"): it shows in her list on each of her devices; the server cannot read it, and the
-- advocate is never given it. It goes with the share.
ALTER TABLE advocate_shares ADD COLUMN label BLOB;

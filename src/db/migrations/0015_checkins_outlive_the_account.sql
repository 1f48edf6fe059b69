-- A check-in's alert must not be lost with her account (docs/checkin.md, "Nothing done to her account
-- silences it"): deleting the account used to delete its check-ins through ON DELETE CASCADE, so whoever
-- deleted it silenced the alarm. Now a check-in keeps the account's id as plain text; deleting the account
-- raises its running check-in at once (src/accounts/delete.rs), and the row goes, as every check-in does,
-- once its alert is sent. The name she is known by to each advocate is kept with her sealed note, since
-- her pairings go with the account before the alert is stored for them.
--
-- SQLite cannot drop a foreign key in place, so the three tables are built again. The new ones are made
-- first, under other names, referencing each other; renaming `checkins_new` carries the references of its
-- children along. The old children go before the old parent, so dropping the parent cascades into nothing.

CREATE TABLE checkins_new (
    id TEXT PRIMARY KEY,
    -- The account that set it; no foreign key, so the alarm outlives the account.
    account_id TEXT NOT NULL,
    -- Unix milliseconds.
    ends_at INTEGER NOT NULL,
    -- When the timer next looks at it: its end, then each retry of an e-mail that did not go.
    next_try_at INTEGER NOT NULL,
    -- 'running' until its alert starts ('alerting'); she sees only a running one.
    state TEXT NOT NULL DEFAULT 'running',
    -- Why the alert goes: 'overdue', 'duress', or 'stopped' (her account was deleted while it ran).
    kind TEXT,
    -- Her note for the people she chose by e-mail (advocates get it sealed, below).
    note TEXT NOT NULL,
    -- The language of the e-mail: the one her screen was in ('en' or 'hi').
    language TEXT NOT NULL DEFAULT 'en',
    pin_hash TEXT NOT NULL,
    duress_pin_hash TEXT,
    wrong_pins INTEGER NOT NULL DEFAULT 0,
    tries INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL,
    -- Whether the reminder before its end was pushed; moving the end (extending) clears it.
    reminded INTEGER NOT NULL DEFAULT 0
);

INSERT INTO checkins_new (id, account_id, ends_at, next_try_at, state, kind, note, language, pin_hash,
    duress_pin_hash, wrong_pins, tries, created_at, reminded)
SELECT id, account_id, ends_at, next_try_at, state, kind, note, language, pin_hash, duress_pin_hash,
    wrong_pins, tries, created_at, reminded FROM checkins;

CREATE TABLE checkin_recipients_new (
    checkin_id TEXT NOT NULL REFERENCES checkins_new(id) ON DELETE CASCADE,
    address TEXT NOT NULL,
    PRIMARY KEY (checkin_id, address)
);

INSERT INTO checkin_recipients_new (checkin_id, address)
SELECT checkin_id, address FROM checkin_recipients;

-- Her note sealed in her browser to each chosen advocate's public key.
CREATE TABLE checkin_advocate_notes_new (
    checkin_id TEXT NOT NULL REFERENCES checkins_new(id) ON DELETE CASCADE,
    advocate_id TEXT NOT NULL REFERENCES advocates(account_id) ON DELETE CASCADE,
    sealed BLOB NOT NULL,
    -- The name she is known by to this advocate, kept here when her account (and its pairings) goes
    -- before the alert is stored; while she is paired, the pairing's name is used.
    known_as TEXT,
    PRIMARY KEY (checkin_id, advocate_id)
);

INSERT INTO checkin_advocate_notes_new (checkin_id, advocate_id, sealed)
SELECT checkin_id, advocate_id, sealed FROM checkin_advocate_notes;

DROP TABLE checkin_recipients;
DROP TABLE checkin_advocate_notes;
DROP TABLE checkins;
ALTER TABLE checkins_new RENAME TO checkins;
ALTER TABLE checkin_recipients_new RENAME TO checkin_recipients;
ALTER TABLE checkin_advocate_notes_new RENAME TO checkin_advocate_notes;

CREATE UNIQUE INDEX checkins_one_running ON checkins (account_id) WHERE state = 'running';
CREATE INDEX checkins_due ON checkins (next_try_at);

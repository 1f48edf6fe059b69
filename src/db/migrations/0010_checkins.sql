-- Check-ins (docs/checkin.md): a timer the server keeps for her, so it fires even if her phone is gone.
-- The note and the e-mail addresses exist only while a check-in runs or its alert is being sent; each
-- address goes once its e-mail is accepted, the row once everything is sent or she ends it.
CREATE TABLE checkins (
    id TEXT PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    -- Unix milliseconds.
    ends_at INTEGER NOT NULL,
    -- When the timer next looks at it: its end, then each retry of an e-mail that did not go.
    next_try_at INTEGER NOT NULL,
    -- 'running' until its alert starts ('alerting'); she sees only a running one.
    state TEXT NOT NULL DEFAULT 'running',
    -- Why the alert goes: 'overdue' or 'duress'.
    kind TEXT,
    -- Her note for the people she chose by e-mail (advocates get it sealed, below).
    note TEXT NOT NULL,
    -- The language of the e-mail: the one her screen was in ('en' or 'hi').
    language TEXT NOT NULL DEFAULT 'en',
    pin_hash TEXT NOT NULL,
    duress_pin_hash TEXT,
    wrong_pins INTEGER NOT NULL DEFAULT 0,
    tries INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL
);

CREATE UNIQUE INDEX checkins_one_running ON checkins (account_id) WHERE state = 'running';
CREATE INDEX checkins_due ON checkins (next_try_at);

CREATE TABLE checkin_recipients (
    checkin_id TEXT NOT NULL REFERENCES checkins(id) ON DELETE CASCADE,
    address TEXT NOT NULL,
    PRIMARY KEY (checkin_id, address)
);

-- Her note sealed in her browser to each chosen advocate's public key.
CREATE TABLE checkin_advocate_notes (
    checkin_id TEXT NOT NULL REFERENCES checkins(id) ON DELETE CASCADE,
    advocate_id TEXT NOT NULL REFERENCES advocates(account_id) ON DELETE CASCADE,
    sealed BLOB NOT NULL,
    PRIMARY KEY (checkin_id, advocate_id)
);

-- What an advocate sees in /advocate: kept until they dismiss it, or 30 days.
CREATE TABLE checkin_alerts (
    id TEXT PRIMARY KEY,
    advocate_id TEXT NOT NULL REFERENCES advocates(account_id) ON DELETE CASCADE,
    survivor_id TEXT NOT NULL,
    known_as TEXT NOT NULL,
    -- 'overdue', 'duress' or 'test'.
    kind TEXT NOT NULL,
    sealed BLOB NOT NULL,
    created_at INTEGER NOT NULL
);

CREATE INDEX checkin_alerts_by_advocate ON checkin_alerts (advocate_id, created_at);

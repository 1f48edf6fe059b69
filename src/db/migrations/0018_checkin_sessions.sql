-- His wrong check-in PINs must not lock her own way to end it (docs/checkin.md, "His wrong PINs"). The
-- sign-in sessions that are hers for a check-in: the one that started it, and each one in which her PIN (or
-- the duress PIN) has passed. Each counts its own wrong PINs here; every other session's wrong PINs count
-- together in `checkins.wrong_pins`, which from now on is that shared count of all other sessions.
--
-- A check-in running across this upgrade has no session of hers yet: until her PIN passes in one, her tries
-- count with the others'. The rows go with their check-in.
CREATE TABLE checkin_sessions (
    checkin_id TEXT NOT NULL REFERENCES checkins(id) ON DELETE CASCADE,
    -- The auth session's id, as its access tokens carry it ('' for an external service's tokens without one).
    session_id TEXT NOT NULL,
    wrong_pins INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (checkin_id, session_id)
);

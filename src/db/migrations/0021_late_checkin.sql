-- A late check-in (docs/checkin.md, "Checking in late"): after her check-in ran out and its alarm went, her
-- PIN still tells the people who were told that she has checked in, late. So an overdue alarm remembers who
-- it reached and when, on each channel apart: a trusted person's or an advocate's e-mail once the mail
-- server accepted it, an advocate's alert in the advocates' area once it was stored. Until now each address
-- was deleted as its e-mail was accepted and the check-in once everything was sent; an overdue alarm now
-- keeps them (state 'told') until she checks in late or for a day (src/checkin/late.rs), then they go.
-- Rows whose `told_at` is null are still waiting to be sent, as before.
ALTER TABLE checkin_recipients ADD COLUMN told_at INTEGER;
ALTER TABLE checkin_advocate_mail ADD COLUMN told_at INTEGER;
ALTER TABLE checkin_advocate_notes ADD COLUMN told_at INTEGER;

-- The e-mail each chosen advocate gets when her alert goes (docs/checkin.md): the advocate's own address,
-- copied here when the alert is stored, deleted once the mail server accepts it (or the alert is given
-- up), like her trusted people's addresses in checkin_recipients.
CREATE TABLE checkin_advocate_mail (
    checkin_id TEXT NOT NULL REFERENCES checkins(id) ON DELETE CASCADE,
    address TEXT NOT NULL,
    PRIMARY KEY (checkin_id, address)
);

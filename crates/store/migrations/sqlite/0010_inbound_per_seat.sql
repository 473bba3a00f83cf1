-- Inbound mail is de-duplicated per seat, after the address's secret is checked: one message
-- sent to two seats' order addresses (a player in two games) is applied to both, and a message
-- to an unknown secret does not use up its Message-ID. SQLite cannot drop a column's UNIQUE,
-- so the table is rebuilt without it; duplicates (their own rows) stay outside the index.
CREATE TABLE inbound_mail_per_seat (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    received_at BIGINT  NOT NULL,
    recipient   TEXT,
    message_id  TEXT,
    raw         BLOB    NOT NULL,
    status      TEXT    NOT NULL DEFAULT 'new'
                CHECK (status IN ('new', 'applied', 'refused', 'duplicate', 'dropped')),
    game_id     BIGINT  REFERENCES games (id),
    seat        BIGINT,
    -- What was done, one line (the log line of a dropped message).
    note        TEXT
);
INSERT INTO inbound_mail_per_seat (id, received_at, recipient, message_id, raw, status, game_id, seat, note)
    SELECT id, received_at, recipient, message_id, raw, status, game_id, seat, note FROM inbound_mail;
DROP TABLE inbound_mail;
ALTER TABLE inbound_mail_per_seat RENAME TO inbound_mail;
CREATE UNIQUE INDEX inbound_mail_seat_message ON inbound_mail (game_id, seat, message_id)
    WHERE status <> 'duplicate';

-- Play by mail (issue 13), SQLite dialect (migrations/postgres holds the same): account email
-- addresses confirmed by a link, each seat's secret order address, every inbound message as it
-- came, and the outbox of mail to send.

-- The confirmed address: nothing but the confirmation is sent to an address before it is
-- confirmed. A new address waits in email_pending with the SHA-256 of its link's token.
ALTER TABLE players ADD COLUMN email TEXT;
ALTER TABLE players ADD COLUMN email_pending TEXT;
ALTER TABLE players ADD COLUMN email_token_hash TEXT;
ALTER TABLE players ADD COLUMN email_token_expires BIGINT;

-- The secret in a seat's order address (orders+SECRET@domain): whoever mails it acts for the
-- seat, so it is rotated when the seat is freed and whenever its player asks. Existing seats
-- get one here; new seats get one from the operating system's generator.
ALTER TABLE seats ADD COLUMN mail_secret TEXT;
UPDATE seats SET mail_secret = lower(hex(randomblob(15))) WHERE mail_secret IS NULL;
CREATE UNIQUE INDEX seats_mail_secret ON seats (mail_secret);

-- Every message `postrider mail-in` was handed, stored before anything reads it. `status`:
-- new (stored, not yet handled), applied, refused (answered with the errors), duplicate (its
-- Message-ID was handled before), dropped (huge, malformed, or for no known seat).
CREATE TABLE inbound_mail (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    received_at BIGINT  NOT NULL,
    recipient   TEXT,
    message_id  TEXT    UNIQUE,
    raw         BLOB    NOT NULL,
    status      TEXT    NOT NULL DEFAULT 'new'
                CHECK (status IN ('new', 'applied', 'refused', 'duplicate', 'dropped')),
    game_id     BIGINT  REFERENCES games (id),
    seat        BIGINT,
    -- What was done, one line (the log line of a dropped message).
    note        TEXT
);

-- Mail to send, written in the same transaction as the event that causes it and sent by the
-- outbox worker: at least once, with a Message-ID fixed here so that a retry is the same mail.
-- A worker claims a row with a lease (lease_owner, lease_until); a row whose lease ran out is
-- claimed again. Failed sends are retried at next_attempt_at, later each time.
CREATE TABLE outbox (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    message_id      TEXT    NOT NULL UNIQUE,
    kind            TEXT    NOT NULL,
    game_id         BIGINT  REFERENCES games (id),
    seat            BIGINT,
    player_id       BIGINT  REFERENCES players (id),
    to_addr         TEXT    NOT NULL,
    -- The seat's order address is made from this secret when the mail is sent.
    reply_secret    TEXT,
    in_reply_to     TEXT,
    subject         TEXT    NOT NULL,
    body            TEXT    NOT NULL,
    created_at      BIGINT  NOT NULL,
    attempts        BIGINT  NOT NULL DEFAULT 0,
    next_attempt_at BIGINT  NOT NULL,
    lease_owner     TEXT,
    lease_until     BIGINT,
    sent_at         BIGINT,
    -- Set when the relay refused the mail for good (a 5xx answer) or after the last retry.
    failed_at       BIGINT,
    last_error      TEXT
);

CREATE INDEX outbox_due ON outbox (sent_at, failed_at, next_attempt_at);

-- Press (issue 35): the messages of a game's players and GM, public or private, and whether a
-- game allows private press. PostgreSQL dialect (migrations/sqlite holds the same). No foreign keys, as in 0016: the rows of a deleted game are
-- passed over by the queries that read a game's press.

-- One message. Public when `recipients` is 0; else private, to the seats whose bits are set
-- (bit N: seat N), read by them and the sender's seat only (docs/server.md, "Press").
CREATE TABLE press (
    id         BIGINT  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    game_id    BIGINT  NOT NULL,
    -- When it was posted, and the turn open then (the report of that turn carries it).
    at         BIGINT  NOT NULL,
    turn       INTEGER NOT NULL,
    -- The sender's seat; NULL: the GM's announcement.
    from_seat  INTEGER,
    -- The sender's name when it was posted (a player's, or the GM's).
    author     TEXT    NOT NULL,
    recipients BIGINT  NOT NULL DEFAULT 0,
    body       TEXT    NOT NULL,
    -- Where a message by mail came from (`mail/INBOUND/K`): a redelivered mail posts it once.
    source     TEXT    UNIQUE,
    -- The GM's hiding, logged: by whom and when (NULL: shown).
    hidden_by  TEXT,
    hidden_at  BIGINT
);
CREATE INDEX press_by_game ON press (game_id, id);
-- The rate bound counts a sender's messages of the last hour.
CREATE INDEX press_by_sender ON press (game_id, author, at);

-- A game's press settings (no row: the defaults).
CREATE TABLE press_settings (
    game_id         BIGINT  PRIMARY KEY,
    -- Seat-to-seat private press allowed (0: off, the default).
    private_allowed BIGINT  NOT NULL DEFAULT 0
);

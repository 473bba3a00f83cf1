-- postrider's schema, PostgreSQL dialect (migrations/sqlite holds the same in SQLite's).
-- Times are Unix seconds (UTC) in 64-bit integers; flags are 0/1 integers, so both dialects
-- read the same types.

-- People who log in: players and GMs alike.
CREATE TABLE players (
    id            BIGINT  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name          TEXT    NOT NULL UNIQUE,
    -- An argon2id PHC string: algorithm, parameters, salt and hash.
    password_hash TEXT    NOT NULL,
    created_at    BIGINT  NOT NULL
);

-- Browser sessions and API tokens. Only a SHA-256 hash of the secret is stored: a copy of
-- the database does not let anyone in.
CREATE TABLE credentials (
    token_hash TEXT    PRIMARY KEY,
    player_id  BIGINT  NOT NULL REFERENCES players (id),
    kind       TEXT    NOT NULL CHECK (kind IN ('session', 'api')),
    created_at BIGINT  NOT NULL,
    -- Sessions expire; API tokens last until revoked (NULL).
    expires_at BIGINT
);

-- One row per game: its settings, its deadline, and a snapshot of its record. The snapshot is
-- a cache: the events table is the source of truth, and `version` (the number of events) is
-- the optimistic lock every write checks, so that two server processes never apply a turn
-- twice or lose an order.
CREATE TABLE games (
    id            BIGINT  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    title         TEXT    NOT NULL,
    game          TEXT    NOT NULL,
    gm_id         BIGINT  NOT NULL REFERENCES players (id),
    -- The deadline rule as JSON: {"every":"interval","seconds":…} or {"every":"weekly",…}.
    deadline_rule TEXT    NOT NULL,
    -- When the coming turn falls due; NULL once the game is over.
    next_deadline BIGINT,
    paused        BIGINT  NOT NULL DEFAULT 0,
    -- Every playing seat has sealed its orders: the turn may be processed early.
    all_ready     BIGINT  NOT NULL DEFAULT 0,
    over          BIGINT  NOT NULL DEFAULT 0,
    version       BIGINT  NOT NULL,
    record        TEXT    NOT NULL,
    created_at    BIGINT  NOT NULL
);

CREATE INDEX games_due ON games (over, paused, next_deadline);

-- The seats of a game: who plays each one, or which bot.
CREATE TABLE seats (
    game_id   BIGINT  NOT NULL REFERENCES games (id),
    seat      BIGINT  NOT NULL,
    name      TEXT    NOT NULL,
    player_id BIGINT  REFERENCES players (id),
    -- The secret part of the seat's invitation link.
    invite    TEXT    NOT NULL UNIQUE,
    bot       TEXT,
    PRIMARY KEY (game_id, seat)
);

-- The event log: everything that happened to a game, in order (gm::Event as JSON).
CREATE TABLE events (
    game_id BIGINT NOT NULL REFERENCES games (id),
    seq     BIGINT NOT NULL,
    at      BIGINT NOT NULL,
    -- Who caused it: a player's name, `gm:NAME`, or `server` (deadlines, bots).
    actor   TEXT   NOT NULL,
    body    TEXT   NOT NULL,
    PRIMARY KEY (game_id, seq)
);

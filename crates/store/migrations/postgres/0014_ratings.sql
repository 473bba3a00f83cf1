-- Ratings, opt-in (issue 34): a GM marks a game rated; when it finishes, its seats' players
-- move on their game kind's ladder (gm::rating, multiplayer Weng–Lin). The ratings table is
-- derived: `postrider ratings rebuild` (and a start-up whose rules version differs from the
-- stamp) empties it and replays every finished rated game, from their logs, in the order
-- they finished.

-- Whether the game counts for ratings (0/1); the GM sets it until the game is over.
ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;

-- Each player's rating in one game kind: Weng–Lin's μ and σ (8-byte floats, read back
-- exactly, so that a rebuild and the updates give the same bits), the rated games played, and
-- the number the ladder shows (40 × (μ − 3σ), rounded), kept for ordering the ladder.
CREATE TABLE ratings (
    game      TEXT             NOT NULL,
    player_id BIGINT           NOT NULL REFERENCES players (id),
    mu        DOUBLE PRECISION NOT NULL,
    sigma     DOUBLE PRECISION NOT NULL,
    games     BIGINT           NOT NULL,
    shown     BIGINT           NOT NULL,
    PRIMARY KEY (game, player_id)
);

CREATE INDEX ratings_ladder ON ratings (game, shown DESC, player_id);

-- The rated games whose update has been applied, with when each finished (its last
-- resolution): the order the ladder takes them in (finished_at, then game_id).
CREATE TABLE rated_games (
    game_id     BIGINT  PRIMARY KEY REFERENCES games (id),
    game        TEXT    NOT NULL,
    finished_at BIGINT  NOT NULL
);

CREATE INDEX rated_games_order ON rated_games (game, finished_at, game_id);

-- What the update did to each seat, for the game's page: its player, and why it was left out
-- (NULL: rated), or the shown rating before and after.
CREATE TABLE rated_seats (
    game_id   BIGINT  NOT NULL REFERENCES games (id),
    seat      INTEGER NOT NULL,
    player_id BIGINT  REFERENCES players (id),
    left_out  TEXT,
    shown_before BIGINT,
    shown_after  BIGINT,
    PRIMARY KEY (game_id, seat)
);

-- The rules version the ratings were computed under (gm::rating::rules_version): one row.
CREATE TABLE ratings_stamp (
    id    INTEGER PRIMARY KEY CHECK (id = 1),
    rules TEXT    NOT NULL
);

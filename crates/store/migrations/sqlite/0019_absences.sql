-- Absences (issue 35): a player's declared windows away, and the excused turns a game allows.
-- SQLite dialect (migrations/postgres holds the same). No foreign keys: the rows of a deleted game or
-- account are passed over by the queries that join them.

-- A window a player is away, in Unix seconds (from `starts_at`, until `ends_at`), for one
-- game (`game_id`) or all their games (NULL). At each deadline in it, a seat of theirs with
-- nothing sealed is played by `bot` (NULL: the rules' NMR default), while the game's
-- allowance lasts. Cancelling deletes the row; ending it early sets `ends_at`.
CREATE TABLE absences (
    id INTEGER PRIMARY KEY,
    player_id  BIGINT NOT NULL,
    game_id    BIGINT,
    starts_at  BIGINT NOT NULL,
    ends_at    BIGINT NOT NULL,
    bot        TEXT,
    created_at BIGINT NOT NULL
);
CREATE INDEX absences_by_player ON absences (player_id, ends_at);

-- The turns a seat's player may be excused for by absences in this game (the GM's to set).
ALTER TABLE games ADD COLUMN absence_allowance BIGINT NOT NULL DEFAULT 2;

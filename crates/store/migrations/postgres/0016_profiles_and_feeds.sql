-- Public profiles with an on-time record, and a seat's calendar and report feeds (issue 35).
-- PostgreSQL dialect (migrations/sqlite holds the same). No foreign keys: the rows of a deleted
-- game or account are passed over by the queries that join them (and a feed's seat must still
-- be its player's).

-- Every game a player ever took a seat in, kept when the seat is freed: the games a profile's
-- on-time record is read from (`gm::on_time`, over each game's log). Filled here from the logs.
CREATE TABLE seatings (
    player_id BIGINT NOT NULL,
    game_id   BIGINT NOT NULL,
    PRIMARY KEY (player_id, game_id)
);
INSERT INTO seatings (player_id, game_id)
    SELECT DISTINCT p.id, e.game_id FROM events e
    JOIN players p ON p.name = (e.body::jsonb ->> 'player')
    WHERE e.body LIKE '%"kind":"seat_claimed"%' AND (e.body::jsonb ->> 'kind') = 'seat_claimed';

-- The least on-time record, in per cent, a player needs to take one of the game's seats
-- (NULL: none). Checked when a seat is claimed.
ALTER TABLE games ADD COLUMN min_on_time INTEGER;

-- The secret in the address of a seat's feeds, for the player who holds the seat: renewing it
-- replaces the row, and a feed answers only while its player still holds the seat.
CREATE TABLE seat_feeds (
    game_id   BIGINT  NOT NULL,
    seat      INTEGER NOT NULL,
    player_id BIGINT  NOT NULL,
    secret    TEXT    NOT NULL UNIQUE,
    PRIMARY KEY (game_id, seat, player_id)
);

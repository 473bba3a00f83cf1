-- Open seats and a lobby (issue 35). PostgreSQL dialect (migrations/sqlite holds the same).

-- A seat offered to anyone signed in: the GM opened the game's empty seats ("looking for
-- players"), or its player left and it waits for a replacement (a bot may keep it meanwhile).
-- 0: taken by invitation only; 1: offered in the lobby. Taking the seat clears it.
ALTER TABLE seats ADD COLUMN offered BIGINT NOT NULL DEFAULT 0;
-- The lobby reads the offered seats alone: a few rows, however many games the server keeps.
CREATE INDEX seats_offered ON seats (game_id) WHERE offered = 1;

-- What becomes of a seat whose player leaves the game: 'bot_and_open' (a bot plays it and it
-- is offered for a replacement), 'bot' (a bot plays it) or 'open' (offered; until someone
-- takes it, the seat sends nothing). The GM's choice, per game.
ALTER TABLE games ADD COLUMN on_leave TEXT NOT NULL DEFAULT 'bot_and_open';

-- The deadline worker's claim on a due game (issue 30): until when (Unix seconds) one server
-- process has taken the game to play its turn, so that two processes sharing a database
-- divide a deadline storm instead of both playing every game (the loser's commit was
-- refused, but only after its work). A turn's commit clears it; an unfinished claim lapses.
ALTER TABLE games ADD COLUMN claimed_until BIGINT;

-- The deadline worker claims due games a batch at a time in the order of this index,
-- continuing from the last game it looked at (issue 30): each batch then reads only its own
-- entries, however many games are due at once, instead of every due game to sort them by id.
DROP INDEX games_due;
CREATE INDEX games_due ON games (over, paused, next_deadline, id);
-- The games whose every seat is ready (few at any time), claimed beside the due ones.
CREATE INDEX games_all_ready ON games (id) WHERE all_ready = 1 AND over = 0 AND paused = 0;

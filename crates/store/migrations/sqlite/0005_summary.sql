-- The game list's summary (issue 12): kept by every write in the same transaction as the
-- snapshot, so that listing games reads these columns and never a game's record. NULL in rows
-- written by earlier releases: the list summarises such a game once, from its record.

-- The coming turn (or round), and whether play has begun (a race waits for its line-ups).
ALTER TABLE games ADD COLUMN turn BIGINT;
ALTER TABLE games ADD COLUMN started INTEGER;
-- Which seats are ready (sealed, finished, or played by a bot): bit N for seat N.
ALTER TABLE games ADD COLUMN ready_seats BIGINT;

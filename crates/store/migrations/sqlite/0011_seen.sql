-- What asks for a player's attention (issue 29, point 8): the last turn whose report the
-- seat's player has seen on the game page, so that a newer one is marked "new report"; and
-- the seats of a player found without a scan (every page's header counts the games awaiting
-- the reader's orders).
ALTER TABLE seats ADD COLUMN seen_turn BIGINT NOT NULL DEFAULT 0;
CREATE INDEX seats_player ON seats (player_id);

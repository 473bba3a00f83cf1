-- Public press is numbered within its game (issue 50): 1, 2, 3, … in the order posted. A reader
-- who reads public press alone (a visitor, the GM) knows a message by this number, never by its
-- row id, whose gaps counted the private press posted between two public messages (and every
-- other game's). NULL: private. PostgreSQL dialect (migrations/sqlite holds the same).
ALTER TABLE press ADD COLUMN public_seq BIGINT;
UPDATE press SET public_seq = numbered.n FROM (
    SELECT id, row_number() OVER (PARTITION BY game_id ORDER BY id) AS n
    FROM press WHERE recipients = 0
) numbered WHERE press.id = numbered.id;
-- A page of a game's public press, and the number a post takes (the game's highest + 1).
CREATE UNIQUE INDEX press_public ON press (game_id, public_seq);

-- A GM's archive (issue 15, point 8): an archived game leaves the front page and the players'
-- "your move" lists, and stays readable at its address. 0: listed; 1: archived.
ALTER TABLE games ADD COLUMN archived BIGINT NOT NULL DEFAULT 0;

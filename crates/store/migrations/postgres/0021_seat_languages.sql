-- A seat's own language (issue 36): its mail is written in it, before the player's account
-- language; a code of a folder of crates/locale/locales, NULL: the player's. Cleared when the
-- seat changes hands.
ALTER TABLE seats ADD COLUMN lang TEXT;

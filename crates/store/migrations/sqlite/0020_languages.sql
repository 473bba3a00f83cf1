-- The language a player reads their mail and reports in (issue 36): a code of a folder of
-- crates/locale/locales (`en`, `ja`); NULL: English.
ALTER TABLE players ADD COLUMN lang TEXT;

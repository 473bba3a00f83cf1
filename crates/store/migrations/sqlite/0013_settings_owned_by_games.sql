-- Games own their settings (issue 32): a game's set-up in the log holds the game's settings
-- object, and a GM's action on a piece is a `piece` entry. No table changes; a release before
-- this one cannot read such a log, and this migration makes it say so when it opens the
-- database (sqlx refuses a database that has a migration it does not know) rather than fail on
-- a game. Going back to an earlier release means restoring the backup taken before upgrading.
SELECT 1;

-- An event's game is not checked by a foreign key on PostgreSQL (issue 30). The check locked
-- the game's row again for each event, a WAL record each: half of what writing a deadline's
-- turns cost (64 turns: 4.3 ms with it, 2.1 ms without; docs/performance.md). Every event is
-- written by the statement or transaction that moves its game's row (`store::commit`) or
-- creates the game (`store::create`), and a game is deleted with its events, so an event
-- without its game cannot be written. SQLite keeps the key: there it costs little.
ALTER TABLE events DROP CONSTRAINT events_game_id_fkey;

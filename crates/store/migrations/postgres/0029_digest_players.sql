-- The players who chose the daily digest. The reminders' pass reads their seats at every tick
-- (`store::reminders::digest_seats`: `… WHERE p.mail_choice = 'digest' …`); without this index
-- each pass read every player and every seat. In issue 54's 100,000-game storm (400,000
-- players, none on the digest) it took 116 ms a pass, 101 s of PostgreSQL's time in all
-- (pg_stat_statements), and 0.03 ms with it. The condition repeats the query's word for word,
-- as both databases need to use a partial index.
CREATE INDEX players_digest ON players (id) WHERE mail_choice = 'digest';

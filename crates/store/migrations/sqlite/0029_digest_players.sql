-- The players who chose the daily digest, read at every tick by the reminders' pass
-- (`store::reminders::digest_seats`). Without it SQLite walked every seat for them: 83 ms a pass
-- with 400,000 players, none on the digest, and 0.01 ms with it (issue 54).
CREATE INDEX players_digest ON players (id) WHERE mail_choice = 'digest';

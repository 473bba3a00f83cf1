-- Account care (issue 31): the operator who runs the server, a suspended account, a password
-- reset by a one-time link, and an account its owner deleted. Flags are 0/1 integers; times
-- Unix seconds.
ALTER TABLE players ADD COLUMN operator BIGINT NOT NULL DEFAULT 0;
ALTER TABLE players ADD COLUMN suspended_at BIGINT;
ALTER TABLE players ADD COLUMN deleted_at BIGINT;
-- Only a SHA-256 hash of a reset link's secret is kept, like the credentials'.
ALTER TABLE players ADD COLUMN reset_token_hash TEXT;
ALTER TABLE players ADD COLUMN reset_token_expires BIGINT;
CREATE UNIQUE INDEX players_reset_token ON players (reset_token_hash);
-- A forgotten password and a mail in find the account by its address whatever its case.
CREATE INDEX players_email_lower ON players (lower(email));
-- An erased account's mail, found without reading every row.
CREATE INDEX outbox_player ON outbox (player_id);
CREATE INDEX inbound_mail_seat ON inbound_mail (game_id, seat);
-- No account of an earlier release becomes the operator by itself: `serve` says so at start
-- until the operator is named (`postrider account grant-operator NAME`).

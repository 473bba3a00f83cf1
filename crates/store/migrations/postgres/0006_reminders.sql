-- Reminders, digests, one-click unsubscribe, webhooks and HTML report mail (issue 13), PostgreSQL
-- dialect (migrations/sqlite holds the same).

-- What a player wants mailed unasked: 'every' (each report and reminder), 'digest' (one mail
-- a day listing the games whose orders are due, instead of reports and reminders) or 'none'.
-- Answers to what the player did (orders echoed, a mail refused, a confirmation) always go.
ALTER TABLE players ADD COLUMN mail_choice TEXT NOT NULL DEFAULT 'every'
    CHECK (mail_choice IN ('every', 'digest', 'none'));
-- The secret of the player's one-click unsubscribe link (List-Unsubscribe, RFC 8058).
ALTER TABLE players ADD COLUMN unsubscribe_token TEXT;
UPDATE players SET unsubscribe_token = substr(replace(gen_random_uuid()::text, '-', ''), 1, 30);
CREATE UNIQUE INDEX players_unsubscribe_token ON players (unsubscribe_token);
-- The last day (YYYYMMDD in the player's time zone) a digest was written for the player.
ALTER TABLE players ADD COLUMN digest_day BIGINT;

-- A row that must be written once whatever the number of servers (a reminder: game, turn,
-- seat and stage) carries a key; the unique index drops a second one.
ALTER TABLE outbox ADD COLUMN dedup_key TEXT;
CREATE UNIQUE INDEX outbox_dedup_key ON outbox (dedup_key);
-- The turn a report mail reports (its HTML alternative and picture are made when it is sent).
ALTER TABLE outbox ADD COLUMN turn BIGINT;

-- A game's webhook (Discord- and Slack-compatible JSON), set by its GM; NULL: none.
ALTER TABLE games ADD COLUMN webhook_url TEXT;
-- The reminders written for the coming turn: the turn and the stage (1: a day before the
-- deadline, 2: two hours before), so that the deadline worker looks at a game once a stage.
ALTER TABLE games ADD COLUMN reminded_turn BIGINT;
ALTER TABLE games ADD COLUMN reminded_stage BIGINT;

-- The outbox rows still to send, in the order they are claimed (`store::outbox_leases::claim`:
-- `… WHERE sent_at IS NULL AND failed_at IS NULL … ORDER BY id LIMIT n`). Without it each claim
-- walked the primary key past every row already sent: a server keeps sent mail for
-- `--keep-mail-days` (90 by default), and in a 100,000-game deadline storm a claim took 1 s
-- once 258,000 reports were out (issue 54). The condition repeats the claim's word for word, as
-- both databases need to use a partial index.
CREATE INDEX outbox_pending ON outbox (id) WHERE sent_at IS NULL AND failed_at IS NULL;

-- Bounces (issue 52): mail out carries a bounce address of the order domain naming its outbox
-- row (VERP, orders+bounce-ROW-SIGNATURE@…); a bounce arriving there marks the row and, when
-- it went to the player's address as it still is, the address. SQLite dialect (the other
-- folder holds the same).
--
-- When a mail bounced, and the relay's words. It was sent: sent_at stays.
ALTER TABLE outbox ADD COLUMN bounced_at BIGINT;
ALTER TABLE outbox ADD COLUMN bounce TEXT;
-- The mail log reads the bounced rows, few among many.
CREATE INDEX outbox_bounced ON outbox (bounced_at) WHERE bounced_at IS NOT NULL;
-- The player's confirmed address bounced (when, and the relay's words): nothing but a
-- confirmation link is mailed to it until its owner confirms it again.
ALTER TABLE players ADD COLUMN email_bounced_at BIGINT;
ALTER TABLE players ADD COLUMN email_bounce TEXT;

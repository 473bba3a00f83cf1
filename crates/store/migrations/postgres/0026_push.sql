-- Web Push (issue 56): the server's VAPID key pair, the players' devices, and what each player
-- wants pushed. PostgreSQL dialect (migrations/sqlite holds the same).

-- The server's one VAPID key pair (RFC 8292), made on first start and kept here so that a
-- backup carries it (a new key would orphan every subscription): the P-256 private scalar and
-- the uncompressed public point, both base64url without padding.
CREATE TABLE push_keys (
    id          BIGINT  PRIMARY KEY CHECK (id = 1),
    private_key TEXT    NOT NULL,
    public_key  TEXT    NOT NULL,
    created_at  BIGINT  NOT NULL
);

-- A device's subscription, as its browser's PushSubscription gives it: the push service's
-- endpoint (an https URL, one device's), the device's P-256 key (p256dh) and auth secret, both
-- base64url. At most 10 a player; deleted with the account or a suspension, and when the push
-- service answers 404 or 410.
CREATE TABLE push_subscriptions (
    id         BIGINT  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    player_id  BIGINT  NOT NULL REFERENCES players (id),
    endpoint   TEXT    NOT NULL UNIQUE,
    p256dh     TEXT    NOT NULL,
    auth       TEXT    NOT NULL,
    created_at BIGINT  NOT NULL
);
CREATE INDEX push_subscriptions_player ON push_subscriptions (player_id);

-- What a player wants pushed to their devices (1: yes): a new report of a game, a reminder when
-- their orders are missing before a deadline, a GM's announcement.
ALTER TABLE players ADD COLUMN push_report BIGINT NOT NULL DEFAULT 1;
ALTER TABLE players ADD COLUMN push_remind BIGINT NOT NULL DEFAULT 1;
ALTER TABLE players ADD COLUMN push_press  BIGINT NOT NULL DEFAULT 1;

-- Failed logins by name (issue 28), PostgreSQL dialect (migrations/sqlite holds the same).
-- A wrong password writes one row here whether or not the name has an account, so that a
-- failed login costs the same either way (the account's own counter, written only for a name
-- that exists, made those ~19 ms slower). The owner of an account is told of its key's
-- failures at the next login; rows of names that are no account are dropped after a day.
-- players.failed_logins is no longer read: its counts move here.
CREATE TABLE login_failures (
    -- players.name_key of the name tried; '?' for every name no account can have.
    name_key TEXT PRIMARY KEY,
    failures BIGINT NOT NULL,
    -- Unix seconds of the last failure.
    last_at BIGINT NOT NULL
);
INSERT INTO login_failures (name_key, failures, last_at)
    SELECT name_key, failed_logins, 0 FROM players WHERE failed_logins > 0 AND name_key IS NOT NULL;
UPDATE players SET failed_logins = 0;

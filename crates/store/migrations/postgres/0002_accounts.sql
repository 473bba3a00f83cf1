-- Accounts (issue 12): names unique whatever their case, and the failed logins an account's
-- owner is told of at the next login. PostgreSQL dialect (migrations/sqlite holds the same).

-- The form of the name that must be unique: NFKC and case folded, which for the ASCII names
-- postrider accepts is lower case (auth::name_key computes it for new accounts).
ALTER TABLE players ADD COLUMN name_key TEXT;

-- Existing accounts whose names differ only in case: the oldest keeps the plain key; each
-- later one gets its id appended (a key no name can have), so that both still log in by their
-- exact names and no new account can take either name in any case.
UPDATE players SET name_key = CASE
    WHEN id = (SELECT min(p.id) FROM players p WHERE lower(p.name) = lower(players.name))
        THEN lower(name)
    ELSE lower(name) || '#' || CAST(id AS TEXT)
END;

CREATE UNIQUE INDEX players_unique_name_key ON players (name_key);

-- Wrong passwords given for the account since its last successful login.
ALTER TABLE players ADD COLUMN failed_logins BIGINT NOT NULL DEFAULT 0;

ALTER TABLE players ALTER COLUMN name_key SET NOT NULL;

-- A player's profile: the time zone deadlines are shown in (an IANA name such as
-- America/New_York; NULL: UTC, until the player or their browser says otherwise).
ALTER TABLE players ADD COLUMN time_zone TEXT;

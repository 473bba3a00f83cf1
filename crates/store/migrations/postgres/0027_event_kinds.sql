-- Each event's kind (`gm::Event::kind`: its JSON's `kind` tag) in a column of its own, written
-- by the store with every event, so that entries are picked by kind without reading their JSON
-- (issue 53). PostgreSQL dialect (migrations/sqlite holds the same). Filled here from the events
-- kept so far; NULL only in a row written by hand without it.
ALTER TABLE events ADD COLUMN kind TEXT;
UPDATE events SET kind = body::jsonb ->> 'kind';

-- The resolutions and roll-backs (migration 0008), now by their kind. The history's and the
-- replay's query repeats this condition word for word (`store::read::RESOLUTIONS`), as both
-- databases need to use a partial index.
DROP INDEX events_resolutions;
CREATE INDEX events_resolutions ON events (game_id, seq)
    WHERE kind = 'resolved' OR kind = 'rolled_back';

-- The history is read a page at a time (issue 28): which entries are revealed, and where each
-- turn opened, follow from the resolutions and roll-backs alone. This index holds only those
-- entries (a few per turn, however many orders were sealed), so finding them costs the same
-- whatever else the log holds. The history's query repeats this condition word for word, as
-- both databases need to use a partial index.
CREATE INDEX events_resolutions ON events (game_id, seq)
    WHERE body LIKE '{"kind":"resolved"%' OR body LIKE '{"kind":"rolled_back"%';

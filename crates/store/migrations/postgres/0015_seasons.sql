-- Seasons (issue 34): games of one kind played in order by the same seats (a stage race's
-- stages, a walking week's days, a league). The standings are computed from the stages'
-- results (gm::season), never stored; each result is kept when its game finishes, so that a
-- season page never replays a game. Times Unix seconds; flags 0/1 integers.
CREATE TABLE seasons (
    id             BIGINT  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    gm_id          BIGINT  NOT NULL REFERENCES players (id),
    -- The season as its GM set it up (gm::Season as JSON: game, name, scoring, best_of).
    season         TEXT    NOT NULL,
    -- How many stages the GM means to play, if said; the season ends after the last.
    planned_stages INTEGER,
    created_at     BIGINT  NOT NULL,
    -- When the GM finished it; NULL while it runs (or until its planned last stage ends).
    finished_at    BIGINT
);

-- A season's stages in order. A game belongs to at most one season (the UNIQUE game_id).
CREATE TABLE season_stages (
    season_id BIGINT  NOT NULL REFERENCES seasons (id),
    -- 1 for the first stage.
    stage     INTEGER NOT NULL,
    game_id   BIGINT  NOT NULL UNIQUE REFERENCES games (id),
    -- Days of rest before the stage (its first deadline moved by as many days).
    rest_days INTEGER NOT NULL DEFAULT 0,
    -- The finished game read as a stage (gm::Record::stage, JSON) and each seat's place
    -- (a JSON array), written in the transaction that ends the game; NULL while it runs.
    result    TEXT,
    places    TEXT,
    PRIMARY KEY (season_id, stage)
);

CREATE INDEX seasons_gm ON seasons (gm_id);

-- Migration 3: cooperative levels (Mists over Carcassonne). A level plays on a rule set
-- of system 'mists' and adds the numbers and switches of the level table (RULES.md
-- section 4). A designer makes a new level by adding a row here and its rows in
-- level_followers: no code.

CREATE TABLE level (
  id                 TEXT PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 64),
  name               TEXT NOT NULL,
  position           INTEGER NOT NULL DEFAULT 0,           -- order in lists
  rule_set           TEXT NOT NULL REFERENCES rule_set (id) ON DELETE CASCADE,
  exclude_kinds      TEXT NOT NULL DEFAULT '',             -- 'castle cemetery': tiles showing one stay in the box
  ghost_bank         INTEGER NOT NULL CHECK (ghost_bank BETWEEN 0 AND 200),
  stacks             INTEGER NOT NULL DEFAULT 1 CHECK (stacks BETWEEN 1 AND 10),
  dogs               TEXT NOT NULL DEFAULT '',             -- thresholds, one per stack but the last: '15 50'
  target             INTEGER NOT NULL CHECK (target BETWEEN 1 AND 10000),
  cemetery           TEXT NOT NULL DEFAULT 'none' CHECK (cemetery IN ('none', 'plain', 'haunted')),
  scoring            TEXT NOT NULL DEFAULT 'shared' CHECK (scoring IN ('shared', 'per_colour')),
  score_markers      INTEGER NOT NULL DEFAULT 0 CHECK (score_markers BETWEEN 0 AND 6),
  marker_from_supply INTEGER NOT NULL DEFAULT 0 CHECK (marker_from_supply IN (0, 1)),
  description        TEXT NOT NULL DEFAULT ''
) STRICT;
CREATE INDEX level_rule_set ON level (rule_set);

-- Followers by seat count: each player plays `colours` colours with `per_colour`
-- followers of each.
CREATE TABLE level_followers (
  level      TEXT NOT NULL REFERENCES level (id) ON DELETE CASCADE,
  players    INTEGER NOT NULL CHECK (players BETWEEN 1 AND 6),
  colours    INTEGER NOT NULL CHECK (colours BETWEEN 1 AND 6),
  per_colour INTEGER NOT NULL CHECK (per_colour BETWEEN 0 AND 30),
  PRIMARY KEY (level, players)
) STRICT;

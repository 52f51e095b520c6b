-- Test-only content for the cooperative rules: a rule set test-mists (the mists rules
-- with a plain start tile) over the gcctest fog tiles (test-gcc.sql, applied first) and
-- a few more, and test levels with small numbers, so that the rule books' Mists examples
-- are tested apart from the reconstructed Mists tiles. Applied to a copy of default.db.
INSERT INTO tile_set (id, name, source, confidence) VALUES
  ('miststest', 'Mists test tiles', 'tests/data/test-mists.sql', 'test');

-- PF  plain field, no fog           F3N fields, fog cap on N with 3 ghost symbols
-- RE  a road from E ending at a village in the middle (fields round it)
-- RS  a straight road W-E (fields N and S)
INSERT INTO tile_type (tile_set, id, count, reconstructed, ghost_symbols, note) VALUES
  ('miststest', 'PF', 12, 0, 0, 'plain field'),
  ('miststest', 'F3N', 2, 0, 3, 'fog cap N, 3 symbols'),
  ('miststest', 'RE', 6, 0, 0, 'road end E'),
  ('miststest', 'RS', 6, 0, 0, 'road W-E');

INSERT INTO tile_segment (tile_set, tile_id, idx, terrain, ports, shields, fogged, touches) VALUES
  ('miststest', 'PF', 0, 'field', 'Nw N Ne En E Es Se S Sw Ws W Wn', 0, 0, ''),
  ('miststest', 'F3N', 0, 'field', 'Nw N Ne', 0, 1, ''),
  ('miststest', 'F3N', 1, 'field', 'En E Es Se S Sw Ws W Wn', 0, 0, ''),
  ('miststest', 'F3N', 2, 'fog',   'Nw N Ne', 0, 0, ''),
  ('miststest', 'RE', 0, 'road',  'E', 0, 0, ''),
  ('miststest', 'RE', 1, 'field', 'Nw N Ne En Es Se S Sw Ws W Wn', 0, 0, ''),
  ('miststest', 'RS', 0, 'road',  'E W', 0, 0, ''),
  ('miststest', 'RS', 1, 'field', 'Nw N Ne En Wn', 0, 0, ''),
  ('miststest', 'RS', 2, 'field', 'Es Se S Sw Ws', 0, 0, '');

-- test-mists: the mists rules, start tile PF, pile: the gcctest and miststest tiles.
INSERT INTO rule_set (id, name, system, parent, start_tile_set, start_tile, description)
VALUES ('test-mists', 'Mists rules, test tiles', 'mists', 'mists', 'miststest', 'PF', 'Mists rule examples');
INSERT INTO rule_set_pool (rule_set, tile_set, tile_id, count)
  SELECT 'test-mists', tile_set, id, CASE WHEN tile_set = 'miststest' AND id = 'PF' THEN count - 1 ELSE count END
  FROM tile_type WHERE tile_set IN ('gcctest', 'miststest') ORDER BY rowid;

INSERT INTO rule_set (id, name, system, parent, start_tile_set, start_tile, description)
VALUES ('test-short-pile', 'Mists rules, 6-tile pile', 'mists', 'mists', 'miststest', 'PF', 'stacks running out');
INSERT INTO rule_set_pool (rule_set, tile_set, tile_id, count) VALUES ('test-short-pile', 'miststest', 'PF', 6);

INSERT INTO level (id, name, position, rule_set, exclude_kinds, ghost_bank, stacks, dogs, target,
                   cemetery, scoring, score_markers, marker_from_supply, description) VALUES
  ('test-m1', 'test: basics', 101, 'test-mists', '', 15, 1, '', 50, 'none', 'shared', 0, 0, ''),
  ('test-m2', 'test: plain cemeteries', 102, 'test-mists', '', 15, 1, '', 75, 'plain', 'shared', 0, 0, ''),
  ('test-m3', 'test: dogs', 103, 'test-mists', '', 15, 3, '4 60', 100, 'plain', 'shared', 0, 0, ''),
  ('test-m5', 'test: haunted cemeteries', 105, 'test-mists', '', 15, 1, '', 100, 'haunted', 'shared', 0, 0, ''),
  ('test-m6', 'test: per colour', 106, 'test-mists', '', 12, 1, '', 50, 'haunted', 'per_colour', 0, 1, ''),
  ('test-m6m', 'test: per colour, 3 markers', 107, 'test-mists', '', 12, 1, '', 50, 'haunted', 'per_colour', 3, 1, ''),
  ('test-tiny', 'test: a bank of 2', 108, 'test-mists', '', 2, 1, '', 50, 'none', 'shared', 0, 0, ''),
  ('test-short', 'test: 3 stacks of 2', 109, 'test-short-pile', '', 15, 3, '2 3', 10, 'none', 'shared', 0, 0, '');


INSERT INTO level_followers (level, players, colours, per_colour)
  SELECT l.id, f.players, f.colours, f.per_colour
  FROM level AS l,
       (SELECT 1 AS players, 4 AS colours, 3 AS per_colour UNION ALL SELECT 2, 2, 3
        UNION ALL SELECT 3, 1, 5 UNION ALL SELECT 4, 1, 5 UNION ALL SELECT 5, 1, 5) AS f
  WHERE l.id LIKE 'test-%';

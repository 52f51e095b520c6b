-- Test-only Discovery tiles (tile set disctest) and rule sets, so that every worked
-- example of seed 001 is played on exactly the geometry it describes, apart from the
-- low-confidence Discovery tiles. Applied to a copy of default.db by the tests (after
-- scenarios/discovery.sql, whose terrains and rule set `discovery` they use).
--
-- Same representation as scenarios/discovery.sql: a region owns all three ports of
-- its edges (a lake owns only C), `touches` lists the adjacent regions of the tile, a
-- city counts once in `shields` on its water side and once on its land side.
--   LA / MA / WA  lowland / mountains / water all round
--   LM1    lowland bay N, mountains E S W          LM3    lowland band E-W, mountains N and S
--   MCAP   mountain bay N, lowland E S W           MCAPW  mountain bay N, water E S W, 1 city
--   MBANDL mountain band E-W, lowland N and S      LLW3   lowland all round, a lake with 3 cities
--   WCOR   water N E, lowland S W                  WCORC  the same with 1 city
--   WCAP   water bay N, lowland E S W              WCAPC  the same with 1 city
--   WBAND  water band E-W, lowland N and S, 2 cities (one on each shore)
INSERT INTO tile_set (id, name, source, confidence) VALUES
  ('disctest', 'Discovery test tiles', 'tests/data/test-discovery.sql', 'test');

INSERT INTO tile_type (tile_set, id, count, reconstructed, note) VALUES
  ('disctest', 'LA', 10, 0, 'L8 L, no city'),
  ('disctest', 'MA', 10, 0, 'L8 M, no city'),
  ('disctest', 'WA', 10, 0, 'L8 W, no city'),
  ('disctest', 'LM1', 10, 0, 'L17 L|M, no city'),
  ('disctest', 'LM3', 10, 0, 'L161 M|L|M, no city'),
  ('disctest', 'MCAPW', 10, 0, 'L17 M|W, city 0|1 (M|W)'),
  ('disctest', 'MBANDL', 10, 0, 'L161 L|M|L, no city'),
  ('disctest', 'MCAP', 10, 0, 'L17 M|L, no city'),
  ('disctest', 'LLW3', 10, 0, 'LAKE L|W, city 0|1 (L|W), city 0|1 (L|W), city 0|1 (L|W)'),
  ('disctest', 'WCOR', 10, 0, 'L44 W|L, no city'),
  ('disctest', 'WCORC', 10, 0, 'L44 W|L, city 0|1 (W|L)'),
  ('disctest', 'WCAP', 10, 0, 'L17 W|L, no city'),
  ('disctest', 'WCAPC', 10, 0, 'L17 W|L, city 0|1 (W|L)'),
  ('disctest', 'WBAND', 10, 0, 'L161 L|W|L, city 0|1 (L|W), city 1|2 (W|L)');

INSERT INTO tile_segment (tile_set, tile_id, idx, terrain, ports, shields, touches) VALUES
  ('disctest', 'LA', 0, 'lowland', 'Nw N Ne En E Es Se S Sw Ws W Wn', 0, ''),
  ('disctest', 'MA', 0, 'mountain', 'Nw N Ne En E Es Se S Sw Ws W Wn', 0, ''),
  ('disctest', 'WA', 0, 'water', 'Nw N Ne En E Es Se S Sw Ws W Wn', 0, ''),
  ('disctest', 'LM1', 0, 'lowland', 'Nw N Ne', 0, '1'),
  ('disctest', 'LM1', 1, 'mountain', 'En E Es Se S Sw Ws W Wn', 0, '0'),
  ('disctest', 'LM3', 0, 'mountain', 'Nw N Ne', 0, '1'),
  ('disctest', 'LM3', 1, 'lowland', 'En E Es Ws W Wn', 0, '0 2'),
  ('disctest', 'LM3', 2, 'mountain', 'Se S Sw', 0, '1'),
  ('disctest', 'MCAPW', 0, 'mountain', 'Nw N Ne', 1, '1'),
  ('disctest', 'MCAPW', 1, 'water', 'En E Es Se S Sw Ws W Wn', 1, '0'),
  ('disctest', 'MBANDL', 0, 'lowland', 'Nw N Ne', 0, '1'),
  ('disctest', 'MBANDL', 1, 'mountain', 'En E Es Ws W Wn', 0, '0 2'),
  ('disctest', 'MBANDL', 2, 'lowland', 'Se S Sw', 0, '1'),
  ('disctest', 'MCAP', 0, 'mountain', 'Nw N Ne', 0, '1'),
  ('disctest', 'MCAP', 1, 'lowland', 'En E Es Se S Sw Ws W Wn', 0, '0'),
  ('disctest', 'LLW3', 0, 'lowland', 'Nw N Ne En E Es Se S Sw Ws W Wn', 3, '1'),
  ('disctest', 'LLW3', 1, 'water', 'C', 3, '0'),
  ('disctest', 'WCOR', 0, 'water', 'Nw N Ne En E Es', 0, '1'),
  ('disctest', 'WCOR', 1, 'lowland', 'Se S Sw Ws W Wn', 0, '0'),
  ('disctest', 'WCORC', 0, 'water', 'Nw N Ne En E Es', 1, '1'),
  ('disctest', 'WCORC', 1, 'lowland', 'Se S Sw Ws W Wn', 1, '0'),
  ('disctest', 'WCAP', 0, 'water', 'Nw N Ne', 0, '1'),
  ('disctest', 'WCAP', 1, 'lowland', 'En E Es Se S Sw Ws W Wn', 0, '0'),
  ('disctest', 'WCAPC', 0, 'water', 'Nw N Ne', 1, '1'),
  ('disctest', 'WCAPC', 1, 'lowland', 'En E Es Se S Sw Ws W Wn', 1, '0'),
  ('disctest', 'WBAND', 0, 'lowland', 'Nw N Ne', 1, '1'),
  ('disctest', 'WBAND', 1, 'water', 'En E Es Ws W Wn', 2, '0 2'),
  ('disctest', 'WBAND', 2, 'lowland', 'Se S Sw', 1, '1');

-- One rule set per start tile the examples need; all play the `discovery` rules on the
-- test tiles (10 of each in the pile, so a record never runs out of tiles), except
-- test-disc-final, whose pile of two tiles lets a record reach the final scoring, and
-- test-disc-hand, which deals hands of two face-up tiles (the Draw tiles in seat order).
INSERT INTO rule_set (id, name, system, parent, start_tile_set, start_tile, description) VALUES
  ('test-disc-l',  'Discovery test: lowland cap start',  'discovery', 'discovery', 'disctest', 'LM1', ''),
  ('test-disc-m',  'Discovery test: mountain bay start', 'discovery', 'discovery', 'disctest', 'MCAPW', ''),
  ('test-disc-w1', 'Discovery test: water bay start',    'discovery', 'discovery', 'disctest', 'WCAPC', ''),
  ('test-disc-w2', 'Discovery test: water band start',   'discovery', 'discovery', 'disctest', 'WBAND', ''),
  ('test-disc-w4', 'Discovery test: water corner start', 'discovery', 'discovery', 'disctest', 'WCORC', ''),
  ('test-disc-w4-text', 'Discovery test: closed water by the text', 'discovery', 'discovery',
   'disctest', 'WCORC', ''),
  ('test-disc-final', 'Discovery test: two tiles, then final scoring', 'discovery', 'discovery',
   'disctest', 'LM1', ''),
  ('test-disc-hand', 'Discovery test: expert hands of two tiles', 'discovery', 'discovery',
   'disctest', 'LM1', '');

INSERT INTO rule_set_pool (rule_set, tile_set, tile_id, count)
  SELECT r.id, t.tile_set, t.id, t.count FROM rule_set r, tile_type t
  WHERE r.id IN ('test-disc-l', 'test-disc-m', 'test-disc-w1', 'test-disc-w2', 'test-disc-w4',
                 'test-disc-w4-text', 'test-disc-hand')
    AND t.tile_set = 'disctest' ORDER BY r.id, t.rowid;
INSERT INTO rule_set_pool (rule_set, tile_set, tile_id, count) VALUES
  ('test-disc-final', 'disctest', 'LM3', 1),
  ('test-disc-final', 'disctest', 'LM1', 1);

INSERT INTO rule_param (rule_set, key, value) VALUES
  ('test-disc-w4-text', 'water_closed_city_points', 0),
  ('test-disc-hand', 'hand_size', 2);

-- Test-only tiles with simple fog geometry, and the rule set test-gcc (the gcc rules on
-- the base tiles plus these), so that the rule book's GCC examples are tested apart
-- from the reconstructed Mists tiles. Applied to a copy of default.db by the tests.
INSERT INTO tile_set (id, name, source, confidence) VALUES
  ('gcctest', 'GCC test tiles', 'tests/data/test-gcc.sql', 'test');

-- FN  fields all round, fog cap on N           FA  fields, fog over all four sides
-- FNS fields, one fog band over N and S         CA  castle in the middle of fog on all sides
-- CE  cemetery in a field, no fog               CF  city N, fog cap on S
INSERT INTO tile_type (tile_set, id, count, reconstructed, ghost_symbols, note) VALUES
  ('gcctest', 'FN', 6, 0, 1, 'fog cap N'),
  ('gcctest', 'FNS', 3, 0, 2, 'fog band N-S'),
  ('gcctest', 'FA', 8, 0, 3, 'fog all round'),
  ('gcctest', 'CA', 2, 0, 1, 'castle, fog all round'),
  ('gcctest', 'CE', 2, 0, 0, 'cemetery'),
  ('gcctest', 'CF', 3, 0, 1, 'city N, fog S');

INSERT INTO tile_segment (tile_set, tile_id, idx, terrain, ports, shields, fogged, touches) VALUES
  ('gcctest', 'FN', 0, 'field', 'Nw N Ne', 0, 1, ''),
  ('gcctest', 'FN', 1, 'field', 'En E Es Se S Sw Ws W Wn', 0, 0, ''),
  ('gcctest', 'FN', 2, 'fog',   'Nw N Ne', 0, 0, ''),
  ('gcctest', 'FNS', 0, 'field', 'Nw N Ne Se S Sw', 0, 1, ''),
  ('gcctest', 'FNS', 1, 'field', 'En E Es', 0, 0, ''),
  ('gcctest', 'FNS', 2, 'field', 'Ws W Wn', 0, 0, ''),
  ('gcctest', 'FNS', 3, 'fog',   'Nw N Ne Se S Sw C', 0, 0, ''),
  ('gcctest', 'FA', 0, 'field', 'Nw N Ne En E Es Se S Sw Ws W Wn', 0, 1, ''),
  ('gcctest', 'FA', 1, 'fog',   'Nw N Ne En E Es Se S Sw Ws W Wn C', 0, 0, ''),
  ('gcctest', 'CA', 0, 'field', 'Nw N Ne En E Es Se S Sw Ws W Wn', 0, 1, ''),
  ('gcctest', 'CA', 1, 'castle', 'C', 0, 0, ''),
  ('gcctest', 'CA', 2, 'fog',   'Nw N Ne En E Es Se S Sw Ws W Wn', 0, 0, ''),
  ('gcctest', 'CE', 0, 'field', 'Nw N Ne En E Es Se S Sw Ws W Wn', 0, 0, ''),
  ('gcctest', 'CE', 1, 'cemetery', 'C', 0, 0, ''),
  ('gcctest', 'CF', 0, 'city',  'Nw N Ne', 0, 0, ''),
  ('gcctest', 'CF', 1, 'field', 'En E Es Ws W Wn', 0, 0, '0'),
  ('gcctest', 'CF', 2, 'field', 'Se S Sw', 0, 1, ''),
  ('gcctest', 'CF', 3, 'fog',   'Se S Sw', 0, 0, '');

-- test-gcc: the gcc rules with base start tile D, over the base pile + the test tiles.
INSERT INTO rule_set (id, name, system, parent, start_tile_set, start_tile, description)
VALUES ('test-gcc', 'GCC rules, test tiles', 'gcc', 'gcc', 'base', 'D', 'GCC rule examples');
INSERT INTO rule_set_pool (rule_set, tile_set, tile_id, count)
  SELECT 'test-gcc', tile_set, id, CASE WHEN tile_set = 'base' AND id = 'D' THEN count - 1 ELSE count END
  FROM tile_type WHERE tile_set IN ('base', 'gcctest') ORDER BY rowid;
-- test-gcc-short: the same rules over a pile of 4 test tiles, to reach final scoring.
INSERT INTO rule_set (id, name, system, parent, start_tile_set, start_tile, description)
VALUES ('test-gcc-short', 'GCC rules, 4-tile pile', 'gcc', 'gcc', 'base', 'D', 'GCC final scoring');
INSERT INTO rule_set_pool (rule_set, tile_set, tile_id, count) VALUES
  ('test-gcc-short', 'gcctest', 'FN', 2), ('test-gcc-short', 'gcctest', 'CA', 1),
  ('test-gcc-short', 'gcctest', 'CE', 1);

-- Test-only rule sets, applied to a copy of default.db by the tests (never shipped).
-- Their draw piles are tiny so that a hand-written record reaches the end of the game.

-- test-final: base rules, pile U E M (one each).
INSERT INTO rule_set (id, name, system, parent, start_tile_set, start_tile, description)
VALUES ('test-final', 'Base, 3-tile pile', 'base', 'base', 'base', 'D', 'final scoring tests');
INSERT INTO rule_set_pool (rule_set, tile_set, tile_id, count) VALUES
  ('test-final', 'base', 'U', 1), ('test-final', 'base', 'E', 1), ('test-final', 'base', 'M', 1);

-- test-final2: base rules, pile A U E (one each): monastery, road and farmers at the end.
INSERT INTO rule_set (id, name, system, parent, start_tile_set, start_tile, description)
VALUES ('test-final2', 'Base, 3-tile pile', 'base', 'base', 'base', 'D', 'final scoring tests');
INSERT INTO rule_set_pool (rule_set, tile_set, tile_id, count) VALUES
  ('test-final2', 'base', 'A', 1), ('test-final2', 'base', 'U', 1), ('test-final2', 'base', 'E', 1);

-- test-small-city: the obsolete two-tile city rule switched on.
INSERT INTO rule_set (id, name, system, parent, start_tile_set, start_tile, description)
VALUES ('test-small-city', 'Base with the old small-city rule', 'base', 'base', 'base', 'D', '');
INSERT INTO rule_param (rule_set, key, value) VALUES ('test-small-city', 'small_city_rule', 1);

-- test-mists-base: the base rules over the base tiles and the 60 Mists/GCC tiles, from
-- the 2x2 start piece (as GCC sets up). Fog, castles and cemeteries mean nothing to the
-- base rules; this checks that the reconstructed tiles play like a Carcassonne mix.
INSERT INTO rule_set (id, name, system, parent, start_tile_set, start_tile, description)
VALUES ('test-mists-base', 'Base rules, base + Mists tiles', 'base', 'base', 'mists', 'MS00',
        'the reconstructed Mists tiles shuffled into the base game, played with base rules');
-- The draw pile: every base tile (one D fewer, as in base) and every Mists tile except
-- the cells of the start piece.
INSERT INTO rule_set_pool (rule_set, tile_set, tile_id, count)
  SELECT 'test-mists-base', tile_set, id,
         CASE WHEN tile_set = 'base' AND id = 'D' THEN count - 1 ELSE count END
  FROM tile_type WHERE tile_set = 'base' OR (tile_set = 'mists' AND piece = '')
  ORDER BY rowid;

-- test-ic-city: Inns & Cathedrals (rule set ic), pile IC01 E E M E: a cathedral city
-- closed by the base tiles, then the end (a farmer beside it).
INSERT INTO rule_set (id, name, system, parent, start_tile_set, start_tile, description)
VALUES ('test-ic-city', 'Inns & Cathedrals, 5-tile pile', 'base', 'ic', 'base', 'D', 'cathedral tests');
INSERT INTO rule_set_pool (rule_set, tile_set, tile_id, count) VALUES
  ('test-ic-city', 'inns', 'IC01', 1), ('test-ic-city', 'base', 'E', 3), ('test-ic-city', 'base', 'M', 1);

-- test-ic-final: Inns & Cathedrals, pile IC15 IC01 E: an inn road and a cathedral city
-- left incomplete at the end.
INSERT INTO rule_set (id, name, system, parent, start_tile_set, start_tile, description)
VALUES ('test-ic-final', 'Inns & Cathedrals, 3-tile pile', 'base', 'ic', 'base', 'D', 'final scoring tests');
INSERT INTO rule_set_pool (rule_set, tile_set, tile_id, count) VALUES
  ('test-ic-final', 'inns', 'IC15', 1), ('test-ic-final', 'inns', 'IC01', 1), ('test-ic-final', 'base', 'E', 1);

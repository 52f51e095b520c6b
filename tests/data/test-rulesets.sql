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

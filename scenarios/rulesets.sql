-- Rule sets built from several tile sets. Applied after base.sql and mists.sql (scripts
-- run in name order), so every tile they name exists.

-- Ghosts, Castles and Cemeteries: the competitive expansion (RULES.md section 3, seed
-- 004). The 2x2 start piece replaces the base start tile; the 60 Mists tiles are
-- shuffled into the 72 base tiles less the base start tile. Every number below is a
-- rule parameter: a designer's variant changes rows, not code.
INSERT INTO rule_set (id, name, system, parent, start_tile_set, start_tile, description) VALUES
  ('gcc', 'Ghosts, Castles and Cemeteries', 'gcc', 'base', 'mists', 'MS00',
   'Competitive: fog brings ghosts to followers, guards fear nothing, castles score fog, ' ||
   'cemeteries give guards. Base game + 60 tiles (reconstructed geometry) + 2x2 start piece.');

INSERT INTO rule_set_pool (rule_set, tile_set, tile_id, count)
  SELECT 'gcc', tile_set, id, CASE WHEN tile_set = 'base' AND id = 'D' THEN count - 1 ELSE count END
  FROM tile_type WHERE tile_set = 'base' OR (tile_set = 'mists' AND piece = '')
  ORDER BY rowid;

INSERT INTO rule_param (rule_set, key, value) VALUES
  ('gcc', 'followers',                    5),  -- normal followers in supply (the 6th scores)
  ('gcc', 'guards',                       2),  -- guards in supply at the start
  ('gcc', 'general_guards',               3),  -- guards per colour in the general supply
  ('gcc', 'fog_ghosts',                   1),  -- fog thickens / disperses: ghosts come
  ('gcc', 'ghost_bank',                  15),
  ('gcc', 'ghost_penalty',                2),  -- per ghost with a scoring follower (majority only)
  ('gcc', 'ghost_penalty_final',          1),  -- per ghost still with a follower at the end
  ('gcc', 'final_ghost_penalty_all',      1),  -- every follower's ghosts (not on cemeteries)
  ('gcc', 'ghosts_to_scare',              3),  -- the 3rd ghost sends the follower home
  ('gcc', 'score_floor_zero',             1),  -- a score never drops below 0
  ('gcc', 'fog_closes_fields',            1),  -- fog closes fields like a city edge
  ('gcc', 'fogged_fields_occupiable',     0),  -- no follower on a fogged part of a field
  ('gcc', 'castle_fog_tile_points',       2),  -- completed castle: per fogged tile of its 9
  ('gcc', 'castle_fog_tile_points_final', 1),  -- at the end: per fogged present tile
  ('gcc', 'castle_tile_points_final',     1),  -- ... and the castle tile always counts 1
  ('gcc', 'cemetery_neighbours',          8);  -- a cemetery completes with all 8 around

-- The base game of Carcassonne as data: 72 tiles in 24 types (A..X), and the rule set
-- "base". tw_mkdb runs this script in one transaction on a freshly migrated database and
-- then loads and checks everything; any mistake here fails the build, naming the row.
--
-- Source of the tile geometry: JCloisterZone basic.xml (MIT licence, Copyright (c)
-- 2004-2020 Roman Krejcik), tile set basic:1, cross-checked against the Wikicarpedia
-- list of the base tiles. Letters A..X are the usual names of the tiles; the JCZ id of
-- each type is kept in its note.
--
-- How to read a tile
-- ------------------
-- Each edge has three ports, and the centre is C. Clockwise from the top-left corner:
--
--            Nw   N   Ne
--       Wn                En
--       W        C        E
--       Ws                Es
--            Sw   S   Se
--
-- A segment is one area of the tile: a city, a road, a field or the monastery, with
-- the ports it owns. The conventions the engine relies on:
--   * a city owns all three ports of every edge it covers;
--   * a road owns the middle port (N, E, S or W) of each edge it reaches; a road that
--     ends on the tile (at a monastery, a crossing or a city gate) is a segment of its
--     own with a single port;
--   * a field owns the side ports it touches, and also the middle port of an edge when
--     it owns both side ports of that edge and no road or city is on it, so every edge's
--     middle port has an owner and gives the edge its terrain;
--   * the monastery owns only C;
--   * `touches` (fields only) lists the idx of the city segments the field borders:
--     a farmer there scores those cities at the end.
-- Segments are numbered from 0 per tile: cities first, then roads, then fields, then
-- the centre feature.

-- Terrains. Edges fit when their terrains share a `match` group.
INSERT INTO terrain (id, kind, match, colour, name) VALUES
  ('city',      'city',      'city',      '#c27c3e', 'City'),
  ('road',      'road',      'road',      '#efe6cf', 'Road'),
  ('field',     'field',     'field',     '#8fbf4d', 'Field'),
  ('monastery', 'monastery', 'monastery', '#b23a2f', 'Monastery');

INSERT INTO tile_set (id, name, source, confidence) VALUES
  ('base', 'Carcassonne base game',
   'JCloisterZone basic.xml, tile set basic:1 (MIT, Copyright (c) 2004-2020 Roman Krejcik)',
   'high');

-- Tile types: how many copies the box holds. Edges are listed N E S W
-- (C city, R road, F field).
INSERT INTO tile_type (tile_set, id, count, note) VALUES
  ('base', 'A', 2, 'F F R F; JCZ BA/LR: monastery with a road leaving south'),
  ('base', 'B', 4, 'F F F F; JCZ BA/L: monastery in a field'),
  ('base', 'C', 1, 'C C C C; JCZ BA/Cccc+: city on every edge, 1 shield'),
  ('base', 'D', 4, 'C R F R; JCZ BA/RCr: city cap over a straight road; start tile (3 in the pile + 1)'),
  ('base', 'E', 5, 'C F F F; JCZ BA/C: city cap'),
  ('base', 'F', 2, 'F C F C; JCZ BA/CFc+: city band west-east, 1 shield'),
  ('base', 'G', 1, 'F C F C; JCZ BA/CFc.1: city band west-east'),
  ('base', 'H', 3, 'C F C F; JCZ BA/CFC.2: two separate city caps, north and south'),
  ('base', 'I', 2, 'C F F C; JCZ BA/CC.2: two separate city caps, north and west'),
  ('base', 'J', 3, 'C R R F; JCZ BA/CRr: city cap, road curve east-south'),
  ('base', 'K', 3, 'C F R R; JCZ BA/RrC: city cap, road curve south-west'),
  ('base', 'L', 3, 'C R R R; JCZ BA/CRRR: city cap, three roads ending at a crossing'),
  ('base', 'M', 2, 'C F F C; JCZ BA/Cc+: city corner north-west, 1 shield'),
  ('base', 'N', 3, 'C F F C; JCZ BA/Cc.1: city corner north-west'),
  ('base', 'O', 2, 'C R R C; JCZ BA/CcRr+: city corner north-west, 1 shield, road curve east-south'),
  ('base', 'P', 3, 'C R R C; JCZ BA/CcRr: city corner north-west, road curve east-south'),
  ('base', 'Q', 1, 'C C F C; JCZ BA/Ccc+: city on three edges, 1 shield'),
  ('base', 'R', 3, 'C C F C; JCZ BA/Ccc: city on three edges'),
  ('base', 'S', 2, 'C C R C; JCZ BA/CccR+: city on three edges, 1 shield, road ending at its gate'),
  ('base', 'T', 1, 'C C R C; JCZ BA/CccR: city on three edges, road ending at its gate'),
  ('base', 'U', 8, 'F R F R; JCZ BA/RFr: straight road west-east'),
  ('base', 'V', 9, 'F F R R; JCZ BA/Rr: road curve south-west'),
  ('base', 'W', 4, 'F R R R; JCZ BA/RRR: three roads ending at a crossing'),
  ('base', 'X', 1, 'R R R R; JCZ BA/RRRR: four roads ending at a crossing');

-- Segments, tile by tile.
INSERT INTO tile_segment (tile_set, tile_id, idx, terrain, ports, shields, touches) VALUES
  -- A: monastery; a road runs from it to the south edge; one field all around.
  ('base', 'A', 0, 'road',      'S',                                  0, ''),
  ('base', 'A', 1, 'field',     'Nw N Ne En E Es Se Sw Ws W Wn',      0, ''),
  ('base', 'A', 2, 'monastery', 'C',                                  0, ''),
  -- B: monastery in one field.
  ('base', 'B', 0, 'field',     'Nw N Ne En E Es Se S Sw Ws W Wn',    0, ''),
  ('base', 'B', 1, 'monastery', 'C',                                  0, ''),
  -- C: one city over all four edges, with a shield.
  ('base', 'C', 0, 'city',      'Nw N Ne En E Es Se S Sw Ws W Wn',    1, ''),
  -- D (start tile): city cap north; straight road west-east; a strip of field between
  -- city and road; the field south of the road.
  ('base', 'D', 0, 'city',      'Nw N Ne',                            0, ''),
  ('base', 'D', 1, 'road',      'E W',                                0, ''),
  ('base', 'D', 2, 'field',     'En Wn',                              0, '0'),
  ('base', 'D', 3, 'field',     'Es Se S Sw Ws',                      0, ''),
  -- E: city cap north; the rest is one field.
  ('base', 'E', 0, 'city',      'Nw N Ne',                            0, ''),
  ('base', 'E', 1, 'field',     'En E Es Se S Sw Ws W Wn',            0, '0'),
  -- F: one city band from west to east, with a shield; a field north and a field south.
  ('base', 'F', 0, 'city',      'En E Es Ws W Wn',                    1, ''),
  ('base', 'F', 1, 'field',     'Nw N Ne',                            0, '0'),
  ('base', 'F', 2, 'field',     'Se S Sw',                            0, '0'),
  -- G: as F, without the shield.
  ('base', 'G', 0, 'city',      'En E Es Ws W Wn',                    0, ''),
  ('base', 'G', 1, 'field',     'Nw N Ne',                            0, '0'),
  ('base', 'G', 2, 'field',     'Se S Sw',                            0, '0'),
  -- H: two separate city caps, north and south; one field between them.
  ('base', 'H', 0, 'city',      'Nw N Ne',                            0, ''),
  ('base', 'H', 1, 'city',      'Se S Sw',                            0, ''),
  ('base', 'H', 2, 'field',     'En E Es Ws W Wn',                    0, '0 1'),
  -- I: two separate city caps, north and west; one field.
  ('base', 'I', 0, 'city',      'Nw N Ne',                            0, ''),
  ('base', 'I', 1, 'city',      'Ws W Wn',                            0, ''),
  ('base', 'I', 2, 'field',     'En E Es Se S Sw',                    0, '0 1'),
  -- J: city cap north; road curve east-south; the big field along city and west edge;
  -- the small field inside the curve.
  ('base', 'J', 0, 'city',      'Nw N Ne',                            0, ''),
  ('base', 'J', 1, 'road',      'E S',                                0, ''),
  ('base', 'J', 2, 'field',     'En Sw Ws W Wn',                      0, '0'),
  ('base', 'J', 3, 'field',     'Es Se',                              0, ''),
  -- K: city cap north; road curve south-west; the big field along city and east edge;
  -- the small field inside the curve.
  ('base', 'K', 0, 'city',      'Nw N Ne',                            0, ''),
  ('base', 'K', 1, 'road',      'S W',                                0, ''),
  ('base', 'K', 2, 'field',     'En E Es Se Wn',                      0, '0'),
  ('base', 'K', 3, 'field',     'Sw Ws',                              0, ''),
  -- L: city cap north; roads east, south and west each end at a crossing in the middle;
  -- a field along the city, and two small fields between the roads.
  ('base', 'L', 0, 'city',      'Nw N Ne',                            0, ''),
  ('base', 'L', 1, 'road',      'E',                                  0, ''),
  ('base', 'L', 2, 'road',      'S',                                  0, ''),
  ('base', 'L', 3, 'road',      'W',                                  0, ''),
  ('base', 'L', 4, 'field',     'En Wn',                              0, '0'),
  ('base', 'L', 5, 'field',     'Es Se',                              0, ''),
  ('base', 'L', 6, 'field',     'Sw Ws',                              0, ''),
  -- M: one city over the north and west edges, with a shield; one field.
  ('base', 'M', 0, 'city',      'Nw N Ne Ws W Wn',                    1, ''),
  ('base', 'M', 1, 'field',     'En E Es Se S Sw',                    0, '0'),
  -- N: as M, without the shield.
  ('base', 'N', 0, 'city',      'Nw N Ne Ws W Wn',                    0, ''),
  ('base', 'N', 1, 'field',     'En E Es Se S Sw',                    0, '0'),
  -- O: city corner north-west, with a shield; road curve east-south; a field between
  -- city and road, and a small field inside the curve.
  ('base', 'O', 0, 'city',      'Nw N Ne Ws W Wn',                    1, ''),
  ('base', 'O', 1, 'road',      'E S',                                0, ''),
  ('base', 'O', 2, 'field',     'En Sw',                              0, '0'),
  ('base', 'O', 3, 'field',     'Es Se',                              0, ''),
  -- P: as O, without the shield.
  ('base', 'P', 0, 'city',      'Nw N Ne Ws W Wn',                    0, ''),
  ('base', 'P', 1, 'road',      'E S',                                0, ''),
  ('base', 'P', 2, 'field',     'En Sw',                              0, '0'),
  ('base', 'P', 3, 'field',     'Es Se',                              0, ''),
  -- Q: one city over the north, east and west edges, with a shield; a field south.
  ('base', 'Q', 0, 'city',      'Nw N Ne En E Es Ws W Wn',            1, ''),
  ('base', 'Q', 1, 'field',     'Se S Sw',                            0, '0'),
  -- R: as Q, without the shield.
  ('base', 'R', 0, 'city',      'Nw N Ne En E Es Ws W Wn',            0, ''),
  ('base', 'R', 1, 'field',     'Se S Sw',                            0, '0'),
  -- S: as Q, and a road from the south edge ends at the city gate, splitting the field.
  ('base', 'S', 0, 'city',      'Nw N Ne En E Es Ws W Wn',            1, ''),
  ('base', 'S', 1, 'road',      'S',                                  0, ''),
  ('base', 'S', 2, 'field',     'Se',                                 0, '0'),
  ('base', 'S', 3, 'field',     'Sw',                                 0, '0'),
  -- T: as S, without the shield.
  ('base', 'T', 0, 'city',      'Nw N Ne En E Es Ws W Wn',            0, ''),
  ('base', 'T', 1, 'road',      'S',                                  0, ''),
  ('base', 'T', 2, 'field',     'Se',                                 0, '0'),
  ('base', 'T', 3, 'field',     'Sw',                                 0, '0'),
  -- U: straight road west-east; a field on each side.
  ('base', 'U', 0, 'road',      'E W',                                0, ''),
  ('base', 'U', 1, 'field',     'Nw N Ne En Wn',                      0, ''),
  ('base', 'U', 2, 'field',     'Es Se S Sw Ws',                      0, ''),
  -- V: road curve south-west; the big field outside the curve, the small one inside.
  ('base', 'V', 0, 'road',      'S W',                                0, ''),
  ('base', 'V', 1, 'field',     'Nw N Ne En E Es Se Wn',              0, ''),
  ('base', 'V', 2, 'field',     'Sw Ws',                              0, ''),
  -- W: roads east, south and west end at a crossing; a field north, two small fields.
  ('base', 'W', 0, 'road',      'E',                                  0, ''),
  ('base', 'W', 1, 'road',      'S',                                  0, ''),
  ('base', 'W', 2, 'road',      'W',                                  0, ''),
  ('base', 'W', 3, 'field',     'Nw N Ne En Wn',                      0, ''),
  ('base', 'W', 4, 'field',     'Es Se',                              0, ''),
  ('base', 'W', 5, 'field',     'Sw Ws',                              0, ''),
  -- X: four roads end at a crossing; a field in each corner.
  ('base', 'X', 0, 'road',      'N',                                  0, ''),
  ('base', 'X', 1, 'road',      'E',                                  0, ''),
  ('base', 'X', 2, 'road',      'S',                                  0, ''),
  ('base', 'X', 3, 'road',      'W',                                  0, ''),
  ('base', 'X', 4, 'field',     'Nw Wn',                              0, ''),
  ('base', 'X', 5, 'field',     'Ne En',                              0, ''),
  ('base', 'X', 6, 'field',     'Es Se',                              0, ''),
  ('base', 'X', 7, 'field',     'Sw Ws',                              0, '');

-- The base game: start with D, draw from the other 71 tiles.
INSERT INTO rule_set (id, name, system, parent, start_tile_set, start_tile, description) VALUES
  ('base', 'Carcassonne', 'base', NULL, 'base', 'D',
   'The base game for 2 to 5 players: roads, cities, monasteries and farmers, with final scoring.');

-- The draw pile: every base tile with its count, except that one D is the start tile.
INSERT INTO rule_set_pool (rule_set, tile_set, tile_id, count)
  SELECT 'base', tile_set, id, CASE id WHEN 'D' THEN count - 1 ELSE count END
  FROM tile_type WHERE tile_set = 'base' ORDER BY rowid;

-- Every number of the base game (RULES.md section 2). The keys and their ranges are the
-- engine's; a key that is not listed here would take the engine's default.
INSERT INTO rule_param (rule_set, key, value) VALUES
  ('base', 'min_players',                 2),
  ('base', 'max_players',                 5),
  ('base', 'followers',                   7),   -- per player, in supply at the start
  ('base', 'road_tile_points',            1),   -- completed road, per tile
  ('base', 'road_tile_points_final',      1),   -- incomplete road at the end, per tile
  ('base', 'city_tile_points',            2),   -- completed city, per tile
  ('base', 'city_shield_points',          2),   -- completed city, per shield
  ('base', 'city_tile_points_final',      1),   -- incomplete city at the end, per tile
  ('base', 'city_shield_points_final',    1),   -- incomplete city at the end, per shield
  ('base', 'small_city_rule',             0),   -- the obsolete "two-tile city scores 2" rule: off
  ('base', 'small_city_points',           2),   -- used only when small_city_rule is 1
  ('base', 'monastery_points',            9),   -- completed monastery (8 neighbours)
  ('base', 'monastery_tile_points_final', 1),   -- incomplete monastery: per present tile of 9
  ('base', 'farmers',                     1),   -- followers may stand on fields
  ('base', 'farm_city_points',            3),   -- per completed city bordering a field
  ('base', 'final_scoring',               1),   -- incomplete features and fields score at the end
  -- The modules of Ghosts, Castles and Cemeteries, switched off for the base game.
  ('base', 'fog_ghosts',                  0),   -- fog puts no ghosts
  ('base', 'ghost_bank',                  0),
  ('base', 'ghost_penalty',               2),
  ('base', 'ghost_penalty_final',         1),
  ('base', 'final_ghost_penalty_all',     1),
  ('base', 'ghosts_to_scare',             3),
  ('base', 'guards',                      0),
  ('base', 'general_guards',              0),
  ('base', 'score_floor_zero',            0),
  ('base', 'score_floor_per_turn',        0),   -- with the floor: after each scoring step
  ('base', 'fog_closes_fields',           0),
  ('base', 'fogged_fields_occupiable',    1),
  ('base', 'castle_fog_tile_points',      2),
  ('base', 'castle_fog_tile_points_final', 1),
  ('base', 'castle_tile_points_final',    1),
  ('base', 'cemetery_neighbours',         8),
  -- Mists over Carcassonne's numbers (co-op only; the rule book's values).
  ('base', 'unghost_ghosts',              3),   -- ghosts one unghost removes from a tile
  ('base', 'dog_clear_tiles',             2),   -- tiles a reached dog clears
  ('base', 'dog_ghost_points',            1),   -- a dog's points per ghost on the board
  ('base', 'marker_supply_players',       3),   -- per colour markers from the supply from 3 players
  ('base', 'marker_colours_chosen',       0),   -- fewer markers than colours: the first colours take them (1: chosen at setup)
  ('base', 'fog_extend_fewer_ghosts',     1),   -- one ghost fewer when the tile's fog extends fog
  ('base', 'haunted_cemetery_ghosts',     1),   -- a haunted cemetery's ghost per fogged neighbour
  ('base', 'plain_cemetery_ghosts',       1),   -- ghosts to an open plain cemetery when ghosts emerge
  ('base', 'fog_clear_side_never_closes', 1),   -- fog against a clear side disperses (footnote 3)
  ('base', 'dog_waits_for_follower',      0),   -- a dog with no standing follower is lost
  ('base', 'unghost_choose_count',        0),   -- removing ghosts takes the most it may
  -- Carcassonne: Discovery's modules (take-backs, regions), off for the base game.
  ('base', 'takeback',                    0),   -- no take-backs
  ('base', 'completion_scores',           1),   -- completed features score and return followers
  ('base', 'score_each_follower',         0),   -- final scoring by majority per feature
  ('base', 'lowland_tile_points',         1),   -- the region numbers (no base tile has regions)
  ('base', 'lowland_closed_tile_points',  2),
  ('base', 'lowland_small_points',        2),
  ('base', 'mountain_city_points',        1),
  ('base', 'mountain_closed_city_points', 2),
  ('base', 'mountain_small_city_points',  1),
  ('base', 'water_city_points',           1),
  ('base', 'water_closed_tile_points',    1),
  ('base', 'water_closed_city_points',    1),
  ('base', 'water_small_city_points',     1),
  ('base', 'hand_size',                   0),   -- draw a tile and place it
  ('base', 'remove_tiles_1',              0),   -- no tiles set aside
  ('base', 'remove_tiles_2',              0),
  ('base', 'remove_tiles_3',              0),
  ('base', 'remove_tiles_4',              0),
  ('base', 'remove_tiles_5',              0),
  ('base', 'remove_tiles_6',              0),
  -- The big follower (Inns & Cathedrals): none in the base game; a variant gives one.
  ('base', 'big_followers',               0),   -- no big followers (the module is off)
  ('base', 'big_follower_strength',       2),   -- a big follower counts as two in a majority
  -- Inns and cathedrals (Inns & Cathedrals, scenarios/tiles_inns_cathedrals.sql): off in the base game.
  ('base', 'inns_cathedrals',             0),   -- marks on roads and cities mean nothing (the module is off)
  ('base', 'inn_road_tile_points',        2),
  ('base', 'inn_road_tile_points_final',  0),
  ('base', 'cathedral_city_tile_points',  3),
  ('base', 'cathedral_city_shield_points', 3),
  ('base', 'cathedral_city_tile_points_final', 0),
  ('base', 'cathedral_city_shield_points_final', 0);

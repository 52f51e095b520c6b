-- Inns & Cathedrals (Hans im Glück, 2002) as data: its 18 tiles in 17 types (IC01..IC17)
-- and the rule set "ic" (the base game and the expansion). Applied after base.sql
-- (scripts run in name order), so the base tiles the rule set draws exist, and after the
-- Mists scripts and rulesets.sql, so the tile types and rule sets loaded before keep
-- their places (a co-op level's state hash holds a tile type's index: its recorded
-- hashes stay as they were; an unknown rule set's closest name is found among the older
-- ones first: 'gc' is still 'gcc').
--
-- Source of the tile geometry: JCloisterZone inns_and_cathedrals.xml (MIT licence,
-- Copyright (c) 2004-2020 Roman Krejcik; commit 1a9456832fa3 of github.com/farin/
-- JCloisterZone, src/main/resources/tile-definitions/), tile set inns-and-cathedrals:1,
-- cross-checked against the copy in github.com/TripleWhy/Carcasum
-- (Carcasum/jcz/resources/tile-definitions/): the same 17 types, the same edges and
-- features, IC/Cccc.c twice. The facts are transcribed into our rows; the JCZ id of each
-- type is kept in its note. Ids IC01..IC17 are ours (in the order of the JCZ tile set).
--
-- How to read a tile: as in base.sql (ports Nw N Ne En E Es Se S Sw Ws W Wn and C; cities
-- first, then roads, then fields, then the centre feature). New here: `mark` = 1 on a
-- road segment is an inn beside that road, on a city segment a cathedral in that city
-- (engine/rules/inns.h). JCZ's INNER_FARM (IC03: the field enclosed by four city caps)
-- is a field owning the centre port C alone (`field:C`).

INSERT INTO tile_set (id, name, source, confidence) VALUES
  ('inns', 'Inns & Cathedrals',
   'JCloisterZone inns_and_cathedrals.xml, tile set inns-and-cathedrals:1 (MIT, Copyright (c) 2004-2020 ' ||
   'Roman Krejcik), cross-checked against TripleWhy/Carcasum''s copy',
   'high');

-- Tile types: how many copies the box holds. Edges are listed N E S W (C city, R road,
-- F field).
INSERT INTO tile_type (tile_set, id, count, note) VALUES
  ('inns', 'IC01', 2, 'C C C C; JCZ IC/Cccc.c: city on every edge with a cathedral'),
  ('inns', 'IC02', 1, 'F R F R; JCZ IC/LRFR: monastery, roads from west and east end at it'),
  ('inns', 'IC03', 1, 'C C C C; JCZ IC/CCCC: four separate city caps around a small enclosed field'),
  ('inns', 'IC04', 1, 'C C F C; JCZ IC/CCC: three separate city caps, north, east and west'),
  ('inns', 'IC05', 1, 'C R C R; JCZ IC/CRCR: city caps north and south, roads from west and east end between them'),
  ('inns', 'IC06', 1, 'C F C C; JCZ IC/CCc+: city corner north-west, 1 shield; a separate city cap south'),
  ('inns', 'IC07', 1, 'C F F F; JCZ IC/C!: city cap north; the field is split in two (east; south and west)'),
  ('inns', 'IC08', 1, 'C F R F; JCZ IC/CFR: city cap north, a road from the south edge ends at its gate'),
  ('inns', 'IC09', 1, 'C R F C; JCZ IC/CcR: city corner north-west, a road from the east edge ends at it'),
  ('inns', 'IC10', 1, 'R C R C; JCZ IC/CRcR+: city band west-east, 1 shield; roads from north and south end at it'),
  ('inns', 'IC11', 1, 'C F R C; JCZ IC/RCc.i: city corner north-west, a road with an inn from the south edge ends at it'),
  ('inns', 'IC12', 1, 'C F R R; JCZ IC/RrC.i: city cap north, road curve south-west with an inn'),
  ('inns', 'IC13', 1, 'C R R C; JCZ IC/CcRr+.i: city corner north-west, 1 shield, road curve east-south with an inn'),
  ('inns', 'IC14', 1, 'F R R R; JCZ IC/RRR.i: three roads end at a crossing, an inn on the east one'),
  ('inns', 'IC15', 1, 'F R F R; JCZ IC/RFr.i: straight road west-east with an inn'),
  ('inns', 'IC16', 1, 'F F R R; JCZ IC/Rr.i: road curve south-west with an inn'),
  ('inns', 'IC17', 1, 'R R R R; JCZ IC/RrRr: two road curves, north-west and east-south');

-- Segments, tile by tile.
INSERT INTO tile_segment (tile_set, tile_id, idx, terrain, ports, shields, touches, mark) VALUES
  -- IC01: one city over all four edges, with a cathedral.
  ('inns', 'IC01', 0, 'city',      'Nw N Ne En E Es Se S Sw Ws W Wn',    0, '',        1),
  -- IC02: monastery; roads from the east and west edges end at it; a field north, one south.
  ('inns', 'IC02', 0, 'road',      'E',                                  0, '',        0),
  ('inns', 'IC02', 1, 'road',      'W',                                  0, '',        0),
  ('inns', 'IC02', 2, 'field',     'Nw N Ne En Wn',                      0, '',        0),
  ('inns', 'IC02', 3, 'field',     'Es Se S Sw Ws',                      0, '',        0),
  ('inns', 'IC02', 4, 'monastery', 'C',                                  0, '',        0),
  -- IC03: four separate city caps; the field they enclose in the middle touches all four.
  ('inns', 'IC03', 0, 'city',      'Nw N Ne',                            0, '',        0),
  ('inns', 'IC03', 1, 'city',      'En E Es',                            0, '',        0),
  ('inns', 'IC03', 2, 'city',      'Se S Sw',                            0, '',        0),
  ('inns', 'IC03', 3, 'city',      'Ws W Wn',                            0, '',        0),
  ('inns', 'IC03', 4, 'field',     'C',                                  0, '0 1 2 3', 0),
  -- IC04: three separate city caps (north, east, west); a field south touching all three.
  ('inns', 'IC04', 0, 'city',      'Nw N Ne',                            0, '',        0),
  ('inns', 'IC04', 1, 'city',      'En E Es',                            0, '',        0),
  ('inns', 'IC04', 2, 'city',      'Ws W Wn',                            0, '',        0),
  ('inns', 'IC04', 3, 'field',     'Se S Sw',                            0, '0 1 2',   0),
  -- IC05: city caps north and south; roads from east and west end between them; four
  -- small fields, each beside the city of its half.
  ('inns', 'IC05', 0, 'city',      'Nw N Ne',                            0, '',        0),
  ('inns', 'IC05', 1, 'city',      'Se S Sw',                            0, '',        0),
  ('inns', 'IC05', 2, 'road',      'E',                                  0, '',        0),
  ('inns', 'IC05', 3, 'road',      'W',                                  0, '',        0),
  ('inns', 'IC05', 4, 'field',     'En',                                 0, '0',       0),
  ('inns', 'IC05', 5, 'field',     'Es',                                 0, '1',       0),
  ('inns', 'IC05', 6, 'field',     'Ws',                                 0, '1',       0),
  ('inns', 'IC05', 7, 'field',     'Wn',                                 0, '0',       0),
  -- IC06: city corner north-west with a shield; a separate city cap south; a field east
  -- between them.
  ('inns', 'IC06', 0, 'city',      'Nw N Ne Ws W Wn',                    1, '',        0),
  ('inns', 'IC06', 1, 'city',      'Se S Sw',                            0, '',        0),
  ('inns', 'IC06', 2, 'field',     'En E Es',                            0, '0 1',     0),
  -- IC07: city cap north; a field east, and a field south and west, both beside the city.
  ('inns', 'IC07', 0, 'city',      'Nw N Ne',                            0, '',        0),
  ('inns', 'IC07', 1, 'field',     'En E Es',                            0, '0',       0),
  ('inns', 'IC07', 2, 'field',     'Se S Sw Ws W Wn',                    0, '0',       0),
  -- IC08: city cap north; a road from the south edge ends at its gate, splitting the field.
  ('inns', 'IC08', 0, 'city',      'Nw N Ne',                            0, '',        0),
  ('inns', 'IC08', 1, 'road',      'S',                                  0, '',        0),
  ('inns', 'IC08', 2, 'field',     'En E Es Se',                         0, '0',       0),
  ('inns', 'IC08', 3, 'field',     'Sw Ws W Wn',                         0, '0',       0),
  -- IC09: city corner north-west; a road from the east edge ends at it; a small field
  -- north of the road, the rest south of it.
  ('inns', 'IC09', 0, 'city',      'Nw N Ne Ws W Wn',                    0, '',        0),
  ('inns', 'IC09', 1, 'road',      'E',                                  0, '',        0),
  ('inns', 'IC09', 2, 'field',     'En',                                 0, '0',       0),
  ('inns', 'IC09', 3, 'field',     'Es Se S Sw',                         0, '0',       0),
  -- IC10: city band west-east with a shield; roads from north and south end at it; four
  -- small fields in the corners.
  ('inns', 'IC10', 0, 'city',      'En E Es Ws W Wn',                    1, '',        0),
  ('inns', 'IC10', 1, 'road',      'N',                                  0, '',        0),
  ('inns', 'IC10', 2, 'road',      'S',                                  0, '',        0),
  ('inns', 'IC10', 3, 'field',     'Nw',                                 0, '0',       0),
  ('inns', 'IC10', 4, 'field',     'Ne',                                 0, '0',       0),
  ('inns', 'IC10', 5, 'field',     'Se',                                 0, '0',       0),
  ('inns', 'IC10', 6, 'field',     'Sw',                                 0, '0',       0),
  -- IC11: city corner north-west; a road with an inn from the south edge ends at it.
  ('inns', 'IC11', 0, 'city',      'Nw N Ne Ws W Wn',                    0, '',        0),
  ('inns', 'IC11', 1, 'road',      'S',                                  0, '',        1),
  ('inns', 'IC11', 2, 'field',     'En E Es Se',                         0, '0',       0),
  ('inns', 'IC11', 3, 'field',     'Sw',                                 0, '0',       0),
  -- IC12: city cap north; road curve south-west with an inn; the big field along city and
  -- east edge; the small field inside the curve.
  ('inns', 'IC12', 0, 'city',      'Nw N Ne',                            0, '',        0),
  ('inns', 'IC12', 1, 'road',      'S W',                                0, '',        1),
  ('inns', 'IC12', 2, 'field',     'En E Es Se Wn',                      0, '0',       0),
  ('inns', 'IC12', 3, 'field',     'Sw Ws',                              0, '',        0),
  -- IC13: city corner north-west with a shield; road curve east-south with an inn; a field
  -- between city and road, a small field inside the curve.
  ('inns', 'IC13', 0, 'city',      'Nw N Ne Ws W Wn',                    1, '',        0),
  ('inns', 'IC13', 1, 'road',      'E S',                                0, '',        1),
  ('inns', 'IC13', 2, 'field',     'En Sw',                              0, '0',       0),
  ('inns', 'IC13', 3, 'field',     'Es Se',                              0, '',        0),
  -- IC14: roads east (with an inn), south and west end at a crossing; a field north, two
  -- small fields.
  ('inns', 'IC14', 0, 'road',      'E',                                  0, '',        1),
  ('inns', 'IC14', 1, 'road',      'S',                                  0, '',        0),
  ('inns', 'IC14', 2, 'road',      'W',                                  0, '',        0),
  ('inns', 'IC14', 3, 'field',     'Nw N Ne En Wn',                      0, '',        0),
  ('inns', 'IC14', 4, 'field',     'Es Se',                              0, '',        0),
  ('inns', 'IC14', 5, 'field',     'Sw Ws',                              0, '',        0),
  -- IC15: straight road west-east with an inn; a field on each side.
  ('inns', 'IC15', 0, 'road',      'E W',                                0, '',        1),
  ('inns', 'IC15', 1, 'field',     'Nw N Ne En Wn',                      0, '',        0),
  ('inns', 'IC15', 2, 'field',     'Es Se S Sw Ws',                      0, '',        0),
  -- IC16: road curve south-west with an inn; the big field outside the curve, the small
  -- one inside.
  ('inns', 'IC16', 0, 'road',      'S W',                                0, '',        1),
  ('inns', 'IC16', 1, 'field',     'Nw N Ne En E Es Se Wn',              0, '',        0),
  ('inns', 'IC16', 2, 'field',     'Sw Ws',                              0, '',        0),
  -- IC17: road curves north-west and east-south; a field in the north-west and south-east
  -- corners, a band of field between the roads.
  ('inns', 'IC17', 0, 'road',      'N W',                                0, '',        0),
  ('inns', 'IC17', 1, 'road',      'E S',                                0, '',        0),
  ('inns', 'IC17', 2, 'field',     'Nw Wn',                              0, '',        0),
  ('inns', 'IC17', 3, 'field',     'Ne En Sw Ws',                        0, '',        0),
  ('inns', 'IC17', 4, 'field',     'Es Se',                              0, '',        0);

-- Inns & Cathedrals (RULES.md section 8): the base game with the 18 tiles shuffled in, a
-- big follower per player, inns and cathedrals, up to 6 players. Start with D, as the
-- base game.
INSERT INTO rule_set (id, name, system, parent, start_tile_set, start_tile, description) VALUES
  ('ic', 'Inns & Cathedrals', 'base', 'base', 'base', 'D',
   'The base game and Inns & Cathedrals for 2 to 6 players: 18 more tiles, inns (a completed road ' ||
   'with an inn scores 2 a tile, an unfinished one nothing), cathedrals (a completed city with a ' ||
   'cathedral scores 3 a tile and 3 a shield, an unfinished one nothing) and a big follower each.');

-- The draw pile: the base game's (one D is the start tile) and every Inns & Cathedrals tile.
INSERT INTO rule_set_pool (rule_set, tile_set, tile_id, count)
  SELECT 'ic', tile_set, id, CASE WHEN tile_set = 'base' AND id = 'D' THEN count - 1 ELSE count END
  FROM tile_type WHERE tile_set IN ('base', 'inns') ORDER BY rowid;

-- The numbers it changes from the base game (the rest it inherits from "base").
INSERT INTO rule_param (rule_set, key, value) VALUES
  ('ic', 'max_players',                         6),
  ('ic', 'big_followers',                       1),  -- one big follower each (RULES.md section 6)
  ('ic', 'big_follower_strength',               2),  -- counts as two in a majority
  ('ic', 'inns_cathedrals',                     1),  -- inns and cathedrals count
  ('ic', 'inn_road_tile_points',                2),  -- completed road with an inn, per tile
  ('ic', 'inn_road_tile_points_final',          0),  -- unfinished road with an inn at the end
  ('ic', 'cathedral_city_tile_points',          3),  -- completed city with a cathedral, per tile
  ('ic', 'cathedral_city_shield_points',        3),  -- ... per shield
  ('ic', 'cathedral_city_tile_points_final',    0),  -- unfinished city with a cathedral at the end
  ('ic', 'cathedral_city_shield_points_final',  0);

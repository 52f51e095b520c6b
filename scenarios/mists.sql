-- Mists over Carcassonne / Ghosts, Castles and Cemeteries as data: the 60 tiles of the
-- set (52 types, M01..M60) and the 2x2 start piece (MS00, MS10, MS01, MS11). No rule
-- sets here: gcc and the co-op levels are defined elsewhere. tw_mkdb applies this script
-- after base.sql, so the base terrains city/road/field are there and these tiles fit
-- the base tiles edge for edge (GCC shuffles them together).
--
-- RECONSTRUCTED. No public edge-level definition of these tiles exists. What is known
-- (TILES.md section 2, from the Wikicarpedia tile list in seeds/004): the tile numbers
-- and counts, which tiles carry a castle (03 04 11 43 58, all fogged), a cemetery
-- (01 x2, 09 x2, 46, never fogged), fog and how many ghost symbols; that fog lies over
-- fields and roads and never over a city; that a castle tile may have a road ending at
-- the castle; that a cemetery tile may show a city. Everything else -- edges, which
-- sides are fogged, roads, field splits, shields, the start piece -- was designed to
-- honour those facts and to play like a Carcassonne tile mix. Every tile type is marked
-- reconstructed = 1 so that someone with the physical tiles can correct it in the editor.
--
-- Design
-- ------
--   * Edges over the 60 tiles (240): city 66 (27.5%), road 80 (33.3%), field 94 (39.2%);
--     the base game's 72 tiles: city 79 (27.4%), road 94 (32.6%), field 115 (39.9%).
--     No monasteries. City-heavy tiles are the 17 without fog (fog never covers a city).
--   * Fog areas are shaped like city pieces, one per fogged tile: a cap on one side
--     (1 ghost symbol, 13 tiles), a corner over two adjacent sides or a band over two
--     opposite sides (2 ghost symbols, 16 tiles), three sides (3 ghost symbols, 9
--     tiles); the five castles sit in the middle of fog over 2, 3 or 4 sides. 88 fogged
--     sides in all, about half of the non-city edges; 23 tiles have fogged roads.
--   * Ghost symbols as listed: 43 fogged tiles with 78 symbols (17 x 1, 17 x 2, 9 x 3),
--     17 tiles without fog and without symbols. (T)/(K) illustrations matter only with
--     other expansions and are named in the notes.
--   * Shields (our choice): 8 tiles of 60 (base: 10 of 72): M07 x2, M17, M20, M22,
--     M29, M38 x2.
--   * Every castle has a fogged road ending at it (M11 two); cemeteries M01 and M09 sit
--     beside a city with a road ending at the cemetery, M46 in a field.
--
-- How to read a tile (as base.sql; ports Nw N Ne | En E Es | Se S Sw | Ws W Wn, C)
-- ------------------
--   * a city owns all three ports of each of its edges; a road owns the middle port of
--     each edge it reaches, and a road that ends (at a castle, a cemetery, a crossing, a
--     city gate or the ruin) is a segment with one port; a field owns the side ports it
--     touches and the middle port of an edge whose two side ports it owns when no road
--     or city is there; castle and cemetery own only C.
--   * FOG is a second layer: a segment of terrain 'fog' owns every port of each fogged
--     side (and C when the fog covers the middle), on top of the terrain segments, which
--     keep their ports. Fog closes fields, so a field lies wholly under fog (fogged = 1)
--     or wholly outside it; a road is fogged when it reaches a fogged side. Edges match
--     by terrain only: fog is ignored for placement.
--   * `touches` lists the cities a field borders (a field port next to a city port).
--   * Segments are numbered per tile: cities, roads, fields, the centre feature (castle
--     or cemetery), the ruin, then the fog.
--
-- The start piece (y grows to the north; the engine puts cell (x, y) at board x,y, r0):
--
--            city          field(fog)
--         +-----------+-----------+
--         |   MS01    |   MS11    |
--    road |         ruin          | road (fogged)
--         +---------RUIN----------+
--   field |   MS00  (fog)  MS10   | city
--         |         ruin          |
--         +-----------+-----------+
--          field(fog)   road (fogged)
--
--   The ruin where the four cells meet is decoration: in each cell a 'ruin' segment
--   owns the middle ports of the cell's two internal edges and the two side ports next
--   to the centre, so ruin meets ruin across every internal edge; roads from the outer
--   edges end at it (MS01 west, MS11 east, MS10 south) and it separates the fields.
--   Fog area 1 lies along the south of the piece over MS00 and MS10 and across their
--   shared edge (so the ruin's lower arm is under it); fog area 2 is a corner over
--   MS11's north and east sides. Ghost symbols: MS00, MS10, MS11 one each (3).

INSERT INTO terrain (id, kind, match, colour, name) VALUES
  ('fog',      'fog',      'fog',      '#9aa3ad', 'Fog'),
  ('castle',   'castle',   'castle',   '#5b5f7a', 'Castle'),
  ('cemetery', 'cemetery', 'cemetery', '#6e6a5e', 'Cemetery'),
  ('ruin',     'ruin',     'ruin',     '#8a7f72', 'Ruin');

INSERT INTO tile_set (id, name, source, confidence) VALUES
  ('mists', 'Mists over Carcassonne / Ghosts, Castles and Cemeteries',
   'reconstructed: no public edge-level definition exists; designed to the facts in the Wikicarpedia tile list',
   'low');

-- Tile types: edges N E S W (C city, R road, F field, ruin), symbols, fog sides.
INSERT INTO tile_type (tile_set, id, count, reconstructed, ghost_symbols, note) VALUES
  ('mists', 'M01', 2, 1, 0,
   'C F R F; cemetery; cemetery in the middle, city cap north, a road from the south ends at the cemetery'),
  ('mists', 'M03', 1, 1, 1,
   'F F R F; castle, fog, 1 ghost symbol; fog N E S W + C; castle in the middle under fog on every side; a fogged road from the south ends at the castle'),
  ('mists', 'M04', 1, 1, 2,
   'C F R F; castle, fog, 2 ghost symbols; fog E S W + C; castle under fog (east, south, west); city cap north; a fogged road from the south ends at the castle'),
  ('mists', 'M05', 1, 1, 2,
   'F R F R; fog, 2 ghost symbols; fog E W + C; straight road west-east under a fog band west-east (fogged road)'),
  ('mists', 'M06', 1, 1, 2,
   'F F R R; fog, 2 ghost symbols; fog S W; road curve south-west under a fog corner south-west (fogged road)'),
  ('mists', 'M07', 2, 1, 0,
   'C C R C; no symbols; 1 shield (our choice); city on three sides with a shield, a road from the south ends at its gate'),
  ('mists', 'M09', 2, 1, 0,
   'C R F C; cemetery; cemetery in the middle, city corner north-west, a road from the east ends at the cemetery'),
  ('mists', 'M11', 1, 1, 1,
   'F R F R; castle, fog, 1 ghost symbol; fog N E S W + C; castle in the middle under fog on every side; fogged roads from east and west end at the castle'),
  ('mists', 'M12', 1, 1, 3,
   'C R F R; fog, 3 ghost symbols; fog E S W + C; city cap north, straight road west-east, fog on the three other sides (fogged road)'),
  ('mists', 'M13', 1, 1, 3,
   'F F R R; fog, 3 ghost symbols; fog N E S + C; road curve south-west, fog on north, east and south (fogged road)'),
  ('mists', 'M14', 3, 1, 3,
   'C F F F; fog, 3 ghost symbols; fog E S W + C; city cap north, fog on the three other sides'),
  ('mists', 'M17', 1, 1, 0,
   'C C C C; no symbols; 1 shield (our choice); city on all four sides with a shield'),
  ('mists', 'M18', 1, 1, 2,
   'C F F F; fog, 2 ghost symbols; fog E S; city cap north, fog corner east-south'),
  ('mists', 'M19', 1, 1, 2,
   'F R R R; fog, 2 ghost symbols, (T) illustration only; fog S W; roads east, south and west end at a crossing, fog corner south-west (two fogged roads)'),
  ('mists', 'M20', 1, 1, 0,
   'C C F C; no symbols; 1 shield (our choice); city on three sides with a shield, field south'),
  ('mists', 'M21', 1, 1, 1,
   'F R F R; fog, 1 ghost symbol, (T) illustration only; fog S; straight road west-east, fog cap south'),
  ('mists', 'M22', 1, 1, 0,
   'F C F C; no symbols; 1 shield (our choice); city band west-east with a shield, a field north and south'),
  ('mists', 'M23', 2, 1, 3,
   'C R R R; fog, 3 ghost symbols; fog E S W + C; city cap north, roads east, south and west end at a crossing, all under fog on the three other sides'),
  ('mists', 'M25', 1, 1, 2,
   'C R F R; fog, 2 ghost symbols; fog E S; city cap north, straight road west-east, fog corner east-south (fogged road)'),
  ('mists', 'M26', 1, 1, 2,
   'F C F C; fog, 2 ghost symbols; fog N S + C; two separate city caps east and west, fog band north-south between them'),
  ('mists', 'M27', 1, 1, 1,
   'F F R R; fog, 1 ghost symbol; fog N; road curve south-west, fog cap north'),
  ('mists', 'M28', 1, 1, 2,
   'F R R F; fog, 2 ghost symbols; fog N W; road curve east-south, fog corner north-west'),
  ('mists', 'M29', 1, 1, 2,
   'C F F C; fog, 2 ghost symbols; 1 shield (our choice); fog E S; city corner north-west with a shield, fog corner east-south'),
  ('mists', 'M30', 1, 1, 0,
   'C F C F; no symbols; two separate city caps north and south, one field between'),
  ('mists', 'M31', 1, 1, 1,
   'C R F R; fog, 1 ghost symbol; fog S; city cap north, straight road west-east, fog cap south'),
  ('mists', 'M32', 1, 1, 3,
   'C R R F; fog, 3 ghost symbols; fog E S W + C; city cap north, road curve east-south, fog on the three other sides (fogged road)'),
  ('mists', 'M33', 1, 1, 1,
   'C F F F; fog, 1 ghost symbol, (K) illustration only; fog S; city cap north, fog cap south'),
  ('mists', 'M34', 1, 1, 2,
   'F R F R; fog, 2 ghost symbols; fog N E; straight road west-east, fog corner north-east (fogged road)'),
  ('mists', 'M35', 1, 1, 2,
   'C F R R; fog, 2 ghost symbols; fog S W; city cap north, road curve south-west under a fog corner south-west (fogged road)'),
  ('mists', 'M36', 1, 1, 2,
   'C F F F; fog, 2 ghost symbols; fog E W + C; city cap north, fog band west-east below it'),
  ('mists', 'M37', 1, 1, 1,
   'C R R F; fog, 1 ghost symbol; fog W; city cap north, road curve east-south, fog cap west'),
  ('mists', 'M38', 2, 1, 0,
   'C R R C; no symbols; 1 shield (our choice); city corner north-west with a shield, road curve east-south'),
  ('mists', 'M40', 1, 1, 0,
   'C F F C; (K) illustration only; city corner north-west, one field'),
  ('mists', 'M41', 1, 1, 1,
   'R F R F; fog, 1 ghost symbol, (K) illustration only; fog E; straight road north-south, fog cap east'),
  ('mists', 'M42', 1, 1, 1,
   'F R R R; fog, 1 ghost symbol; fog N; roads east, south and west end at a crossing, fog cap north'),
  ('mists', 'M43', 1, 1, 1,
   'C F F R; castle, fog, 1 ghost symbol; fog E S W + C; castle under fog (east, south, west); city cap north; a fogged road from the west ends at the castle'),
  ('mists', 'M44', 1, 1, 1,
   'C F R R; fog, 1 ghost symbol; fog E; city cap north, road curve south-west, fog cap east'),
  ('mists', 'M45', 1, 1, 1,
   'F R R F; fog, 1 ghost symbol; fog N; road curve east-south, fog cap north'),
  ('mists', 'M46', 1, 1, 0,
   'F F R F; cemetery; cemetery in a field, a road from the south ends at it'),
  ('mists', 'M47', 1, 1, 3,
   'R F R F; fog, 3 ghost symbols; fog N E S + C; straight road north-south, fog on north, east and south (fogged road)'),
  ('mists', 'M48', 1, 1, 0,
   'C R R R; no symbols; city cap north, roads east, south and west end at a crossing'),
  ('mists', 'M49', 1, 1, 0,
   'C R F R; (T) illustration only; city cap north over a straight road west-east'),
  ('mists', 'M50', 1, 1, 1,
   'C C F F; fog, 1 ghost symbol, (T) illustration only; fog S; two separate city caps north and east, fog cap south'),
  ('mists', 'M51', 1, 1, 1,
   'R F R F; fog, 1 ghost symbol; fog N; straight road north-south, fog cap north over the road (fogged road)'),
  ('mists', 'M52', 1, 1, 2,
   'R F R F; fog, 2 ghost symbols; fog N E; straight road north-south, fog corner north-east (fogged road)'),
  ('mists', 'M54', 2, 1, 2,
   'C R R F; fog, 2 ghost symbols; fog S W; city cap north, road curve east-south, fog corner south-west (fogged road)'),
  ('mists', 'M55', 1, 1, 0,
   'C F F C; no symbols; two separate city caps north and west, one field'),
  ('mists', 'M56', 1, 1, 1,
   'C C F F; fog, 1 ghost symbol; fog S; city corner north-east, fog cap south'),
  ('mists', 'M57', 1, 1, 2,
   'C C R R; fog, 2 ghost symbols; fog S W; city corner north-east, road curve south-west under a fog corner south-west (fogged road)'),
  ('mists', 'M58', 1, 1, 1,
   'C C R F; castle, fog, 1 ghost symbol; fog S W + C; castle under a fog corner (south, west); city corner north-east; a fogged road from the south ends at the castle'),
  ('mists', 'M59', 1, 1, 1,
   'F F R R; fog, 1 ghost symbol; fog S; road curve south-west, fog cap south over the road (fogged road)'),
  ('mists', 'M60', 1, 1, 2,
   'C F F C; fog, 2 ghost symbols; fog E S; two separate city caps north and west, fog corner east-south');

-- The 2x2 start piece: four cells placed together, cell (piece_x, piece_y) at board
-- cell (piece_x, piece_y), rotation 0.
INSERT INTO tile_type (tile_set, id, count, reconstructed, ghost_symbols, note, piece, piece_x, piece_y) VALUES
  ('mists', 'MS00', 1, 1, 1,
   'ruin ruin F F; fog, 1 ghost symbol; fog E S; south-west cell: field west and south; fog over its south side and the internal east side, continuing into MS10',
   'MS', 0, 0),
  ('mists', 'MS10', 1, 1, 1,
   'ruin C R ruin; fog, 1 ghost symbol; fog S W; south-east cell: city cap east; a fogged road from the south ends at the ruin; fog over its south side and the internal west side, continuing into MS00',
   'MS', 1, 0),
  ('mists', 'MS01', 1, 1, 0,
   'C ruin ruin R; no symbols; north-west cell: city cap north; a road from the west ends at the ruin; no fog',
   'MS', 0, 1),
  ('mists', 'MS11', 1, 1, 1,
   'F R ruin ruin; fog, 1 ghost symbol; fog N E; north-east cell: field north; a fogged road from the east ends at the ruin; a fog corner over north and east, a fog area of its own',
   'MS', 1, 1);

-- Segments, tile by tile: cities, roads, fields, the centre feature, the ruin, the fog.
INSERT INTO tile_segment (tile_set, tile_id, idx, terrain, ports, shields, fogged, touches) VALUES
  -- M01 (C F R F, x2): cemetery in the middle, city cap north, a road from the south ends at the cemetery.
  ('mists', 'M01',  0, 'city',     'Nw N Ne',                             0, 0, ''),
  ('mists', 'M01',  1, 'road',     'S',                                   0, 0, ''),
  ('mists', 'M01',  2, 'field',    'En E Es Se Sw Ws W Wn',               0, 0, '0'),
  ('mists', 'M01',  3, 'cemetery', 'C',                                   0, 0, ''),
  -- M03 (F F R F, x1): castle in the middle under fog on every side; a fogged road from the south ends at the castle; fog N E S W + C.
  ('mists', 'M03',  0, 'road',     'S',                                   0, 1, ''),
  ('mists', 'M03',  1, 'field',    'Nw N Ne En E Es Se Sw Ws W Wn',       0, 1, ''),
  ('mists', 'M03',  2, 'castle',   'C',                                   0, 0, ''),
  ('mists', 'M03',  3, 'fog',      'Nw N Ne En E Es Se S Sw Ws W Wn C',   0, 0, ''),
  -- M04 (C F R F, x1): castle under fog (east, south, west); city cap north; a fogged road from the south ends at the castle; fog E S W + C.
  ('mists', 'M04',  0, 'city',     'Nw N Ne',                             0, 0, ''),
  ('mists', 'M04',  1, 'road',     'S',                                   0, 1, ''),
  ('mists', 'M04',  2, 'field',    'En E Es Se Sw Ws W Wn',               0, 1, '0'),
  ('mists', 'M04',  3, 'castle',   'C',                                   0, 0, ''),
  ('mists', 'M04',  4, 'fog',      'En E Es Se S Sw Ws W Wn C',           0, 0, ''),
  -- M05 (F R F R, x1): straight road west-east under a fog band west-east (fogged road); fog E W + C.
  ('mists', 'M05',  0, 'road',     'E W',                                 0, 1, ''),
  ('mists', 'M05',  1, 'field',    'Nw N Ne',                             0, 0, ''),
  ('mists', 'M05',  2, 'field',    'En Wn',                               0, 1, ''),
  ('mists', 'M05',  3, 'field',    'Es Ws',                               0, 1, ''),
  ('mists', 'M05',  4, 'field',    'Se S Sw',                             0, 0, ''),
  ('mists', 'M05',  5, 'fog',      'En E Es Ws W Wn C',                   0, 0, ''),
  -- M06 (F F R R, x1): road curve south-west under a fog corner south-west (fogged road); fog S W.
  ('mists', 'M06',  0, 'road',     'S W',                                 0, 1, ''),
  ('mists', 'M06',  1, 'field',    'Nw N Ne En E Es',                     0, 0, ''),
  ('mists', 'M06',  2, 'field',    'Se Wn',                               0, 1, ''),
  ('mists', 'M06',  3, 'field',    'Sw Ws',                               0, 1, ''),
  ('mists', 'M06',  4, 'fog',      'Se S Sw Ws W Wn',                     0, 0, ''),
  -- M07 (C C R C, x2): city on three sides with a shield, a road from the south ends at its gate.
  ('mists', 'M07',  0, 'city',     'Nw N Ne En E Es Ws W Wn',             1, 0, ''),
  ('mists', 'M07',  1, 'road',     'S',                                   0, 0, ''),
  ('mists', 'M07',  2, 'field',    'Se',                                  0, 0, '0'),
  ('mists', 'M07',  3, 'field',    'Sw',                                  0, 0, '0'),
  -- M09 (C R F C, x2): cemetery in the middle, city corner north-west, a road from the east ends at the cemetery.
  ('mists', 'M09',  0, 'city',     'Nw N Ne Ws W Wn',                     0, 0, ''),
  ('mists', 'M09',  1, 'road',     'E',                                   0, 0, ''),
  ('mists', 'M09',  2, 'field',    'En Es Se S Sw',                       0, 0, '0'),
  ('mists', 'M09',  3, 'cemetery', 'C',                                   0, 0, ''),
  -- M11 (F R F R, x1): castle in the middle under fog on every side; fogged roads from east and west end at the castle; fog N E S W + C.
  ('mists', 'M11',  0, 'road',     'E',                                   0, 1, ''),
  ('mists', 'M11',  1, 'road',     'W',                                   0, 1, ''),
  ('mists', 'M11',  2, 'field',    'Nw N Ne En Wn',                       0, 1, ''),
  ('mists', 'M11',  3, 'field',    'Es Se S Sw Ws',                       0, 1, ''),
  ('mists', 'M11',  4, 'castle',   'C',                                   0, 0, ''),
  ('mists', 'M11',  5, 'fog',      'Nw N Ne En E Es Se S Sw Ws W Wn C',   0, 0, ''),
  -- M12 (C R F R, x1): city cap north, straight road west-east, fog on the three other sides (fogged road); fog E S W + C.
  ('mists', 'M12',  0, 'city',     'Nw N Ne',                             0, 0, ''),
  ('mists', 'M12',  1, 'road',     'E W',                                 0, 1, ''),
  ('mists', 'M12',  2, 'field',    'En Wn',                               0, 1, '0'),
  ('mists', 'M12',  3, 'field',    'Es Se S Sw Ws',                       0, 1, ''),
  ('mists', 'M12',  4, 'fog',      'En E Es Se S Sw Ws W Wn C',           0, 0, ''),
  -- M13 (F F R R, x1): road curve south-west, fog on north, east and south (fogged road); fog N E S + C.
  ('mists', 'M13',  0, 'road',     'S W',                                 0, 1, ''),
  ('mists', 'M13',  1, 'field',    'Nw N Ne En E Es Se',                  0, 1, ''),
  ('mists', 'M13',  2, 'field',    'Sw',                                  0, 1, ''),
  ('mists', 'M13',  3, 'field',    'Ws',                                  0, 0, ''),
  ('mists', 'M13',  4, 'field',    'Wn',                                  0, 0, ''),
  ('mists', 'M13',  5, 'fog',      'Nw N Ne En E Es Se S Sw C',           0, 0, ''),
  -- M14 (C F F F, x3): city cap north, fog on the three other sides; fog E S W + C.
  ('mists', 'M14',  0, 'city',     'Nw N Ne',                             0, 0, ''),
  ('mists', 'M14',  1, 'field',    'En E Es Se S Sw Ws W Wn',             0, 1, '0'),
  ('mists', 'M14',  2, 'fog',      'En E Es Se S Sw Ws W Wn C',           0, 0, ''),
  -- M17 (C C C C, x1): city on all four sides with a shield.
  ('mists', 'M17',  0, 'city',     'Nw N Ne En E Es Se S Sw Ws W Wn',     1, 0, ''),
  -- M18 (C F F F, x1): city cap north, fog corner east-south; fog E S.
  ('mists', 'M18',  0, 'city',     'Nw N Ne',                             0, 0, ''),
  ('mists', 'M18',  1, 'field',    'En E Es Se S Sw',                     0, 1, '0'),
  ('mists', 'M18',  2, 'field',    'Ws W Wn',                             0, 0, '0'),
  ('mists', 'M18',  3, 'fog',      'En E Es Se S Sw',                     0, 0, ''),
  -- M19 (F R R R, x1): roads east, south and west end at a crossing, fog corner south-west (two fogged roads); fog S W.
  ('mists', 'M19',  0, 'road',     'E',                                   0, 0, ''),
  ('mists', 'M19',  1, 'road',     'S',                                   0, 1, ''),
  ('mists', 'M19',  2, 'road',     'W',                                   0, 1, ''),
  ('mists', 'M19',  3, 'field',    'Nw N Ne En',                          0, 0, ''),
  ('mists', 'M19',  4, 'field',    'Es',                                  0, 0, ''),
  ('mists', 'M19',  5, 'field',    'Se',                                  0, 1, ''),
  ('mists', 'M19',  6, 'field',    'Sw Ws',                               0, 1, ''),
  ('mists', 'M19',  7, 'field',    'Wn',                                  0, 1, ''),
  ('mists', 'M19',  8, 'fog',      'Se S Sw Ws W Wn',                     0, 0, ''),
  -- M20 (C C F C, x1): city on three sides with a shield, field south.
  ('mists', 'M20',  0, 'city',     'Nw N Ne En E Es Ws W Wn',             1, 0, ''),
  ('mists', 'M20',  1, 'field',    'Se S Sw',                             0, 0, '0'),
  -- M21 (F R F R, x1): straight road west-east, fog cap south; fog S.
  ('mists', 'M21',  0, 'road',     'E W',                                 0, 0, ''),
  ('mists', 'M21',  1, 'field',    'Nw N Ne En Wn',                       0, 0, ''),
  ('mists', 'M21',  2, 'field',    'Es Ws',                               0, 0, ''),
  ('mists', 'M21',  3, 'field',    'Se S Sw',                             0, 1, ''),
  ('mists', 'M21',  4, 'fog',      'Se S Sw',                             0, 0, ''),
  -- M22 (F C F C, x1): city band west-east with a shield, a field north and south.
  ('mists', 'M22',  0, 'city',     'En E Es Ws W Wn',                     1, 0, ''),
  ('mists', 'M22',  1, 'field',    'Nw N Ne',                             0, 0, '0'),
  ('mists', 'M22',  2, 'field',    'Se S Sw',                             0, 0, '0'),
  -- M23 (C R R R, x2): city cap north, roads east, south and west end at a crossing, all under fog on the three other sides; fog E S W + C.
  ('mists', 'M23',  0, 'city',     'Nw N Ne',                             0, 0, ''),
  ('mists', 'M23',  1, 'road',     'E',                                   0, 1, ''),
  ('mists', 'M23',  2, 'road',     'S',                                   0, 1, ''),
  ('mists', 'M23',  3, 'road',     'W',                                   0, 1, ''),
  ('mists', 'M23',  4, 'field',    'En Wn',                               0, 1, '0'),
  ('mists', 'M23',  5, 'field',    'Es Se',                               0, 1, ''),
  ('mists', 'M23',  6, 'field',    'Sw Ws',                               0, 1, ''),
  ('mists', 'M23',  7, 'fog',      'En E Es Se S Sw Ws W Wn C',           0, 0, ''),
  -- M25 (C R F R, x1): city cap north, straight road west-east, fog corner east-south (fogged road); fog E S.
  ('mists', 'M25',  0, 'city',     'Nw N Ne',                             0, 0, ''),
  ('mists', 'M25',  1, 'road',     'E W',                                 0, 1, ''),
  ('mists', 'M25',  2, 'field',    'En',                                  0, 1, '0'),
  ('mists', 'M25',  3, 'field',    'Es Se S Sw',                          0, 1, ''),
  ('mists', 'M25',  4, 'field',    'Ws',                                  0, 0, ''),
  ('mists', 'M25',  5, 'field',    'Wn',                                  0, 0, '0'),
  ('mists', 'M25',  6, 'fog',      'En E Es Se S Sw',                     0, 0, ''),
  -- M26 (F C F C, x1): two separate city caps east and west, fog band north-south between them; fog N S + C.
  ('mists', 'M26',  0, 'city',     'En E Es',                             0, 0, ''),
  ('mists', 'M26',  1, 'city',     'Ws W Wn',                             0, 0, ''),
  ('mists', 'M26',  2, 'field',    'Nw N Ne Se S Sw',                     0, 1, '0 1'),
  ('mists', 'M26',  3, 'fog',      'Nw N Ne Se S Sw C',                   0, 0, ''),
  -- M27 (F F R R, x1): road curve south-west, fog cap north; fog N.
  ('mists', 'M27',  0, 'road',     'S W',                                 0, 0, ''),
  ('mists', 'M27',  1, 'field',    'Nw N Ne',                             0, 1, ''),
  ('mists', 'M27',  2, 'field',    'En E Es Se Wn',                       0, 0, ''),
  ('mists', 'M27',  3, 'field',    'Sw Ws',                               0, 0, ''),
  ('mists', 'M27',  4, 'fog',      'Nw N Ne',                             0, 0, ''),
  -- M28 (F R R F, x1): road curve east-south, fog corner north-west; fog N W.
  ('mists', 'M28',  0, 'road',     'E S',                                 0, 0, ''),
  ('mists', 'M28',  1, 'field',    'Nw N Ne Ws W Wn',                     0, 1, ''),
  ('mists', 'M28',  2, 'field',    'En Sw',                               0, 0, ''),
  ('mists', 'M28',  3, 'field',    'Es Se',                               0, 0, ''),
  ('mists', 'M28',  4, 'fog',      'Nw N Ne Ws W Wn',                     0, 0, ''),
  -- M29 (C F F C, x1): city corner north-west with a shield, fog corner east-south; fog E S.
  ('mists', 'M29',  0, 'city',     'Nw N Ne Ws W Wn',                     1, 0, ''),
  ('mists', 'M29',  1, 'field',    'En E Es Se S Sw',                     0, 1, '0'),
  ('mists', 'M29',  2, 'fog',      'En E Es Se S Sw',                     0, 0, ''),
  -- M30 (C F C F, x1): two separate city caps north and south, one field between.
  ('mists', 'M30',  0, 'city',     'Nw N Ne',                             0, 0, ''),
  ('mists', 'M30',  1, 'city',     'Se S Sw',                             0, 0, ''),
  ('mists', 'M30',  2, 'field',    'En E Es Ws W Wn',                     0, 0, '0 1'),
  -- M31 (C R F R, x1): city cap north, straight road west-east, fog cap south; fog S.
  ('mists', 'M31',  0, 'city',     'Nw N Ne',                             0, 0, ''),
  ('mists', 'M31',  1, 'road',     'E W',                                 0, 0, ''),
  ('mists', 'M31',  2, 'field',    'En Wn',                               0, 0, '0'),
  ('mists', 'M31',  3, 'field',    'Es Ws',                               0, 0, ''),
  ('mists', 'M31',  4, 'field',    'Se S Sw',                             0, 1, ''),
  ('mists', 'M31',  5, 'fog',      'Se S Sw',                             0, 0, ''),
  -- M32 (C R R F, x1): city cap north, road curve east-south, fog on the three other sides (fogged road); fog E S W + C.
  ('mists', 'M32',  0, 'city',     'Nw N Ne',                             0, 0, ''),
  ('mists', 'M32',  1, 'road',     'E S',                                 0, 1, ''),
  ('mists', 'M32',  2, 'field',    'En Sw Ws W Wn',                       0, 1, '0'),
  ('mists', 'M32',  3, 'field',    'Es Se',                               0, 1, ''),
  ('mists', 'M32',  4, 'fog',      'En E Es Se S Sw Ws W Wn C',           0, 0, ''),
  -- M33 (C F F F, x1): city cap north, fog cap south; fog S.
  ('mists', 'M33',  0, 'city',     'Nw N Ne',                             0, 0, ''),
  ('mists', 'M33',  1, 'field',    'En E Es Ws W Wn',                     0, 0, '0'),
  ('mists', 'M33',  2, 'field',    'Se S Sw',                             0, 1, ''),
  ('mists', 'M33',  3, 'fog',      'Se S Sw',                             0, 0, ''),
  -- M34 (F R F R, x1): straight road west-east, fog corner north-east (fogged road); fog N E.
  ('mists', 'M34',  0, 'road',     'E W',                                 0, 1, ''),
  ('mists', 'M34',  1, 'field',    'Nw N Ne En',                          0, 1, ''),
  ('mists', 'M34',  2, 'field',    'Es',                                  0, 1, ''),
  ('mists', 'M34',  3, 'field',    'Se S Sw Ws',                          0, 0, ''),
  ('mists', 'M34',  4, 'field',    'Wn',                                  0, 0, ''),
  ('mists', 'M34',  5, 'fog',      'Nw N Ne En E Es',                     0, 0, ''),
  -- M35 (C F R R, x1): city cap north, road curve south-west under a fog corner south-west (fogged road); fog S W.
  ('mists', 'M35',  0, 'city',     'Nw N Ne',                             0, 0, ''),
  ('mists', 'M35',  1, 'road',     'S W',                                 0, 1, ''),
  ('mists', 'M35',  2, 'field',    'En E Es',                             0, 0, '0'),
  ('mists', 'M35',  3, 'field',    'Se Wn',                               0, 1, '0'),
  ('mists', 'M35',  4, 'field',    'Sw Ws',                               0, 1, ''),
  ('mists', 'M35',  5, 'fog',      'Se S Sw Ws W Wn',                     0, 0, ''),
  -- M36 (C F F F, x1): city cap north, fog band west-east below it; fog E W + C.
  ('mists', 'M36',  0, 'city',     'Nw N Ne',                             0, 0, ''),
  ('mists', 'M36',  1, 'field',    'En E Es Ws W Wn',                     0, 1, '0'),
  ('mists', 'M36',  2, 'field',    'Se S Sw',                             0, 0, ''),
  ('mists', 'M36',  3, 'fog',      'En E Es Ws W Wn C',                   0, 0, ''),
  -- M37 (C R R F, x1): city cap north, road curve east-south, fog cap west; fog W.
  ('mists', 'M37',  0, 'city',     'Nw N Ne',                             0, 0, ''),
  ('mists', 'M37',  1, 'road',     'E S',                                 0, 0, ''),
  ('mists', 'M37',  2, 'field',    'En Sw',                               0, 0, '0'),
  ('mists', 'M37',  3, 'field',    'Es Se',                               0, 0, ''),
  ('mists', 'M37',  4, 'field',    'Ws W Wn',                             0, 1, '0'),
  ('mists', 'M37',  5, 'fog',      'Ws W Wn',                             0, 0, ''),
  -- M38 (C R R C, x2): city corner north-west with a shield, road curve east-south.
  ('mists', 'M38',  0, 'city',     'Nw N Ne Ws W Wn',                     1, 0, ''),
  ('mists', 'M38',  1, 'road',     'E S',                                 0, 0, ''),
  ('mists', 'M38',  2, 'field',    'En Sw',                               0, 0, '0'),
  ('mists', 'M38',  3, 'field',    'Es Se',                               0, 0, ''),
  -- M40 (C F F C, x1): city corner north-west, one field.
  ('mists', 'M40',  0, 'city',     'Nw N Ne Ws W Wn',                     0, 0, ''),
  ('mists', 'M40',  1, 'field',    'En E Es Se S Sw',                     0, 0, '0'),
  -- M41 (R F R F, x1): straight road north-south, fog cap east; fog E.
  ('mists', 'M41',  0, 'road',     'N S',                                 0, 0, ''),
  ('mists', 'M41',  1, 'field',    'Nw Sw Ws W Wn',                       0, 0, ''),
  ('mists', 'M41',  2, 'field',    'Ne Se',                               0, 0, ''),
  ('mists', 'M41',  3, 'field',    'En E Es',                             0, 1, ''),
  ('mists', 'M41',  4, 'fog',      'En E Es',                             0, 0, ''),
  -- M42 (F R R R, x1): roads east, south and west end at a crossing, fog cap north; fog N.
  ('mists', 'M42',  0, 'road',     'E',                                   0, 0, ''),
  ('mists', 'M42',  1, 'road',     'S',                                   0, 0, ''),
  ('mists', 'M42',  2, 'road',     'W',                                   0, 0, ''),
  ('mists', 'M42',  3, 'field',    'Nw N Ne',                             0, 1, ''),
  ('mists', 'M42',  4, 'field',    'En Wn',                               0, 0, ''),
  ('mists', 'M42',  5, 'field',    'Es Se',                               0, 0, ''),
  ('mists', 'M42',  6, 'field',    'Sw Ws',                               0, 0, ''),
  ('mists', 'M42',  7, 'fog',      'Nw N Ne',                             0, 0, ''),
  -- M43 (C F F R, x1): castle under fog (east, south, west); city cap north; a fogged road from the west ends at the castle; fog E S W + C.
  ('mists', 'M43',  0, 'city',     'Nw N Ne',                             0, 0, ''),
  ('mists', 'M43',  1, 'road',     'W',                                   0, 1, ''),
  ('mists', 'M43',  2, 'field',    'En E Es Se S Sw Ws Wn',               0, 1, '0'),
  ('mists', 'M43',  3, 'castle',   'C',                                   0, 0, ''),
  ('mists', 'M43',  4, 'fog',      'En E Es Se S Sw Ws W Wn C',           0, 0, ''),
  -- M44 (C F R R, x1): city cap north, road curve south-west, fog cap east; fog E.
  ('mists', 'M44',  0, 'city',     'Nw N Ne',                             0, 0, ''),
  ('mists', 'M44',  1, 'road',     'S W',                                 0, 0, ''),
  ('mists', 'M44',  2, 'field',    'En E Es',                             0, 1, '0'),
  ('mists', 'M44',  3, 'field',    'Se Wn',                               0, 0, '0'),
  ('mists', 'M44',  4, 'field',    'Sw Ws',                               0, 0, ''),
  ('mists', 'M44',  5, 'fog',      'En E Es',                             0, 0, ''),
  -- M45 (F R R F, x1): road curve east-south, fog cap north; fog N.
  ('mists', 'M45',  0, 'road',     'E S',                                 0, 0, ''),
  ('mists', 'M45',  1, 'field',    'Nw N Ne',                             0, 1, ''),
  ('mists', 'M45',  2, 'field',    'En Sw Ws W Wn',                       0, 0, ''),
  ('mists', 'M45',  3, 'field',    'Es Se',                               0, 0, ''),
  ('mists', 'M45',  4, 'fog',      'Nw N Ne',                             0, 0, ''),
  -- M46 (F F R F, x1): cemetery in a field, a road from the south ends at it.
  ('mists', 'M46',  0, 'road',     'S',                                   0, 0, ''),
  ('mists', 'M46',  1, 'field',    'Nw N Ne En E Es Se Sw Ws W Wn',       0, 0, ''),
  ('mists', 'M46',  2, 'cemetery', 'C',                                   0, 0, ''),
  -- M47 (R F R F, x1): straight road north-south, fog on north, east and south (fogged road); fog N E S + C.
  ('mists', 'M47',  0, 'road',     'N S',                                 0, 1, ''),
  ('mists', 'M47',  1, 'field',    'Nw Sw',                               0, 1, ''),
  ('mists', 'M47',  2, 'field',    'Ne En E Es Se',                       0, 1, ''),
  ('mists', 'M47',  3, 'field',    'Ws W Wn',                             0, 0, ''),
  ('mists', 'M47',  4, 'fog',      'Nw N Ne En E Es Se S Sw C',           0, 0, ''),
  -- M48 (C R R R, x1): city cap north, roads east, south and west end at a crossing.
  ('mists', 'M48',  0, 'city',     'Nw N Ne',                             0, 0, ''),
  ('mists', 'M48',  1, 'road',     'E',                                   0, 0, ''),
  ('mists', 'M48',  2, 'road',     'S',                                   0, 0, ''),
  ('mists', 'M48',  3, 'road',     'W',                                   0, 0, ''),
  ('mists', 'M48',  4, 'field',    'En Wn',                               0, 0, '0'),
  ('mists', 'M48',  5, 'field',    'Es Se',                               0, 0, ''),
  ('mists', 'M48',  6, 'field',    'Sw Ws',                               0, 0, ''),
  -- M49 (C R F R, x1): city cap north over a straight road west-east.
  ('mists', 'M49',  0, 'city',     'Nw N Ne',                             0, 0, ''),
  ('mists', 'M49',  1, 'road',     'E W',                                 0, 0, ''),
  ('mists', 'M49',  2, 'field',    'En Wn',                               0, 0, '0'),
  ('mists', 'M49',  3, 'field',    'Es Se S Sw Ws',                       0, 0, ''),
  -- M50 (C C F F, x1): two separate city caps north and east, fog cap south; fog S.
  ('mists', 'M50',  0, 'city',     'Nw N Ne',                             0, 0, ''),
  ('mists', 'M50',  1, 'city',     'En E Es',                             0, 0, ''),
  ('mists', 'M50',  2, 'field',    'Se S Sw',                             0, 1, '1'),
  ('mists', 'M50',  3, 'field',    'Ws W Wn',                             0, 0, '0'),
  ('mists', 'M50',  4, 'fog',      'Se S Sw',                             0, 0, ''),
  -- M51 (R F R F, x1): straight road north-south, fog cap north over the road (fogged road); fog N.
  ('mists', 'M51',  0, 'road',     'N S',                                 0, 1, ''),
  ('mists', 'M51',  1, 'field',    'Nw',                                  0, 1, ''),
  ('mists', 'M51',  2, 'field',    'Ne',                                  0, 1, ''),
  ('mists', 'M51',  3, 'field',    'En E Es Se',                          0, 0, ''),
  ('mists', 'M51',  4, 'field',    'Sw Ws W Wn',                          0, 0, ''),
  ('mists', 'M51',  5, 'fog',      'Nw N Ne',                             0, 0, ''),
  -- M52 (R F R F, x1): straight road north-south, fog corner north-east (fogged road); fog N E.
  ('mists', 'M52',  0, 'road',     'N S',                                 0, 1, ''),
  ('mists', 'M52',  1, 'field',    'Nw',                                  0, 1, ''),
  ('mists', 'M52',  2, 'field',    'Ne En E Es',                          0, 1, ''),
  ('mists', 'M52',  3, 'field',    'Se',                                  0, 0, ''),
  ('mists', 'M52',  4, 'field',    'Sw Ws W Wn',                          0, 0, ''),
  ('mists', 'M52',  5, 'fog',      'Nw N Ne En E Es',                     0, 0, ''),
  -- M54 (C R R F, x2): city cap north, road curve east-south, fog corner south-west (fogged road); fog S W.
  ('mists', 'M54',  0, 'city',     'Nw N Ne',                             0, 0, ''),
  ('mists', 'M54',  1, 'road',     'E S',                                 0, 1, ''),
  ('mists', 'M54',  2, 'field',    'En',                                  0, 0, '0'),
  ('mists', 'M54',  3, 'field',    'Es',                                  0, 0, ''),
  ('mists', 'M54',  4, 'field',    'Se',                                  0, 1, ''),
  ('mists', 'M54',  5, 'field',    'Sw Ws W Wn',                          0, 1, '0'),
  ('mists', 'M54',  6, 'fog',      'Se S Sw Ws W Wn',                     0, 0, ''),
  -- M55 (C F F C, x1): two separate city caps north and west, one field.
  ('mists', 'M55',  0, 'city',     'Nw N Ne',                             0, 0, ''),
  ('mists', 'M55',  1, 'city',     'Ws W Wn',                             0, 0, ''),
  ('mists', 'M55',  2, 'field',    'En E Es Se S Sw',                     0, 0, '0 1'),
  -- M56 (C C F F, x1): city corner north-east, fog cap south; fog S.
  ('mists', 'M56',  0, 'city',     'Nw N Ne En E Es',                     0, 0, ''),
  ('mists', 'M56',  1, 'field',    'Se S Sw',                             0, 1, '0'),
  ('mists', 'M56',  2, 'field',    'Ws W Wn',                             0, 0, '0'),
  ('mists', 'M56',  3, 'fog',      'Se S Sw',                             0, 0, ''),
  -- M57 (C C R R, x1): city corner north-east, road curve south-west under a fog corner south-west (fogged road); fog S W.
  ('mists', 'M57',  0, 'city',     'Nw N Ne En E Es',                     0, 0, ''),
  ('mists', 'M57',  1, 'road',     'S W',                                 0, 1, ''),
  ('mists', 'M57',  2, 'field',    'Se Wn',                               0, 1, '0'),
  ('mists', 'M57',  3, 'field',    'Sw Ws',                               0, 1, ''),
  ('mists', 'M57',  4, 'fog',      'Se S Sw Ws W Wn',                     0, 0, ''),
  -- M58 (C C R F, x1): castle under a fog corner (south, west); city corner north-east; a fogged road from the south ends at the castle; fog S W + C.
  ('mists', 'M58',  0, 'city',     'Nw N Ne En E Es',                     0, 0, ''),
  ('mists', 'M58',  1, 'road',     'S',                                   0, 1, ''),
  ('mists', 'M58',  2, 'field',    'Se Sw Ws W Wn',                       0, 1, '0'),
  ('mists', 'M58',  3, 'castle',   'C',                                   0, 0, ''),
  ('mists', 'M58',  4, 'fog',      'Se S Sw Ws W Wn C',                   0, 0, ''),
  -- M59 (F F R R, x1): road curve south-west, fog cap south over the road (fogged road); fog S.
  ('mists', 'M59',  0, 'road',     'S W',                                 0, 1, ''),
  ('mists', 'M59',  1, 'field',    'Nw N Ne En E Es Wn',                  0, 0, ''),
  ('mists', 'M59',  2, 'field',    'Se',                                  0, 1, ''),
  ('mists', 'M59',  3, 'field',    'Sw',                                  0, 1, ''),
  ('mists', 'M59',  4, 'field',    'Ws',                                  0, 0, ''),
  ('mists', 'M59',  5, 'fog',      'Se S Sw',                             0, 0, ''),
  -- M60 (C F F C, x1): two separate city caps north and west, fog corner east-south; fog E S.
  ('mists', 'M60',  0, 'city',     'Nw N Ne',                             0, 0, ''),
  ('mists', 'M60',  1, 'city',     'Ws W Wn',                             0, 0, ''),
  ('mists', 'M60',  2, 'field',    'En E Es Se S Sw',                     0, 1, '0 1'),
  ('mists', 'M60',  3, 'fog',      'En E Es Se S Sw',                     0, 0, ''),
  -- MS00 (ruin ruin F F, x1): south-west cell: field west and south; fog over its south side and the internal east side, continuing into MS10; fog E S.
  ('mists', 'MS00', 0, 'field',    'Nw Ws W Wn',                          0, 0, ''),
  ('mists', 'MS00', 1, 'field',    'Es Se S Sw',                          0, 1, ''),
  ('mists', 'MS00', 2, 'ruin',     'N Ne En E',                           0, 0, ''),
  ('mists', 'MS00', 3, 'fog',      'En E Es Se S Sw',                     0, 0, ''),
  -- MS10 (ruin C R ruin, x1): south-east cell: city cap east; a fogged road from the south ends at the ruin; fog over its south side and the internal west side, continuing into MS00; fog S W.
  ('mists', 'MS10', 0, 'city',     'En E Es',                             0, 0, ''),
  ('mists', 'MS10', 1, 'road',     'S',                                   0, 1, ''),
  ('mists', 'MS10', 2, 'field',    'Ne',                                  0, 0, '0'),
  ('mists', 'MS10', 3, 'field',    'Se',                                  0, 1, '0'),
  ('mists', 'MS10', 4, 'field',    'Sw Ws',                               0, 1, ''),
  ('mists', 'MS10', 5, 'ruin',     'Nw N W Wn',                           0, 0, ''),
  ('mists', 'MS10', 6, 'fog',      'Se S Sw Ws W Wn',                     0, 0, ''),
  -- MS01 (C ruin ruin R, x1): north-west cell: city cap north; a road from the west ends at the ruin; no fog.
  ('mists', 'MS01', 0, 'city',     'Nw N Ne',                             0, 0, ''),
  ('mists', 'MS01', 1, 'road',     'W',                                   0, 0, ''),
  ('mists', 'MS01', 2, 'field',    'En Wn',                               0, 0, '0'),
  ('mists', 'MS01', 3, 'field',    'Sw Ws',                               0, 0, ''),
  ('mists', 'MS01', 4, 'ruin',     'E Es Se S',                           0, 0, ''),
  -- MS11 (F R ruin ruin, x1): north-east cell: field north; a fogged road from the east ends at the ruin; a fog corner over north and east, a fog area of its own; fog N E.
  ('mists', 'MS11', 0, 'road',     'E',                                   0, 1, ''),
  ('mists', 'MS11', 1, 'field',    'Nw N Ne En',                          0, 1, ''),
  ('mists', 'MS11', 2, 'field',    'Es',                                  0, 1, ''),
  ('mists', 'MS11', 3, 'field',    'Se',                                  0, 0, ''),
  ('mists', 'MS11', 4, 'field',    'Wn',                                  0, 0, ''),
  ('mists', 'MS11', 5, 'ruin',     'S Sw Ws W',                           0, 0, ''),
  ('mists', 'MS11', 6, 'fog',      'Nw N Ne En E Es',                     0, 0, '');

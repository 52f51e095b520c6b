-- Carcassonne: Discovery as data (RULES.md section 5, seed 001; tile facts TILES.md
-- section 3): the 84 tiles (83 to draw + the start tile DS) and the rule sets
-- `discovery` and `discovery-expert`. Needs no other tile set.
--
-- Confidence: LOW. 58 draw tiles (D01..D44) come from the facts of an unfinished public
-- project (github.com/Barer/CarcassonneDiscovery, facts only); they carry
-- reconstructed = 0 but the tile set's confidence is 'low' (their corners, exact
-- drawing and orientation are unknown). The other 25 draw tiles (R01..R15) and the start
-- tile DS are RECONSTRUCTED (reconstructed = 1): shapes L422, L2231, L2213 that the
-- source defines but never uses, and two more copies of known tiles; the start tile is
-- the source's stand-in (L161 water | mountain band | lowland, one port city). Every
-- tile's note names its shape, its regions in r0.. order and its cities.
--
-- How to read a tile (ports Nw N Ne | En E Es | Se S Sw | Ws W Wn, centre C)
-- ------------------
--   * Three terrains, kinds lowland / mountain / water, each its own match group: edges
--     fit lowland-lowland, mountain-mountain, water-water (terrain.match, not code).
--   * A REGION is a segment of one of them. Each edge belongs to exactly one region,
--     which owns all three of its ports (so every edge ends an area or continues it).
--     A region with no edge (the lake in the middle of D14, shape L11114) owns only C.
--     An area is closed when none of its edges is open, and it is named by its first
--     edge middle N E S W, else C (`meeple mountain:E`, `takeback 0,1 water:N`).
--   * ADJACENCY: `touches` of a region lists the other regions of the same tile it
--     borders, both ways round (the engine checks the symmetry). Mountains count the
--     cities of the lowland areas they border through these lists.
--   * CITIES lie between two regions, one of them water (port cities). A city is not a
--     segment: it is counted in `shields` on BOTH regions it lies between: once on the
--     water side (water counts the cities on its shores) and once on the land side
--     (mountains count the cities in them; lowland cities count for the mountains next
--     to that lowland; lowland itself ignores cities). The engine checks that per tile
--     the land regions and the water regions count the same number of cities and that
--     a region with cities touches a region of the other side with cities.
--   * Shapes (the source's names): L8 one region; L44 N E | S W; L17 N | E S W;
--     L116 N | E | S W; L161 N | E W band | S; L1115 N | E | S | W (W also the body);
--     L11114 N | E | S | W | centre lake; L422 N E | S | W; L2231 and L2213 N | E | S | W
--     with the adjacencies of TILES.md. Segments are numbered r0, r1, ... as there.
--
-- Reconstruction choices: the 25 added tiles follow the known mix (known: 21 of 58 tiles
-- with a city, 22 cities; added: 11 of 25, 11 cities; never more than 2 cities on a
-- tile, every city on a shore, no two regions of one terrain next to each other):
-- L422 x10, L2231 x7, L2213 x6, one more L17 lowland bay | water with a city (R14) and
-- one more L44 mountains | water with a city (R15). With the start tile: 34 cities.

INSERT INTO tile_set (id, name, source, confidence) VALUES
  ('discovery', 'Carcassonne: Discovery',
   'github.com/Barer/CarcassonneDiscovery (facts: 58 tiles, unfinished); 25 tiles and the start tile reconstructed',
   'low');

INSERT INTO terrain (id, kind, match, colour, name) VALUES
  ('lowland',  'lowland',  'lowland',  '#b7d36b', 'Lowland'),
  ('mountain', 'mountain', 'mountain', '#8c7b6b', 'Mountains'),
  ('water',    'water',    'water',    '#4f8fd6', 'Water');

INSERT INTO tile_type (tile_set, id, count, reconstructed, note) VALUES
  ('discovery', 'DS', 1, 1, 'L161 W|M|L, city 0|1 (W|M); START TILE, RECONSTRUCTED: the stand-in start tile of the source'),
  ('discovery', 'D01', 1, 0, 'L8 M, no city; TILES.md section 3'),
  ('discovery', 'D02', 1, 0, 'L8 L, no city; TILES.md section 3'),
  ('discovery', 'D03', 1, 0, 'L8 W, no city; TILES.md section 3'),
  ('discovery', 'D04', 3, 0, 'L44 M|L, no city; TILES.md section 3'),
  ('discovery', 'D05', 2, 0, 'L44 M|W, city 0|1 (M|W); TILES.md section 3'),
  ('discovery', 'D06', 1, 0, 'L44 M|W, no city; TILES.md section 3'),
  ('discovery', 'D07', 2, 0, 'L44 L|W, city 0|1 (L|W); TILES.md section 3'),
  ('discovery', 'D08', 1, 0, 'L44 L|W, no city; TILES.md section 3'),
  ('discovery', 'D09', 3, 0, 'L17 M|L, no city; TILES.md section 3'),
  ('discovery', 'D10', 2, 0, 'L17 M|W, city 0|1 (M|W); TILES.md section 3'),
  ('discovery', 'D11', 1, 0, 'L17 M|W, no city; TILES.md section 3'),
  ('discovery', 'D12', 2, 0, 'L17 L|W, city 0|1 (L|W); TILES.md section 3'),
  ('discovery', 'D13', 1, 0, 'L17 L|W, no city; TILES.md section 3'),
  ('discovery', 'D14', 1, 0, 'L11114 L|L|M|M|W, no city; TILES.md section 3'),
  ('discovery', 'D15', 2, 0, 'L1115 M|M|M|L, no city; TILES.md section 3'),
  ('discovery', 'D16', 1, 0, 'L1115 M|M|M|W, city 1|3 (M|W); TILES.md section 3'),
  ('discovery', 'D17', 1, 0, 'L1115 M|M|M|W, no city; TILES.md section 3'),
  ('discovery', 'D18', 2, 0, 'L1115 L|L|L|M, no city; TILES.md section 3'),
  ('discovery', 'D19', 1, 0, 'L1115 L|L|L|W, city 1|3 (L|W); TILES.md section 3'),
  ('discovery', 'D20', 1, 0, 'L1115 L|L|L|W, no city; TILES.md section 3'),
  ('discovery', 'D21', 1, 0, 'L1115 W|W|W|M, city 1|3 (W|M); TILES.md section 3'),
  ('discovery', 'D22', 1, 0, 'L1115 W|W|W|M, no city; TILES.md section 3'),
  ('discovery', 'D23', 1, 0, 'L1115 W|W|W|L, city 1|3 (W|L); TILES.md section 3'),
  ('discovery', 'D24', 1, 0, 'L1115 W|W|W|L, no city; TILES.md section 3'),
  ('discovery', 'D25', 2, 0, 'L116 M|M|L, no city; TILES.md section 3'),
  ('discovery', 'D26', 1, 0, 'L116 M|M|W, city 0|2 (M|W); TILES.md section 3'),
  ('discovery', 'D27', 1, 0, 'L116 M|M|W, no city; TILES.md section 3'),
  ('discovery', 'D28', 2, 0, 'L116 L|L|M, no city; TILES.md section 3'),
  ('discovery', 'D29', 1, 0, 'L116 L|L|W, city 0|2 (L|W); TILES.md section 3'),
  ('discovery', 'D30', 1, 0, 'L116 L|L|W, no city; TILES.md section 3'),
  ('discovery', 'D31', 1, 0, 'L116 W|W|M, city 0|2 (W|M); TILES.md section 3'),
  ('discovery', 'D32', 1, 0, 'L116 W|W|M, no city; TILES.md section 3'),
  ('discovery', 'D33', 1, 0, 'L116 W|W|L, city 0|2 (W|L); TILES.md section 3'),
  ('discovery', 'D34', 1, 0, 'L116 W|W|L, no city; TILES.md section 3'),
  ('discovery', 'D35', 2, 0, 'L161 M|L|M, no city; TILES.md section 3'),
  ('discovery', 'D36', 1, 0, 'L161 M|W|M, city 0|1 (M|W); TILES.md section 3'),
  ('discovery', 'D37', 1, 0, 'L161 M|W|M, no city; TILES.md section 3'),
  ('discovery', 'D38', 2, 0, 'L161 L|M|L, no city; TILES.md section 3'),
  ('discovery', 'D39', 1, 0, 'L161 L|W|L, city 0|1 (L|W), city 1|2 (W|L); TILES.md section 3'),
  ('discovery', 'D40', 1, 0, 'L161 L|W|L, city 0|1 (L|W); TILES.md section 3'),
  ('discovery', 'D41', 1, 0, 'L161 W|M|W, city 0|1 (W|M); TILES.md section 3'),
  ('discovery', 'D42', 1, 0, 'L161 W|M|W, no city; TILES.md section 3'),
  ('discovery', 'D43', 1, 0, 'L161 W|L|W, city 0|1 (W|L); TILES.md section 3'),
  ('discovery', 'D44', 1, 0, 'L161 W|L|W, no city; TILES.md section 3'),
  ('discovery', 'R01', 2, 1, 'L422 M|L|W, city 0|2 (M|W); RECONSTRUCTED: designed to reach 84 tiles'),
  ('discovery', 'R02', 2, 1, 'L422 L|M|W, no city; RECONSTRUCTED: designed to reach 84 tiles'),
  ('discovery', 'R03', 1, 1, 'L422 W|L|M, city 0|1 (W|L); RECONSTRUCTED: designed to reach 84 tiles'),
  ('discovery', 'R04', 3, 1, 'L422 W|M|L, no city; RECONSTRUCTED: designed to reach 84 tiles'),
  ('discovery', 'R05', 1, 1, 'L422 L|W|M, city 0|1 (L|W); RECONSTRUCTED: designed to reach 84 tiles'),
  ('discovery', 'R06', 1, 1, 'L422 M|W|L, no city; RECONSTRUCTED: designed to reach 84 tiles'),
  ('discovery', 'R07', 2, 1, 'L2231 W|M|L|W, city 0|2 (W|L); RECONSTRUCTED: designed to reach 84 tiles'),
  ('discovery', 'R08', 3, 1, 'L2231 L|M|W|M, no city; RECONSTRUCTED: designed to reach 84 tiles'),
  ('discovery', 'R09', 2, 1, 'L2231 M|L|W|L, no city; RECONSTRUCTED: designed to reach 84 tiles'),
  ('discovery', 'R10', 2, 1, 'L2213 W|M|W|L, city 0|3 (W|L); RECONSTRUCTED: designed to reach 84 tiles'),
  ('discovery', 'R11', 2, 1, 'L2213 W|M|W|L, no city; RECONSTRUCTED: designed to reach 84 tiles'),
  ('discovery', 'R12', 1, 1, 'L2213 L|W|W|M, city 0|1 (L|W); RECONSTRUCTED: designed to reach 84 tiles'),
  ('discovery', 'R13', 1, 1, 'L2213 L|W|W|M, no city; RECONSTRUCTED: designed to reach 84 tiles'),
  ('discovery', 'R14', 1, 1, 'L17 L|W, city 0|1 (L|W); RECONSTRUCTED: designed to reach 84 tiles'),
  ('discovery', 'R15', 1, 1, 'L44 M|W, city 0|1 (M|W); RECONSTRUCTED: designed to reach 84 tiles');

INSERT INTO tile_segment (tile_set, tile_id, idx, terrain, ports, shields, touches) VALUES
  ('discovery', 'DS', 0, 'water', 'Nw N Ne', 1, '1'),
  ('discovery', 'DS', 1, 'mountain', 'En E Es Ws W Wn', 1, '0 2'),
  ('discovery', 'DS', 2, 'lowland', 'Se S Sw', 0, '1'),
  ('discovery', 'D01', 0, 'mountain', 'Nw N Ne En E Es Se S Sw Ws W Wn', 0, ''),
  ('discovery', 'D02', 0, 'lowland', 'Nw N Ne En E Es Se S Sw Ws W Wn', 0, ''),
  ('discovery', 'D03', 0, 'water', 'Nw N Ne En E Es Se S Sw Ws W Wn', 0, ''),
  ('discovery', 'D04', 0, 'mountain', 'Nw N Ne En E Es', 0, '1'),
  ('discovery', 'D04', 1, 'lowland', 'Se S Sw Ws W Wn', 0, '0'),
  ('discovery', 'D05', 0, 'mountain', 'Nw N Ne En E Es', 1, '1'),
  ('discovery', 'D05', 1, 'water', 'Se S Sw Ws W Wn', 1, '0'),
  ('discovery', 'D06', 0, 'mountain', 'Nw N Ne En E Es', 0, '1'),
  ('discovery', 'D06', 1, 'water', 'Se S Sw Ws W Wn', 0, '0'),
  ('discovery', 'D07', 0, 'lowland', 'Nw N Ne En E Es', 1, '1'),
  ('discovery', 'D07', 1, 'water', 'Se S Sw Ws W Wn', 1, '0'),
  ('discovery', 'D08', 0, 'lowland', 'Nw N Ne En E Es', 0, '1'),
  ('discovery', 'D08', 1, 'water', 'Se S Sw Ws W Wn', 0, '0'),
  ('discovery', 'D09', 0, 'mountain', 'Nw N Ne', 0, '1'),
  ('discovery', 'D09', 1, 'lowland', 'En E Es Se S Sw Ws W Wn', 0, '0'),
  ('discovery', 'D10', 0, 'mountain', 'Nw N Ne', 1, '1'),
  ('discovery', 'D10', 1, 'water', 'En E Es Se S Sw Ws W Wn', 1, '0'),
  ('discovery', 'D11', 0, 'mountain', 'Nw N Ne', 0, '1'),
  ('discovery', 'D11', 1, 'water', 'En E Es Se S Sw Ws W Wn', 0, '0'),
  ('discovery', 'D12', 0, 'lowland', 'Nw N Ne', 1, '1'),
  ('discovery', 'D12', 1, 'water', 'En E Es Se S Sw Ws W Wn', 1, '0'),
  ('discovery', 'D13', 0, 'lowland', 'Nw N Ne', 0, '1'),
  ('discovery', 'D13', 1, 'water', 'En E Es Se S Sw Ws W Wn', 0, '0'),
  ('discovery', 'D14', 0, 'lowland', 'Nw N Ne', 0, '4'),
  ('discovery', 'D14', 1, 'lowland', 'En E Es', 0, '4'),
  ('discovery', 'D14', 2, 'mountain', 'Se S Sw', 0, '4'),
  ('discovery', 'D14', 3, 'mountain', 'Ws W Wn', 0, '4'),
  ('discovery', 'D14', 4, 'water', 'C', 0, '0 1 2 3'),
  ('discovery', 'D15', 0, 'mountain', 'Nw N Ne', 0, '3'),
  ('discovery', 'D15', 1, 'mountain', 'En E Es', 0, '3'),
  ('discovery', 'D15', 2, 'mountain', 'Se S Sw', 0, '3'),
  ('discovery', 'D15', 3, 'lowland', 'Ws W Wn', 0, '0 1 2'),
  ('discovery', 'D16', 0, 'mountain', 'Nw N Ne', 0, '3'),
  ('discovery', 'D16', 1, 'mountain', 'En E Es', 1, '3'),
  ('discovery', 'D16', 2, 'mountain', 'Se S Sw', 0, '3'),
  ('discovery', 'D16', 3, 'water', 'Ws W Wn', 1, '0 1 2'),
  ('discovery', 'D17', 0, 'mountain', 'Nw N Ne', 0, '3'),
  ('discovery', 'D17', 1, 'mountain', 'En E Es', 0, '3'),
  ('discovery', 'D17', 2, 'mountain', 'Se S Sw', 0, '3'),
  ('discovery', 'D17', 3, 'water', 'Ws W Wn', 0, '0 1 2'),
  ('discovery', 'D18', 0, 'lowland', 'Nw N Ne', 0, '3'),
  ('discovery', 'D18', 1, 'lowland', 'En E Es', 0, '3'),
  ('discovery', 'D18', 2, 'lowland', 'Se S Sw', 0, '3'),
  ('discovery', 'D18', 3, 'mountain', 'Ws W Wn', 0, '0 1 2'),
  ('discovery', 'D19', 0, 'lowland', 'Nw N Ne', 0, '3'),
  ('discovery', 'D19', 1, 'lowland', 'En E Es', 1, '3'),
  ('discovery', 'D19', 2, 'lowland', 'Se S Sw', 0, '3'),
  ('discovery', 'D19', 3, 'water', 'Ws W Wn', 1, '0 1 2'),
  ('discovery', 'D20', 0, 'lowland', 'Nw N Ne', 0, '3'),
  ('discovery', 'D20', 1, 'lowland', 'En E Es', 0, '3'),
  ('discovery', 'D20', 2, 'lowland', 'Se S Sw', 0, '3'),
  ('discovery', 'D20', 3, 'water', 'Ws W Wn', 0, '0 1 2'),
  ('discovery', 'D21', 0, 'water', 'Nw N Ne', 0, '3'),
  ('discovery', 'D21', 1, 'water', 'En E Es', 1, '3'),
  ('discovery', 'D21', 2, 'water', 'Se S Sw', 0, '3'),
  ('discovery', 'D21', 3, 'mountain', 'Ws W Wn', 1, '0 1 2'),
  ('discovery', 'D22', 0, 'water', 'Nw N Ne', 0, '3'),
  ('discovery', 'D22', 1, 'water', 'En E Es', 0, '3'),
  ('discovery', 'D22', 2, 'water', 'Se S Sw', 0, '3'),
  ('discovery', 'D22', 3, 'mountain', 'Ws W Wn', 0, '0 1 2'),
  ('discovery', 'D23', 0, 'water', 'Nw N Ne', 0, '3'),
  ('discovery', 'D23', 1, 'water', 'En E Es', 1, '3'),
  ('discovery', 'D23', 2, 'water', 'Se S Sw', 0, '3'),
  ('discovery', 'D23', 3, 'lowland', 'Ws W Wn', 1, '0 1 2'),
  ('discovery', 'D24', 0, 'water', 'Nw N Ne', 0, '3'),
  ('discovery', 'D24', 1, 'water', 'En E Es', 0, '3'),
  ('discovery', 'D24', 2, 'water', 'Se S Sw', 0, '3'),
  ('discovery', 'D24', 3, 'lowland', 'Ws W Wn', 0, '0 1 2'),
  ('discovery', 'D25', 0, 'mountain', 'Nw N Ne', 0, '2'),
  ('discovery', 'D25', 1, 'mountain', 'En E Es', 0, '2'),
  ('discovery', 'D25', 2, 'lowland', 'Se S Sw Ws W Wn', 0, '0 1'),
  ('discovery', 'D26', 0, 'mountain', 'Nw N Ne', 1, '2'),
  ('discovery', 'D26', 1, 'mountain', 'En E Es', 0, '2'),
  ('discovery', 'D26', 2, 'water', 'Se S Sw Ws W Wn', 1, '0 1'),
  ('discovery', 'D27', 0, 'mountain', 'Nw N Ne', 0, '2'),
  ('discovery', 'D27', 1, 'mountain', 'En E Es', 0, '2'),
  ('discovery', 'D27', 2, 'water', 'Se S Sw Ws W Wn', 0, '0 1'),
  ('discovery', 'D28', 0, 'lowland', 'Nw N Ne', 0, '2'),
  ('discovery', 'D28', 1, 'lowland', 'En E Es', 0, '2'),
  ('discovery', 'D28', 2, 'mountain', 'Se S Sw Ws W Wn', 0, '0 1'),
  ('discovery', 'D29', 0, 'lowland', 'Nw N Ne', 1, '2'),
  ('discovery', 'D29', 1, 'lowland', 'En E Es', 0, '2'),
  ('discovery', 'D29', 2, 'water', 'Se S Sw Ws W Wn', 1, '0 1'),
  ('discovery', 'D30', 0, 'lowland', 'Nw N Ne', 0, '2'),
  ('discovery', 'D30', 1, 'lowland', 'En E Es', 0, '2'),
  ('discovery', 'D30', 2, 'water', 'Se S Sw Ws W Wn', 0, '0 1'),
  ('discovery', 'D31', 0, 'water', 'Nw N Ne', 1, '2'),
  ('discovery', 'D31', 1, 'water', 'En E Es', 0, '2'),
  ('discovery', 'D31', 2, 'mountain', 'Se S Sw Ws W Wn', 1, '0 1'),
  ('discovery', 'D32', 0, 'water', 'Nw N Ne', 0, '2'),
  ('discovery', 'D32', 1, 'water', 'En E Es', 0, '2'),
  ('discovery', 'D32', 2, 'mountain', 'Se S Sw Ws W Wn', 0, '0 1'),
  ('discovery', 'D33', 0, 'water', 'Nw N Ne', 1, '2'),
  ('discovery', 'D33', 1, 'water', 'En E Es', 0, '2'),
  ('discovery', 'D33', 2, 'lowland', 'Se S Sw Ws W Wn', 1, '0 1'),
  ('discovery', 'D34', 0, 'water', 'Nw N Ne', 0, '2'),
  ('discovery', 'D34', 1, 'water', 'En E Es', 0, '2'),
  ('discovery', 'D34', 2, 'lowland', 'Se S Sw Ws W Wn', 0, '0 1'),
  ('discovery', 'D35', 0, 'mountain', 'Nw N Ne', 0, '1'),
  ('discovery', 'D35', 1, 'lowland', 'En E Es Ws W Wn', 0, '0 2'),
  ('discovery', 'D35', 2, 'mountain', 'Se S Sw', 0, '1'),
  ('discovery', 'D36', 0, 'mountain', 'Nw N Ne', 1, '1'),
  ('discovery', 'D36', 1, 'water', 'En E Es Ws W Wn', 1, '0 2'),
  ('discovery', 'D36', 2, 'mountain', 'Se S Sw', 0, '1'),
  ('discovery', 'D37', 0, 'mountain', 'Nw N Ne', 0, '1'),
  ('discovery', 'D37', 1, 'water', 'En E Es Ws W Wn', 0, '0 2'),
  ('discovery', 'D37', 2, 'mountain', 'Se S Sw', 0, '1'),
  ('discovery', 'D38', 0, 'lowland', 'Nw N Ne', 0, '1'),
  ('discovery', 'D38', 1, 'mountain', 'En E Es Ws W Wn', 0, '0 2'),
  ('discovery', 'D38', 2, 'lowland', 'Se S Sw', 0, '1'),
  ('discovery', 'D39', 0, 'lowland', 'Nw N Ne', 1, '1'),
  ('discovery', 'D39', 1, 'water', 'En E Es Ws W Wn', 2, '0 2'),
  ('discovery', 'D39', 2, 'lowland', 'Se S Sw', 1, '1'),
  ('discovery', 'D40', 0, 'lowland', 'Nw N Ne', 1, '1'),
  ('discovery', 'D40', 1, 'water', 'En E Es Ws W Wn', 1, '0 2'),
  ('discovery', 'D40', 2, 'lowland', 'Se S Sw', 0, '1'),
  ('discovery', 'D41', 0, 'water', 'Nw N Ne', 1, '1'),
  ('discovery', 'D41', 1, 'mountain', 'En E Es Ws W Wn', 1, '0 2'),
  ('discovery', 'D41', 2, 'water', 'Se S Sw', 0, '1'),
  ('discovery', 'D42', 0, 'water', 'Nw N Ne', 0, '1'),
  ('discovery', 'D42', 1, 'mountain', 'En E Es Ws W Wn', 0, '0 2'),
  ('discovery', 'D42', 2, 'water', 'Se S Sw', 0, '1'),
  ('discovery', 'D43', 0, 'water', 'Nw N Ne', 1, '1'),
  ('discovery', 'D43', 1, 'lowland', 'En E Es Ws W Wn', 1, '0 2'),
  ('discovery', 'D43', 2, 'water', 'Se S Sw', 0, '1'),
  ('discovery', 'D44', 0, 'water', 'Nw N Ne', 0, '1'),
  ('discovery', 'D44', 1, 'lowland', 'En E Es Ws W Wn', 0, '0 2'),
  ('discovery', 'D44', 2, 'water', 'Se S Sw', 0, '1'),
  ('discovery', 'R01', 0, 'mountain', 'Nw N Ne En E Es', 1, '1 2'),
  ('discovery', 'R01', 1, 'lowland', 'Se S Sw', 0, '0 2'),
  ('discovery', 'R01', 2, 'water', 'Ws W Wn', 1, '0 1'),
  ('discovery', 'R02', 0, 'lowland', 'Nw N Ne En E Es', 0, '1 2'),
  ('discovery', 'R02', 1, 'mountain', 'Se S Sw', 0, '0 2'),
  ('discovery', 'R02', 2, 'water', 'Ws W Wn', 0, '0 1'),
  ('discovery', 'R03', 0, 'water', 'Nw N Ne En E Es', 1, '1 2'),
  ('discovery', 'R03', 1, 'lowland', 'Se S Sw', 1, '0 2'),
  ('discovery', 'R03', 2, 'mountain', 'Ws W Wn', 0, '0 1'),
  ('discovery', 'R04', 0, 'water', 'Nw N Ne En E Es', 0, '1 2'),
  ('discovery', 'R04', 1, 'mountain', 'Se S Sw', 0, '0 2'),
  ('discovery', 'R04', 2, 'lowland', 'Ws W Wn', 0, '0 1'),
  ('discovery', 'R05', 0, 'lowland', 'Nw N Ne En E Es', 1, '1 2'),
  ('discovery', 'R05', 1, 'water', 'Se S Sw', 1, '0 2'),
  ('discovery', 'R05', 2, 'mountain', 'Ws W Wn', 0, '0 1'),
  ('discovery', 'R06', 0, 'mountain', 'Nw N Ne En E Es', 0, '1 2'),
  ('discovery', 'R06', 1, 'water', 'Se S Sw', 0, '0 2'),
  ('discovery', 'R06', 2, 'lowland', 'Ws W Wn', 0, '0 1'),
  ('discovery', 'R07', 0, 'water', 'Nw N Ne', 1, '1 2'),
  ('discovery', 'R07', 1, 'mountain', 'En E Es', 0, '0 2'),
  ('discovery', 'R07', 2, 'lowland', 'Se S Sw', 1, '0 1 3'),
  ('discovery', 'R07', 3, 'water', 'Ws W Wn', 0, '2'),
  ('discovery', 'R08', 0, 'lowland', 'Nw N Ne', 0, '1 2'),
  ('discovery', 'R08', 1, 'mountain', 'En E Es', 0, '0 2'),
  ('discovery', 'R08', 2, 'water', 'Se S Sw', 0, '0 1 3'),
  ('discovery', 'R08', 3, 'mountain', 'Ws W Wn', 0, '2'),
  ('discovery', 'R09', 0, 'mountain', 'Nw N Ne', 0, '1 2'),
  ('discovery', 'R09', 1, 'lowland', 'En E Es', 0, '0 2'),
  ('discovery', 'R09', 2, 'water', 'Se S Sw', 0, '0 1 3'),
  ('discovery', 'R09', 3, 'lowland', 'Ws W Wn', 0, '2'),
  ('discovery', 'R10', 0, 'water', 'Nw N Ne', 1, '1 3'),
  ('discovery', 'R10', 1, 'mountain', 'En E Es', 0, '0 3'),
  ('discovery', 'R10', 2, 'water', 'Se S Sw', 0, '3'),
  ('discovery', 'R10', 3, 'lowland', 'Ws W Wn', 1, '0 1 2'),
  ('discovery', 'R11', 0, 'water', 'Nw N Ne', 0, '1 3'),
  ('discovery', 'R11', 1, 'mountain', 'En E Es', 0, '0 3'),
  ('discovery', 'R11', 2, 'water', 'Se S Sw', 0, '3'),
  ('discovery', 'R11', 3, 'lowland', 'Ws W Wn', 0, '0 1 2'),
  ('discovery', 'R12', 0, 'lowland', 'Nw N Ne', 1, '1 3'),
  ('discovery', 'R12', 1, 'water', 'En E Es', 1, '0 3'),
  ('discovery', 'R12', 2, 'water', 'Se S Sw', 0, '3'),
  ('discovery', 'R12', 3, 'mountain', 'Ws W Wn', 0, '0 1 2'),
  ('discovery', 'R13', 0, 'lowland', 'Nw N Ne', 0, '1 3'),
  ('discovery', 'R13', 1, 'water', 'En E Es', 0, '0 3'),
  ('discovery', 'R13', 2, 'water', 'Se S Sw', 0, '3'),
  ('discovery', 'R13', 3, 'mountain', 'Ws W Wn', 0, '0 1 2'),
  ('discovery', 'R14', 0, 'lowland', 'Nw N Ne', 1, '1'),
  ('discovery', 'R14', 1, 'water', 'En E Es Se S Sw Ws W Wn', 1, '0'),
  ('discovery', 'R15', 0, 'mountain', 'Nw N Ne En E Es', 1, '1'),
  ('discovery', 'R15', 1, 'water', 'Se S Sw Ws W Wn', 1, '0');

-- The rule set (RULES.md section 5). 5 followers, one on the score track: 4 in play.
INSERT INTO rule_set (id, name, system, parent, start_tile_set, start_tile, description) VALUES
  ('discovery', 'Carcassonne: Discovery', 'discovery', NULL, 'discovery', 'DS',
   'Lowland, mountains and water for 2 to 5 players: place a follower on the new tile or take one ' ||
   'back and score its area at once; every follower left scores its area as open at the end.');

INSERT INTO rule_set_pool (rule_set, tile_set, tile_id, count)
  SELECT 'discovery', tile_set, id, count FROM tile_type
  WHERE tile_set = 'discovery' AND id <> 'DS' ORDER BY rowid;

INSERT INTO rule_param (rule_set, key, value) VALUES
  ('discovery', 'min_players',                 2),
  ('discovery', 'max_players',                 5),
  ('discovery', 'followers',                   4),  -- 5 figures, one on the score track
  ('discovery', 'farmers',                     0),
  ('discovery', 'final_scoring',               1),
  ('discovery', 'takeback',                    1),  -- place a follower OR take one back, never both
  ('discovery', 'completion_scores',           0),  -- closing an area scores and returns nobody
  ('discovery', 'score_each_follower',         1),  -- several followers on one area score independently
  ('discovery', 'lowland_tile_points',         1),  -- open lowland: 1 per tile
  ('discovery', 'lowland_closed_tile_points',  2),  -- closed lowland: 2 per tile
  ('discovery', 'lowland_small_points',        2),  -- closed lowland of 2 tiles: 2 in total
  ('discovery', 'mountain_city_points',        1),  -- open mountains: 1 per city (own + adjacent lowlands)
  ('discovery', 'mountain_closed_city_points', 2),  -- closed mountains: 2 per city
  ('discovery', 'mountain_small_city_points',  1),  -- closed mountains of 2 tiles: 1 per city
  ('discovery', 'water_city_points',           1),  -- open water: 1 per city on its shores
  ('discovery', 'water_closed_tile_points',    1),  -- closed water: 1 per tile ...
  ('discovery', 'water_closed_city_points',    1),  -- ... + 1 per city (the worked example: 4 + 3 = 7)
  ('discovery', 'water_small_city_points',     1),  -- closed water of 2 tiles: 1 per city
  ('discovery', 'hand_size',                   0),  -- draw a tile and place it (expert: 2)
  ('discovery', 'remove_tiles_2',              0),
  ('discovery', 'remove_tiles_3',              0),
  ('discovery', 'remove_tiles_4',              0),
  ('discovery', 'remove_tiles_5',              0);

-- Variants as rule sets of their own (they inherit every number above).
INSERT INTO rule_set (id, name, system, parent, start_tile_set, start_tile, description) VALUES
  ('discovery-expert', 'Carcassonne: Discovery (expert, tiles set aside)', 'discovery', 'discovery',
   'discovery', 'DS',
   'The expert variant: each player keeps 2 face-up tiles and places one of them, refilling after; ' ||
   '1 (2 or 5 players), 2 (3 players) or 3 (4 players) tiles are set aside unplayed.'),
  ('discovery-water-text', 'Carcassonne: Discovery (closed water by the text)', 'discovery', 'discovery',
   'discovery', 'DS',
   'Closed water scores 1 per tile only, as the rule text reads (the worked example also counts its cities).');

INSERT INTO rule_param (rule_set, key, value) VALUES
  ('discovery-expert', 'hand_size',      2),
  ('discovery-expert', 'remove_tiles_2', 1),
  ('discovery-expert', 'remove_tiles_3', 2),
  ('discovery-expert', 'remove_tiles_4', 3),
  ('discovery-expert', 'remove_tiles_5', 1),
  ('discovery-water-text', 'water_closed_city_points', 0);

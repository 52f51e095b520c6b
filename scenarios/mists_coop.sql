-- Mists over Carcassonne: the cooperative game (RULES.md section 4, seeds 000 and 003).
-- Applied after mists.sql (scripts run in name order), so its tiles exist.
--
-- The rule set 'mists' holds what every level shares: the 60 tiles and the 2x2 start
-- piece, the scoring numbers, no fields and no final scoring. Each level is a row of
-- `level` with the numbers and switches of the level table, and its follower rules by
-- seat count in `level_followers`. A designer adds a level 7 by adding rows here (or in
-- the editor): no code.

INSERT INTO rule_set (id, name, system, parent, start_tile_set, start_tile, description) VALUES
  ('mists', 'Mists over Carcassonne', 'mists', 'base', 'mists', 'MS00',
   'Cooperative: all players win or lose together against the ghosts. Played through ' ||
   'its levels (mists-1 .. mists-6). 60 tiles (reconstructed geometry) + 2x2 start piece.');

INSERT INTO rule_set_pool (rule_set, tile_set, tile_id, count)
  SELECT 'mists', tile_set, id, count FROM tile_type WHERE tile_set = 'mists' AND piece = ''
  ORDER BY rowid;

INSERT INTO rule_param (rule_set, key, value) VALUES
  ('mists', 'min_players',              1),
  ('mists', 'max_players',              5),
  ('mists', 'farmers',                  0),  -- no follower on fields, fogged or not
  ('mists', 'final_scoring',            0),  -- nothing scores at the end
  ('mists', 'small_city_rule',          0),
  ('mists', 'road_tile_points',         1),  -- completed road: 1 per tile
  ('mists', 'city_tile_points',         2),  -- completed city: 2 per tile
  ('mists', 'city_shield_points',       2),  -- ... plus 2 per shield
  ('mists', 'castle_fog_tile_points',   2),  -- completed castle: 2 per fogged tile of its 9
  ('mists', 'fog_closes_fields',        1);  -- fields end where fog begins

INSERT INTO level (id, name, position, rule_set, exclude_kinds, ghost_bank, stacks, dogs, target,
                   cemetery, scoring, score_markers, marker_from_supply, description) VALUES
  ('mists-1', 'Level 1', 1, 'mists', 'castle cemetery', 15, 1, '',      50, 'none',    'shared',     0, 0,
   'The basics: roads and cities, fog and ghosts. The 5 castles and 5 cemeteries stay in the box.'),
  ('mists-2', 'Level 2 (castles and cemeteries)', 2, 'mists', '', 15, 1, '', 75, 'plain', 'shared', 0, 0,
   'All 60 tiles. A cemetery closed by its 4 neighbours buries a follower; ghosts on fog bring one to an open cemetery.'),
  ('mists-3', 'Level 3 (dogs)', 3, 'mists', '', 15, 3, '15 50',  100, 'plain',   'shared',     0, 0,
   'Three stacks of 20 played in order; reach each dog before its stack runs out.'),
  ('mists-4', 'Level 4', 4, 'mists', '', 13, 3, '20 60',  120, 'plain',   'shared',     0, 0,
   'As level 3 with 13 ghosts and higher thresholds.'),
  ('mists-5', 'Level 5 (haunted cemetery)', 5, 'mists', '', 13, 3, '15 50', 100, 'haunted', 'shared', 0, 0,
   'Haunted cemeteries: closed by all 8 neighbours, they haunt fogged neighbours and bring a face-down tile every turn.'),
  ('mists-6', 'Level 6', 6, 'mists', '', 12, 3, '10 25',   50, 'haunted', 'per_colour', 0, 1,
   'Every colour scores on its own marker; a threshold counts only when every colour has reached it.');

-- Followers: 3 to 5 players 5 each in one colour; 2 players 3 in each of 2 colours each;
-- solo 3 in each of 4 colours.
INSERT INTO level_followers (level, players, colours, per_colour)
  SELECT l.id, f.players, f.colours, f.per_colour
  FROM level AS l,
       (SELECT 1 AS players, 4 AS colours, 3 AS per_colour UNION ALL SELECT 2, 2, 3
        UNION ALL SELECT 3, 1, 5 UNION ALL SELECT 4, 1, 5 UNION ALL SELECT 5, 1, 5) AS f
  WHERE l.rule_set = 'mists';

-- Level 6 as the Ukrainian book reads it (seed 003; issue 59): three score markers whose
-- colours the players choose at setup (rule marker_colours_chosen), the points of a colour
-- without a marker going to a marker the players choose. The Slovak reading (one marker
-- per colour) stays the default `mists-6`. The rule set only switches the choice on; its
-- tiles, numbers and follower rows are those of `mists`.
INSERT INTO rule_set (id, name, system, parent, start_tile_set, start_tile, description) VALUES
  ('mists-uk', 'Mists over Carcassonne (Ukrainian book)', 'mists', 'mists', 'mists', 'MS00',
   'Mists over Carcassonne as the Ukrainian book reads level 6: with fewer score markers than ' ||
   'colours the players choose the markers'' colours at setup.');

INSERT INTO rule_param (rule_set, key, value) VALUES
  ('mists-uk', 'marker_colours_chosen', 1);

INSERT INTO level (id, name, position, rule_set, exclude_kinds, ghost_bank, stacks, dogs, target,
                   cemetery, scoring, score_markers, marker_from_supply, description) VALUES
  ('mists-6-uk', 'Level 6 (Ukrainian book)', 7, 'mists-uk', '', 12, 3, '10 25', 50, 'haunted', 'per_colour', 3, 1,
   'Level 6 as the Ukrainian book reads it: three score markers whose colours the players choose; the points of a ' ||
   'colour without a marker go to a marker they choose. A threshold counts when every marker has reached it.');

INSERT INTO level_followers (level, players, colours, per_colour) VALUES
  ('mists-6-uk', 1, 4, 3), ('mists-6-uk', 2, 2, 3), ('mists-6-uk', 3, 1, 5), ('mists-6-uk', 4, 1, 5),
  ('mists-6-uk', 5, 1, 5);

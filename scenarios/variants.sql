-- Variants of the shipped rule sets that switch on a module of another expansion (issue 31:
-- modules compose in data). Applied last (scripts run in name order), so their parents exist.

-- The base game with the big follower of Inns & Cathedrals (RULES.md section 6): each
-- player also has one big follower, placed instead of an ordinary one (`big city:N`),
-- counting as two followers in a feature's majority. Everything else is the base game.
INSERT INTO rule_set (id, name, system, parent, start_tile_set, start_tile, description) VALUES
  ('base-big', 'Base game with the big follower', 'base', 'base', 'base', 'D',
   'The base game, and each player also has one big follower (Inns & Cathedrals): placed instead of ' ||
   'an ordinary follower, it counts as two in a majority and scores like one.');

INSERT INTO rule_param (rule_set, key, value) VALUES
  ('base-big', 'big_followers',         1),
  ('base-big', 'big_follower_strength', 2);

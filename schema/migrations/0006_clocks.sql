-- Migration 6: clocks of online rooms (issue 36, docs/protocol.md "Clocks"). A room may
-- have a time control, the same for each human seat: an initial time and an increment
-- added when the seat's turn passes to another seat, and what happens when a seat's time
-- runs out (at_zero: 'forfeit' ends the game, that seat losing; 'bot' has a server bot
-- play the seat from then on). The server writes a seat's time left and the wall-clock
-- time (ms since 1970) when the running turn started with each decision, in the same
-- transaction, so a restarted server's clocks stand where they stood (the time it was
-- down counts against the seat to move). Rooms of earlier versions have no clock (NULL).

ALTER TABLE net_room ADD COLUMN clock_initial_ms INTEGER CHECK (clock_initial_ms IS NULL OR clock_initial_ms >= 0);
ALTER TABLE net_room ADD COLUMN clock_increment_ms INTEGER NOT NULL DEFAULT 0 CHECK (clock_increment_ms >= 0);
ALTER TABLE net_room ADD COLUMN clock_at_zero TEXT NOT NULL DEFAULT 'forfeit' CHECK (clock_at_zero IN ('forfeit', 'bot'));
ALTER TABLE net_room ADD COLUMN turn_start_ms INTEGER;  -- when the running clock's turn started
ALTER TABLE net_room ADD COLUMN forfeit_seat INTEGER;   -- the seat that lost on time (at_zero 'forfeit')
ALTER TABLE net_seat ADD COLUMN left_ms INTEGER;         -- the seat's time left at its turn's start; NULL: no clock
ALTER TABLE net_seat ADD COLUMN timed_out INTEGER NOT NULL DEFAULT 0 CHECK (timed_out IN (0, 1));

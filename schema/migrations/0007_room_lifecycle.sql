-- Migration 7: the lifecycle of online rooms (issue 55, docs/protocol.md "Room lifecycle").
-- A room nobody plays in expires: an open room with no player connected for the server's
-- open-room time is deleted, a running game with no player connected for its abandon time
-- is ended and stored as an unfinished replay. The server writes `active_ms` (wall-clock
-- ms since 1970) when a room is made, a seat taken or resumed, a player's decision
-- stored, and the last player leaves, so a restarted server expires what expired while it
-- was down. `creator` is the address that made the room (IPv6: its /64), for the limit on
-- rooms per address. A finished room keeps its result's text (`result`, what `over` says)
-- and when it ended (`ended_ms`), so a player who comes back later learns the result.

ALTER TABLE net_room ADD COLUMN active_ms INTEGER;                -- NULL: before migration 7 (the load's time is taken)
ALTER TABLE net_room ADD COLUMN creator TEXT NOT NULL DEFAULT '';  -- '' before migration 7
ALTER TABLE net_room ADD COLUMN result TEXT;                       -- a finished room's result text
ALTER TABLE net_room ADD COLUMN ended_ms INTEGER;                  -- when it finished
ALTER TABLE net_room ADD COLUMN ended_how TEXT;                    -- NULL, 'forfeit' or 'abandoned'

-- Migration 8: a mark printed in a tile segment (issue 57, Inns & Cathedrals). `mark` = 1
-- when the segment carries its kind's symbol; what the symbol means is the rule module's
-- that reads it (engine/rules/inns.cpp: an inn beside a road segment, a cathedral in a
-- city segment), as `shields` counts what a segment kind's module says. Every segment
-- written before migration 8 carries none.

ALTER TABLE tile_segment ADD COLUMN mark INTEGER NOT NULL DEFAULT 0 CHECK (mark IN (0, 1));

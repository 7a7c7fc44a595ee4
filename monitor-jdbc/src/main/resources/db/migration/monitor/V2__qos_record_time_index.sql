-- Every analysis query bounds recorded_at_us, and not every one names a service, so the window
-- index is keyed by time alone: it serves all of them, and each insert adds a short key at the
-- index's right edge instead of comparing service names.
DROP INDEX qos_record_window;
CREATE INDEX qos_record_time ON qos_record (recorded_at_us);

-- Ids in blocks of 1000 instead of H2's 32 (PostgreSQL's 1): H2 writes its sequence's state
-- into the schema each time a block runs out. A crash can leave a gap of unused ids; nothing
-- reads ids for meaning.
ALTER TABLE qos_record ALTER COLUMN id SET CACHE 1000;

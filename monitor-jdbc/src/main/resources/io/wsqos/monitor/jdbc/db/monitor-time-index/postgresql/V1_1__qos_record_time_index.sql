-- PostgreSQL: a BRIN index on time. Rows arrive in about time order, so each block range of the
-- table holds a narrow span of times; the index is a few pages however long the log, and costs an
-- insert almost nothing, where a B-tree would add an entry per row.
CREATE INDEX qos_record_time ON qos_record USING BRIN (recorded_at_us);

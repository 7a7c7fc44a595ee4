-- H2: a B-tree on time, which windows, the edges of a report and deletion by time use.
CREATE INDEX qos_record_time ON qos_record (recorded_at_us);

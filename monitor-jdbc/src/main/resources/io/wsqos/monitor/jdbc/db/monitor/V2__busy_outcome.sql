-- Outcome.BUSY (ordinal 6): the provider answered 503 with Retry-After, or the client held the
-- call back during one. Busy, not broken: named apart from the failures.
INSERT INTO qos_outcome (code, name) VALUES (6, 'BUSY');

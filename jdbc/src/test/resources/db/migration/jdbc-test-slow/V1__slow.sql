-- Runs for longer than the statement timeout of the pool that migrates it.
CREATE TABLE jdbc_test_slow (id INTEGER);
SELECT pg_sleep(1);

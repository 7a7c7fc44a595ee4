/** A real database of its own per test: H2 in memory or a PostgreSQL schema, dropped afterwards. */
package io.wsqos.testing.db;

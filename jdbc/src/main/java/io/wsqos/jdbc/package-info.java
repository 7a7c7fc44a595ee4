/**
 * The project's one way to a database: {@link io.wsqos.jdbc.JdbcPool} builds HikariCP pools with
 * the H2 settings, statement and lock timeouts and the eviction of broken connections; {@link
 * io.wsqos.jdbc.JdbcMigrations} runs a module's Flyway migrations; {@link io.wsqos.jdbc.Jdbc} holds
 * the row helpers and {@link io.wsqos.jdbc.Database} tells H2 and PostgreSQL apart.
 */
package io.wsqos.jdbc;

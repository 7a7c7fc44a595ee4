package io.wsqos.broker.registry;

import com.zaxxer.hikari.HikariDataSource;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.wsqos.broker.api.DuplicateException;
import io.wsqos.broker.api.NotFoundException;
import io.wsqos.broker.api.RegistryUnavailableException;
import io.wsqos.broker.api.VersionConflictException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the registry's reads and writes on the pool: each write in one transaction that first
 * increments the registry version (which also serialises the writers of every instance sharing the
 * database), then tells the listeners once it committed; database failures become the broker's
 * typed exceptions.
 */
final class Transactions {

  private static final Logger log = LoggerFactory.getLogger(Transactions.class);

  /** SQLSTATE of a unique constraint violation, on H2 and PostgreSQL alike. */
  private static final String UNIQUE_VIOLATION = "23505";

  static final String BUMP_VERSION =
      "UPDATE broker_registry_version SET version = version + 1 WHERE id = 1";
  static final String READ_VERSION = "SELECT version FROM broker_registry_version WHERE id = 1";

  /** Work on a connection. */
  @FunctionalInterface
  interface Work<T> {
    T run(Connection connection) throws SQLException;
  }

  /** Counter of writes, tagged by operation and outcome. */
  static final String WRITES = "wsqos.broker.writes";

  /** Counter of calls the database did not answer (reads, writes and the index's refreshes). */
  static final String DATABASE_ERRORS = "wsqos.broker.database.errors";

  private final HikariDataSource pool;
  private final MeterRegistry meters;
  private final Counter databaseErrors;
  private final List<Runnable> listeners = new CopyOnWriteArrayList<>();

  Transactions(HikariDataSource pool, MeterRegistry meters) {
    this.pool = pool;
    this.meters = meters;
    this.databaseErrors =
        Counter.builder(DATABASE_ERRORS)
            .description("Registry calls the database did not answer")
            .register(meters);
  }

  void addListener(Runnable listener) {
    listeners.add(listener);
  }

  void removeListener(Runnable listener) {
    listeners.remove(listener);
  }

  /**
   * Runs {@code work} in one transaction after incrementing the registry version, and commits.
   *
   * @param what the operation, for messages (e.g. {@code publish offer})
   * @param unique what a unique-constraint violation means (e.g. {@code provider name 'x'})
   */
  <T> T write(String what, String unique, Work<T> work) {
    String outcome = "error";
    try {
      T result = writeOnce(what, unique, work);
      outcome = "ok";
      return result;
    } catch (RegistryUnavailableException e) {
      outcome = "unavailable";
      throw e;
    } catch (DuplicateException e) {
      outcome = "duplicate";
      throw e;
    } catch (NotFoundException e) {
      outcome = "not-found";
      throw e;
    } catch (VersionConflictException e) {
      outcome = "conflict";
      throw e;
    } finally {
      Counter.builder(WRITES)
          .description("Registry writes by operation and outcome")
          .tags("operation", what, "outcome", outcome)
          .register(meters)
          .increment();
    }
  }

  private <T> T writeOnce(String what, String unique, Work<T> work) {
    T result;
    Connection used = null;
    try (Connection connection = pool.getConnection()) {
      used = connection;
      connection.setAutoCommit(false);
      try {
        try (PreparedStatement bump = connection.prepareStatement(BUMP_VERSION)) {
          if (bump.executeUpdate() != 1) {
            throw new SQLException("the registry version row is missing: migrate the registry");
          }
        }
        result = work.run(connection);
        connection.commit();
      } catch (SQLException | RuntimeException e) {
        rollbackQuietly(connection, e);
        throw e;
      }
    } catch (SQLException e) {
      if (UNIQUE_VIOLATION.equals(e.getSQLState())) {
        throw new DuplicateException(unique, e);
      }
      throw unavailable(what, used, e);
    }
    for (Runnable listener : listeners) {
      try {
        listener.run();
      } catch (RuntimeException e) {
        log.warn("A registry change listener failed; the write stands", e);
      }
    }
    return result;
  }

  /** Runs {@code work} on a connection in auto-commit mode. */
  <T> T read(String what, Work<T> work) {
    Connection used = null;
    try (Connection connection = pool.getConnection()) {
      used = connection;
      return work.run(connection);
    } catch (SQLException e) {
      throw unavailable(what, used, e);
    }
  }

  /**
   * Runs {@code work} in one read-only repeatable-read transaction, so that what it reads belongs
   * together.
   */
  <T> T snapshot(String what, Work<T> work) {
    Connection used = null;
    try (Connection connection = pool.getConnection()) {
      used = connection;
      connection.setAutoCommit(false);
      connection.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
      connection.setReadOnly(true);
      try {
        T result = work.run(connection);
        connection.commit();
        return result;
      } catch (SQLException | RuntimeException e) {
        rollbackQuietly(connection, e);
        throw e;
      }
    } catch (SQLException e) {
      throw unavailable(what, used, e);
    }
  }

  /**
   * The exception for a database failure, having evicted the connection it happened on: the pool
   * knows the failure codes of some drivers only (not H2's broken connection), and a connection
   * that failed once is not worth keeping when the database may have gone away.
   */
  private RegistryUnavailableException unavailable(
      String what, Connection connection, SQLException e) {
    databaseErrors.increment();
    if (connection != null) {
      pool.evictConnection(connection);
    }
    return new RegistryUnavailableException(what, e);
  }

  private static void rollbackQuietly(Connection connection, Exception cause) {
    try {
      connection.rollback();
    } catch (SQLException e) {
      cause.addSuppressed(e);
    }
  }
}

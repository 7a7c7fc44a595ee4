package io.wsqos.broker.registry;

import com.zaxxer.hikari.HikariDataSource;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.wsqos.broker.api.DuplicateException;
import io.wsqos.broker.api.NotFoundException;
import io.wsqos.broker.api.RegistryUnavailableException;
import io.wsqos.broker.api.VersionConflictException;
import io.wsqos.jdbc.Jdbc;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the registry's reads and writes on the pool; database failures become the broker's typed
 * exceptions. Each write is one transaction that increments the registry version (on PostgreSQL
 * also notifying the {@link PostgresListener listeners} of every instance, at commit), records at
 * the new version the services whose offers it changed (and whether a provider token changed),
 * commits, then tells this instance's listeners.
 *
 * <p>The version row serialises the writers of every instance sharing the database, so versions are
 * committed in order and a reader that sees version {@code v} sees every change recorded up to it.
 * On PostgreSQL a write takes that lock last, after its own rows: it is held for two statements and
 * the commit, and no transaction holding it waits for another lock. This needs the writes to lock
 * what they depend on themselves (PostgreSQL's foreign key checks lock the referenced row; a
 * provider's withdrawal locks the provider first), and an optimistic offer update to read a lost
 * race as the conflict it is. On H2, whose engine is in the same process, a write takes the lock
 * first and holds it throughout: simpler, and nearly free there.
 *
 * <p>On H2 the writes of this process also run one at a time, each until its commit has been
 * stored: a write whose statements ran while another's commit was being stored could survive a kill
 * in part (an offer without its version increment, seen in {@code KillDuringPublishesIT}).
 *
 * <p>Pages are read by id, so a row must never commit after a row of a higher id of its table: a
 * reader that had paged past the higher id would never see it. On H2 the version row, locked first,
 * already makes ids follow commits. On PostgreSQL, where a sequence hands out ids when rows are
 * inserted and the version row is locked last, a write that inserts first locks its table's row of
 * {@code broker_insert_order}, before any other lock, and holds it until it commits: inserts into
 * one table then commit in id order. Being every such write's first lock, it cannot take part in a
 * deadlock; it serialises only inserts into one table, which the version row serialises at their
 * end anyway. (Reading pages up to the oldest running transaction's id instead would need
 * PostgreSQL's snapshot functions and hide committed rows behind a slow writer.)
 *
 * <p>Writes take at most all but one of the pool's connections, each waiting at most the connection
 * timeout for its turn, so that reads are answered while the writers wait on a lock; a write waits
 * for a lock at most the pool's lock timeout.
 */
final class Transactions {

  private static final Logger log = LoggerFactory.getLogger(Transactions.class);

  /** SQLSTATE of a unique constraint violation, on H2 and PostgreSQL alike. */
  private static final String UNIQUE_VIOLATION = "23505";

  /** SQLSTATE class of a data exception: a value the database refused, on H2 and PostgreSQL. */
  private static final String DATA_EXCEPTION_CLASS = "22";

  /** Work on a connection. */
  @FunctionalInterface
  interface Work<T> {
    T run(Connection connection) throws SQLException;
  }

  /** A write's work: changes rows and says in {@code changed} what they change for readers. */
  @FunctionalInterface
  interface Write<T> {
    T run(Connection connection, ChangeFeed.Changes changed) throws SQLException;
  }

  /** Counter of writes, tagged by operation and outcome. */
  static final String WRITES = "wsqos.broker.writes";

  /** Counter of calls the database did not answer (reads, writes and the index's refreshes). */
  static final String DATABASE_ERRORS = "wsqos.broker.database.errors";

  private final HikariDataSource pool;
  private final MeterRegistry meters;
  private final Counter databaseErrors;
  private final List<Runnable> listeners = new CopyOnWriteArrayList<>();
  private final boolean versionLast;

  /** Held by each write of this process from its first statement until it is stored; H2 only. */
  private final ReentrantLock oneWriter;

  /** One per connection a write may hold at once. */
  private final Semaphore writers;

  /** The longest wait of a write for its turn. */
  private final long turnTimeoutMillis;

  /**
   * @param versionLast whether writes lock the version row last (PostgreSQL) rather than first
   * @param maxWriters the most writes holding a connection at once
   * @param turnTimeout the longest wait of a write for its turn
   */
  Transactions(
      HikariDataSource pool,
      MeterRegistry meters,
      boolean versionLast,
      int maxWriters,
      Duration turnTimeout) {
    this.pool = pool;
    this.meters = meters;
    this.versionLast = versionLast;
    this.oneWriter = versionLast ? null : new ReentrantLock();
    this.writers = new Semaphore(maxWriters);
    this.turnTimeoutMillis = turnTimeout.toMillis();
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
   * Runs {@code work} in one transaction that also increments the registry version and records the
   * services {@code work} changed, and commits.
   *
   * @param what the operation, for messages (e.g. {@code publish offer})
   * @param unique what a unique-constraint violation means (e.g. {@code provider name 'x'})
   */
  <T> T write(String what, String unique, Write<T> work) {
    return write(what, unique, null, work);
  }

  /**
   * Runs {@code work}, which inserts into {@code table}, as {@link #write(String, String, Write)}
   * does, with the table's inserts in commit order.
   */
  <T> T insert(String what, String unique, Table<?> table, Write<T> work) {
    return write(what, unique, table.name(), work);
  }

  private <T> T write(String what, String unique, String insertsInto, Write<T> work) {
    String outcome = "error";
    try {
      T result = writeInTurn(what, unique, insertsInto, work);
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

  /** Runs {@code work} once a connection for writes and, on H2, this process's turn are free. */
  private <T> T inTurn(String what, Supplier<T> work) {
    boolean turn = false;
    boolean writer = false;
    try {
      writer = writers.tryAcquire(turnTimeoutMillis, TimeUnit.MILLISECONDS);
      turn =
          writer
              && (oneWriter == null || oneWriter.tryLock(turnTimeoutMillis, TimeUnit.MILLISECONDS));
      if (!turn) {
        databaseErrors.increment();
        throw new RegistryUnavailableException(
            what,
            new SQLException(
                "no turn to write within " + turnTimeoutMillis + " ms: the writers before wait"));
      }
      return work.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new RegistryUnavailableException(what, e);
    } finally {
      if (turn && oneWriter != null) {
        oneWriter.unlock();
      }
      if (writer) {
        writers.release();
      }
    }
  }

  private <T> T writeInTurn(String what, String unique, String insertsInto, Write<T> work) {
    T result = inTurn(what, () -> writeOnce(what, unique, insertsInto, work));
    for (Runnable listener : listeners) {
      try {
        listener.run();
      } catch (RuntimeException e) {
        log.warn("A registry change listener failed; the write stands", e);
      }
    }
    return result;
  }

  private <T> T writeOnce(String what, String unique, String insertsInto, Write<T> work) {
    T result;
    Connection used = null;
    try (Connection connection = pool.getConnection()) {
      used = connection;
      connection.setAutoCommit(false);
      try {
        if (versionLast && insertsInto != null) {
          lockInsertOrder(connection, insertsInto);
        }
        if (!versionLast) {
          ChangeFeed.bumpVersion(connection);
        }
        ChangeFeed.Changes changed = new ChangeFeed.Changes();
        result = work.run(connection, changed);
        if (versionLast) {
          ChangeFeed.bumpVersionAndNotify(connection);
        }
        ChangeFeed.record(connection, changed);
        connection.commit();
      } catch (SQLException | RuntimeException e) {
        Jdbc.rollbackQuietly(connection, e);
        throw e;
      }
    } catch (SQLException e) {
      if (UNIQUE_VIOLATION.equals(e.getSQLState())) {
        throw new DuplicateException(unique, e);
      }
      throw failure(what, used, e);
    }
    return result;
  }

  private static void lockInsertOrder(Connection connection, String table) throws SQLException {
    try (PreparedStatement lock =
        connection.prepareStatement(
            "SELECT table_name FROM broker_insert_order WHERE table_name = ? FOR UPDATE")) {
      lock.setString(1, table);
      try (ResultSet r = lock.executeQuery()) {
        if (!r.next()) {
          throw new SQLException("the insert order row of " + table + " is missing: migrate");
        }
      }
    }
  }

  /**
   * Runs housekeeping {@code work} in one transaction that moves no registry version and tells no
   * listener: for what changes no registry content.
   */
  <T> T maintain(String what, Work<T> work) {
    return inTurn(what, () -> transaction(what, false, work));
  }

  /** Runs {@code work} on a connection in auto-commit mode. */
  <T> T read(String what, Work<T> work) {
    Connection used = null;
    try (Connection connection = pool.getConnection()) {
      used = connection;
      return work.run(connection);
    } catch (SQLException e) {
      throw failure(what, used, e);
    }
  }

  /**
   * Runs {@code work} in one read-only repeatable-read transaction, so that what it reads belongs
   * together.
   */
  <T> T snapshot(String what, Work<T> work) {
    return transaction(what, true, work);
  }

  private <T> T transaction(String what, boolean readOnlySnapshot, Work<T> work) {
    Connection used = null;
    try (Connection connection = pool.getConnection()) {
      used = connection;
      connection.setAutoCommit(false);
      if (readOnlySnapshot) {
        connection.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
        connection.setReadOnly(true);
      }
      try {
        T result = work.run(connection);
        connection.commit();
        return result;
      } catch (SQLException | RuntimeException e) {
        Jdbc.rollbackQuietly(connection, e);
        throw e;
      }
    } catch (SQLException e) {
      throw failure(what, used, e);
    }
  }

  /**
   * A value the database refused (a data exception) is the broker's bug, having passed its checks:
   * an {@link IllegalStateException}, answered 500, while the database and the connection are fine.
   * Any other failure is the database's ({@link #unavailable}).
   */
  private RuntimeException failure(String what, Connection connection, SQLException e) {
    String state = e.getSQLState();
    if (state != null && state.startsWith(DATA_EXCEPTION_CLASS)) {
      return new IllegalStateException(
          what + ": the database refused a value the broker accepted (SQLSTATE " + state + ")", e);
    }
    return unavailable(what, connection, e);
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
}

package io.wsqos.monitor.jdbc;

import static java.util.Objects.requireNonNull;

import com.zaxxer.hikari.HikariDataSource;
import io.wsqos.jdbc.JdbcPool;
import io.wsqos.monitor.QosRecord;
import io.wsqos.monitor.QosRecordStore;
import io.wsqos.monitor.jdbc.internal.RecordStore;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import javax.sql.DataSource;

/**
 * The monitor's tables in a relational database (H2 or PostgreSQL) as a {@link QosRecordStore}:
 * give it to {@code QosLog.builder(registry).store(...)}. It creates or upgrades the tables with
 * Flyway when built (history table {@value #HISTORY_TABLE}), writes each batch in one transaction
 * (all records or none), and, when built from a JDBC URL, owns a small HikariCP pool (built by
 * {@link JdbcPool}, with its statement and lock timeouts) that {@link #close()} closes.
 *
 * <p>Read what it wrote with {@link QosAnalysis} or SQL on the view the monitor's README documents.
 */
public final class JdbcRecordStore implements QosRecordStore {

  /**
   * The settings {@link #DEFAULT_JDBC_URL} gives H2, and that any log's own H2 file inside a
   * service's JVM should have.
   *
   * <ul>
   *   <li>{@code WRITE_DELAY=0}: H2 writes the pages a transaction changed to its file when the
   *       transaction commits, instead of keeping them in the heap for up to its default 500 ms (or
   *       until they fill 3/4 of a buffer that grows with the heap, 16 MB for a 256 MB heap). The
   *       log commits a batch at a time, so the rows of a batch die young; kept for half a second,
   *       they were copied by the service's young collections and partly tenured. A stored batch is
   *       then also in the file (though not synced to the disk) when the write returns.
   *   <li>{@code CACHE_SIZE=1024}: a page cache of 1 MB instead of H2's default of 16 MB. The log
   *       writes and hardly reads, and H2 caches the pages it writes, so a large cache fills the
   *       service's old generation with pages nobody reads again. Queries in the same JVM pay for
   *       it by reading more from the file; a report in a process of its own opens the database
   *       with its own URL and cache.
   * </ul>
   */
  public static final String H2_LOG_SETTINGS = ";CACHE_SIZE=1024;WRITE_DELAY=0";

  /**
   * Default JDBC URL: an H2 database in the file {@code ./wsqos-monitor.mv.db}, with {@link
   * #H2_LOG_SETTINGS}.
   */
  public static final String DEFAULT_JDBC_URL = "jdbc:h2:file:./wsqos-monitor" + H2_LOG_SETTINGS;

  /** Flyway's history table for the monitor, apart from other modules' migrations. */
  public static final String HISTORY_TABLE = RecordStore.HISTORY_TABLE;

  /** Default name of the pool a store built from a URL owns (also its threads' name prefix). */
  public static final String DEFAULT_POOL_NAME = "wsqos-monitor-pool";

  /**
   * Default longest wait for a connection from the pool a store built from a URL owns: also how
   * long one write attempt waits while the database is unreachable, before the log's retry takes
   * over.
   */
  public static final Duration DEFAULT_CONNECTION_TIMEOUT = JdbcPool.DEFAULT_CONNECTION_TIMEOUT;

  /** Shortest connection timeout accepted (HikariCP's own least). */
  public static final Duration MIN_CONNECTION_TIMEOUT = JdbcPool.MIN_CONNECTION_TIMEOUT;

  /** Longest connection timeout accepted. */
  public static final Duration MAX_CONNECTION_TIMEOUT = JdbcPool.MAX_CONNECTION_TIMEOUT;

  /**
   * Default longest run of one statement of the pool a store built from a URL owns: a batch's write
   * takes milliseconds, so a write that runs this long is stuck, and failing it hands the batch to
   * the log's retry.
   */
  public static final Duration DEFAULT_STATEMENT_TIMEOUT = JdbcPool.DEFAULT_STATEMENT_TIMEOUT;

  /**
   * Default longest wait of one statement for a lock, in the pool a store built from a URL owns.
   */
  public static final Duration DEFAULT_LOCK_TIMEOUT = JdbcPool.DEFAULT_LOCK_TIMEOUT;

  /** Returns a builder for a store in {@link #DEFAULT_JDBC_URL}. */
  public static Builder builder() {
    return new Builder();
  }

  private final RecordStore tables;
  private final HikariDataSource ownedPool;
  private final String description;

  private JdbcRecordStore(RecordStore tables, HikariDataSource ownedPool, String description) {
    this.tables = tables;
    this.ownedPool = ownedPool;
    this.description = description;
  }

  /** Writes {@code batch} in one transaction, or throws having written none of it. */
  @Override
  public void write(List<QosRecord> batch) throws SQLException {
    tables.insert(batch);
  }

  /** Closes the pool the store created from a URL; a data source given to it stays open. */
  @Override
  public void close() {
    if (ownedPool != null) {
      ownedPool.close();
    }
  }

  @Override
  public String toString() {
    return "JdbcRecordStore[" + description + "]";
  }

  /**
   * Configures a {@link JdbcRecordStore}: either a JDBC URL (the store then owns a pool) or a
   * {@link DataSource} the caller owns; the one set last is used.
   */
  public static final class Builder {
    // The log's writer is the only user; a second connection lets Flyway or a check run alongside.
    private final JdbcPool.Builder pool =
        JdbcPool.builder(DEFAULT_JDBC_URL).poolName(DEFAULT_POOL_NAME).maxPoolSize(2).minIdle(1);
    private DataSource dataSource;
    private boolean migrate = true;

    private Builder() {}

    /**
     * The database, default {@link #DEFAULT_JDBC_URL}; e.g. {@code
     * jdbc:h2:mem:qos;DB_CLOSE_DELAY=-1} in tests or {@code jdbc:postgresql://db:5432/qos} (add the
     * PostgreSQL driver). For an H2 file of the log's own, append {@link #H2_LOG_SETTINGS}.
     *
     * <p>An H2 URL that does not set {@code DB_CLOSE_ON_EXIT} gets {@code DB_CLOSE_ON_EXIT=FALSE}:
     * H2's own shutdown hook would otherwise close the database at JVM exit while the log, often
     * closed from a shutdown hook itself, still writes its queue, and those records would be lost.
     * The database then closes when the store closes its pool. An H2 file URL that does not set
     * {@code WRITE_DELAY} gets {@code WRITE_DELAY=0} ({@link JdbcPool#effectiveUrl}).
     *
     * @throws IllegalArgumentException if {@code jdbcUrl} does not start with {@code jdbc:}
     */
    public Builder url(String jdbcUrl, String user, String password) {
      pool.url(jdbcUrl).credentials(user, password);
      dataSource = null;
      return this;
    }

    /**
     * A data source the caller owns and closes after the store. For an H2 database, give its URL
     * {@code DB_CLOSE_ON_EXIT=FALSE} (see {@link #url}).
     */
    public Builder dataSource(DataSource dataSource) {
      this.dataSource = requireNonNull(dataSource, "dataSource");
      return this;
    }

    /**
     * Name of the pool a store built from a URL creates, default {@value #DEFAULT_POOL_NAME}; its
     * threads are named after it.
     */
    public Builder poolName(String poolName) {
      pool.poolName(poolName);
      return this;
    }

    /**
     * Longest wait of the pool a store built from a URL owns for a connection, default {@link
     * #DEFAULT_CONNECTION_TIMEOUT}, {@link #MIN_CONNECTION_TIMEOUT}..{@link
     * #MAX_CONNECTION_TIMEOUT}: how long one write attempt waits while the database is unreachable.
     */
    public Builder connectionTimeout(Duration timeout) {
      pool.connectionTimeout(timeout);
      return this;
    }

    /**
     * Longest run of one statement in the pool a store built from a URL owns, default {@link
     * #DEFAULT_STATEMENT_TIMEOUT}, {@link JdbcPool#MIN_STATEMENT_TIMEOUT}..{@link
     * JdbcPool#MAX_STATEMENT_TIMEOUT}: a write that runs longer fails and the log retries it.
     */
    public Builder statementTimeout(Duration timeout) {
      pool.statementTimeout(timeout);
      return this;
    }

    /**
     * Longest wait of one statement for a lock in the pool a store built from a URL owns, default
     * {@link #DEFAULT_LOCK_TIMEOUT}, {@link JdbcPool#MIN_LOCK_TIMEOUT} up to the statement timeout.
     */
    public Builder lockTimeout(Duration timeout) {
      pool.lockTimeout(timeout);
      return this;
    }

    /** Whether to create or upgrade the tables with Flyway when built, default true. */
    public Builder migrate(boolean migrate) {
      this.migrate = migrate;
      return this;
    }

    /**
     * Connects (creating the pool if given a URL) and migrates the tables.
     *
     * @throws RuntimeException if the database cannot be reached or migrated; a pool created for it
     *     is closed again
     */
    public JdbcRecordStore build() {
      if (dataSource != null) {
        return new JdbcRecordStore(tables(dataSource), null, dataSource.toString());
      }
      HikariDataSource owned = pool.build();
      try {
        return new JdbcRecordStore(tables(owned), owned, owned.getPoolName());
      } catch (RuntimeException e) {
        owned.close();
        throw e;
      }
    }

    private RecordStore tables(DataSource dataSource) {
      RecordStore tables = new RecordStore(dataSource);
      if (migrate) {
        tables.migrate();
      }
      return tables;
    }
  }
}

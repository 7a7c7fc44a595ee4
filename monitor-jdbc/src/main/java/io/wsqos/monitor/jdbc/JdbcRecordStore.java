package io.wsqos.monitor.jdbc;

import static java.util.Objects.requireNonNull;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.SQLExceptionOverride;
import io.wsqos.monitor.QosRecord;
import io.wsqos.monitor.QosRecordStore;
import io.wsqos.monitor.jdbc.internal.RecordStore;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import javax.sql.DataSource;

/**
 * The monitor's tables in a relational database (H2 or PostgreSQL) as a {@link QosRecordStore}:
 * give it to {@code QosLog.builder(registry).store(...)}. It creates or upgrades the tables with
 * Flyway when built (history table {@value #HISTORY_TABLE}), writes each batch in one transaction
 * (all records or none), and, when built from a JDBC URL, owns a small HikariCP pool that {@link
 * #close()} closes.
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
  public static final Duration DEFAULT_CONNECTION_TIMEOUT = Duration.ofSeconds(2);

  /** Shortest connection timeout accepted (HikariCP's own least). */
  public static final Duration MIN_CONNECTION_TIMEOUT = Duration.ofMillis(250);

  /** Longest connection timeout accepted. */
  public static final Duration MAX_CONNECTION_TIMEOUT = Duration.ofMinutes(1);

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
    private String jdbcUrl = DEFAULT_JDBC_URL;
    private String user = "";
    private String password = "";
    private DataSource dataSource;
    private String poolName = DEFAULT_POOL_NAME;
    private Duration connectionTimeout = DEFAULT_CONNECTION_TIMEOUT;
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
     * The database then closes when the store closes its pool.
     *
     * @throws IllegalArgumentException if {@code jdbcUrl} does not start with {@code jdbc:}
     */
    public Builder url(String jdbcUrl, String user, String password) {
      requireNonNull(jdbcUrl, "jdbcUrl");
      if (!jdbcUrl.startsWith("jdbc:")) {
        throw new IllegalArgumentException("jdbcUrl: '" + jdbcUrl + "' (expected: jdbc:...)");
      }
      this.jdbcUrl = jdbcUrl;
      this.user = requireNonNull(user, "user");
      this.password = requireNonNull(password, "password");
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
      requireNonNull(poolName, "poolName");
      if (poolName.isBlank()) {
        throw new IllegalArgumentException("poolName: '" + poolName + "' (expected: not blank)");
      }
      this.poolName = poolName;
      return this;
    }

    /**
     * Longest wait of the pool a store built from a URL owns for a connection, default {@link
     * #DEFAULT_CONNECTION_TIMEOUT}, {@link #MIN_CONNECTION_TIMEOUT}..{@link
     * #MAX_CONNECTION_TIMEOUT}: how long one write attempt waits while the database is unreachable.
     */
    public Builder connectionTimeout(Duration timeout) {
      requireNonNull(timeout, "connectionTimeout");
      if (timeout.compareTo(MIN_CONNECTION_TIMEOUT) < 0
          || timeout.compareTo(MAX_CONNECTION_TIMEOUT) > 0) {
        throw new IllegalArgumentException(
            "connectionTimeout: "
                + timeout.toMillis()
                + " ms (expected: "
                + MIN_CONNECTION_TIMEOUT.toMillis()
                + ".."
                + MAX_CONNECTION_TIMEOUT.toMillis()
                + " ms)");
      }
      this.connectionTimeout = timeout;
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
      HikariConfig config = new HikariConfig();
      config.setJdbcUrl(openUntilPoolCloses(jdbcUrl));
      config.setUsername(user);
      config.setPassword(password);
      // The log's writer is the only user; a second connection lets Flyway or a check run
      // alongside.
      config.setMaximumPoolSize(2);
      config.setMinimumIdle(1);
      config.setPoolName(poolName);
      config.setConnectionTimeout(connectionTimeout.toMillis());
      config.setValidationTimeout(Math.min(connectionTimeout.toMillis(), 5_000));
      config.setExceptionOverride(new EvictBrokenConnections());
      HikariDataSource pool = new HikariDataSource(config);
      try {
        return new JdbcRecordStore(tables(pool), pool, poolName);
      } catch (RuntimeException e) {
        pool.close();
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

  /**
   * Hikari evicts a connection whose error has an SQL state of class 08; H2's client reports a
   * broken connection with states of its own (90067, then 90098), and Hikari would hand the dead
   * connection out again until it had been idle for half a second, long enough for the log's quick
   * first retries to fail on it after the database is back.
   */
  static final class EvictBrokenConnections implements SQLExceptionOverride {
    @java.lang.Override // Override alone names SQLExceptionOverride's nested enum here.
    public SQLExceptionOverride.Override adjudicate(SQLException e) {
      return e instanceof SQLNonTransientConnectionException
          ? SQLExceptionOverride.Override.MUST_EVICT
          : SQLExceptionOverride.Override.CONTINUE_EVICT;
    }
  }

  /**
   * {@code url} with {@code ;DB_CLOSE_ON_EXIT=FALSE} appended if it is an H2 URL without that
   * setting; any other URL as it is.
   */
  static String openUntilPoolCloses(String url) {
    if (!url.regionMatches(true, 0, "jdbc:h2:", 0, "jdbc:h2:".length())
        || url.toUpperCase(Locale.ROOT).contains(";DB_CLOSE_ON_EXIT=")) {
      return url;
    }
    return url + ";DB_CLOSE_ON_EXIT=FALSE";
  }
}

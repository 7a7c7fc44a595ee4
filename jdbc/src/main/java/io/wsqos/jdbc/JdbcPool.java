package io.wsqos.jdbc;

import static java.util.Objects.requireNonNull;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.SQLExceptionOverride;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * Builds every HikariCP pool of the project, so that each gets the same H2 settings, bounded
 * statement and lock waits on H2 and PostgreSQL, and the eviction of broken H2 connections. The
 * pool it returns is the caller's to close.
 */
public final class JdbcPool {

  /** Default longest wait for a connection from the pool. */
  public static final Duration DEFAULT_CONNECTION_TIMEOUT = Duration.ofSeconds(2);

  /** Shortest connection timeout accepted (HikariCP's own least). */
  public static final Duration MIN_CONNECTION_TIMEOUT = Duration.ofMillis(250);

  /** Longest connection timeout accepted. */
  public static final Duration MAX_CONNECTION_TIMEOUT = Duration.ofMinutes(1);

  /**
   * Default longest run of one statement before the database cancels it: far above what any query
   * of a request path takes, and low enough that a hung database hands the connection back within
   * half a minute. Reports and analyses over large logs set more.
   */
  public static final Duration DEFAULT_STATEMENT_TIMEOUT = Duration.ofSeconds(30);

  /** Shortest statement timeout accepted. */
  public static final Duration MIN_STATEMENT_TIMEOUT = Duration.ofMillis(100);

  /** Longest statement timeout accepted. */
  public static final Duration MAX_STATEMENT_TIMEOUT = Duration.ofHours(24);

  /**
   * Default longest wait of one statement for a lock another transaction holds: the project's
   * transactions hold their locks for milliseconds, so a wait this long means a stuck holder.
   */
  public static final Duration DEFAULT_LOCK_TIMEOUT = Duration.ofSeconds(5);

  /** Shortest lock timeout accepted. */
  public static final Duration MIN_LOCK_TIMEOUT = Duration.ofMillis(10);

  /** Default most connections. */
  public static final int DEFAULT_MAX_POOL_SIZE = 2;

  /** Most connections accepted. */
  public static final int MAX_POOL_SIZE = 100;

  private static final java.util.regex.Pattern PASSWORD_PROPERTY =
      java.util.regex.Pattern.compile("(?i)((?:password|pwd)=)[^&;]*");
  private static final java.util.regex.Pattern USER_INFO_PASSWORD =
      java.util.regex.Pattern.compile("(//[^/:@?;]*:)[^/@?;]*@");

  /**
   * {@code jdbcUrl} with the passwords it carries shown as {@code ***}: the values of {@code
   * password=} and {@code pwd=} properties, and the password of {@code //user:password@host}.
   */
  public static String redacted(String jdbcUrl) {
    requireNonNull(jdbcUrl, "jdbcUrl");
    String shown = PASSWORD_PROPERTY.matcher(jdbcUrl).replaceAll("$1***");
    return USER_INFO_PASSWORD.matcher(shown).replaceAll("$1***@");
  }

  /** Default least idle connections kept open. */
  public static final int DEFAULT_MIN_IDLE = 1;

  /**
   * Seconds added to the statement timeout for PostgreSQL's {@code socketTimeout}: the server
   * cancels a statement at the statement timeout, so the socket's own bound only ends a wait on a
   * server or network that stopped answering altogether.
   */
  static final int SOCKET_TIMEOUT_MARGIN_SECONDS = 5;

  /** H2 URL kinds after {@code jdbc:h2:} that are not a file this process opens. */
  private static final List<String> NOT_A_LOCAL_FILE = List.of("MEM:", "TCP:", "SSL:", "ZIP:");

  private JdbcPool() {}

  /**
   * Fails, naming the artifact to add, when no JDBC driver on the class path accepts {@code
   * jdbcUrl}: the PostgreSQL driver is an optional dependency of the modules that can use it, so
   * its absence must be said when a PostgreSQL URL is given, not as HikariCP's generic error.
   */
  static void requireDriver(String jdbcUrl) {
    try {
      java.sql.DriverManager.getDriver(jdbcUrl);
    } catch (java.sql.SQLException e) {
      String hint =
          switch (Database.ofUrl(jdbcUrl)) {
            case POSTGRESQL -> "add org.postgresql:postgresql to the application";
            case H2 -> "add com.h2database:h2 to the application";
            case OTHER -> "add the database's JDBC driver to the application";
          };
      throw new IllegalStateException(
          "no JDBC driver on the class path accepts " + redacted(jdbcUrl) + ": " + hint, e);
    }
  }

  /**
   * Returns a builder of a pool for {@code jdbcUrl}, e.g. {@code jdbc:h2:file:./data/app} or {@code
   * jdbc:postgresql://db:5432/app}.
   *
   * @throws IllegalArgumentException if {@code jdbcUrl} does not start with {@code jdbc:}
   */
  public static Builder builder(String jdbcUrl) {
    return new Builder(checkUrl(jdbcUrl));
  }

  /**
   * Returns {@code jdbcUrl} if it starts with {@code jdbc:}.
   *
   * @throws IllegalArgumentException if it does not
   */
  public static String checkUrl(String jdbcUrl) {
    requireNonNull(jdbcUrl, "jdbcUrl");
    if (!jdbcUrl.startsWith("jdbc:")) {
      throw new IllegalArgumentException("jdbcUrl: '" + jdbcUrl + "' (expected: jdbc:...)");
    }
    return jdbcUrl;
  }

  /**
   * Configures a pool. Every setting has a default; {@link #build()} connects unless told to wait
   * for the first call.
   */
  public static final class Builder {
    private String jdbcUrl;
    private String user = "";
    private String password = "";
    private String poolName = "wsqos-pool";
    private int maxPoolSize = DEFAULT_MAX_POOL_SIZE;
    private int minIdle = DEFAULT_MIN_IDLE;
    private Duration connectionTimeout = DEFAULT_CONNECTION_TIMEOUT;
    private Duration statementTimeout = DEFAULT_STATEMENT_TIMEOUT;
    private Duration lockTimeout = DEFAULT_LOCK_TIMEOUT;
    private boolean readOnly;
    private boolean connectAtFirstUse;
    private String initSql = "";

    private Builder(String jdbcUrl) {
      this.jdbcUrl = jdbcUrl;
    }

    /**
     * Another database than the one the builder was made for.
     *
     * @throws IllegalArgumentException if {@code jdbcUrl} does not start with {@code jdbc:}
     */
    public Builder url(String jdbcUrl) {
      this.jdbcUrl = checkUrl(jdbcUrl);
      return this;
    }

    /** The database the pool will open, as given (see {@link JdbcPool#effectiveUrl}). */
    public String url() {
      return jdbcUrl;
    }

    /**
     * {@link #url()} fit for a message or a log: a password written into the URL (a {@code
     * password=} or {@code pwd=} property, or {@code //user:password@host}) is shown as {@code
     * ***}.
     */
    public String shownUrl() {
      return redacted(jdbcUrl);
    }

    /** The user and password to connect as, default empty. */
    public Builder credentials(String user, String password) {
      this.user = requireNonNull(user, "user");
      this.password = requireNonNull(password, "password");
      return this;
    }

    /** Name of the pool, default {@code wsqos-pool}; its threads are named after it. */
    public Builder poolName(String poolName) {
      requireNonNull(poolName, "poolName");
      if (poolName.isBlank()) {
        throw new IllegalArgumentException("poolName: '" + poolName + "' (expected: not blank)");
      }
      this.poolName = poolName;
      return this;
    }

    /**
     * The most connections, {@code 1..}{@value #MAX_POOL_SIZE}, default {@value
     * #DEFAULT_MAX_POOL_SIZE}.
     */
    public Builder maxPoolSize(int maxPoolSize) {
      if (maxPoolSize < 1 || maxPoolSize > MAX_POOL_SIZE) {
        throw new IllegalArgumentException(
            "maxPoolSize: " + maxPoolSize + " (expected: 1.." + MAX_POOL_SIZE + ")");
      }
      this.maxPoolSize = maxPoolSize;
      return this;
    }

    /**
     * The least idle connections kept open, {@code 0..maxPoolSize}, default {@value
     * #DEFAULT_MIN_IDLE} (capped at the pool's size).
     */
    public Builder minIdle(int minIdle) {
      if (minIdle < 0 || minIdle > MAX_POOL_SIZE) {
        throw new IllegalArgumentException(
            "minIdle: " + minIdle + " (expected: 0.." + MAX_POOL_SIZE + ")");
      }
      this.minIdle = minIdle;
      return this;
    }

    /**
     * Longest wait for a connection, {@link #MIN_CONNECTION_TIMEOUT}..{@link
     * #MAX_CONNECTION_TIMEOUT}, default {@link #DEFAULT_CONNECTION_TIMEOUT}: also how long a call
     * waits while the database is unreachable.
     */
    public Builder connectionTimeout(Duration timeout) {
      this.connectionTimeout =
          check("connectionTimeout", timeout, MIN_CONNECTION_TIMEOUT, MAX_CONNECTION_TIMEOUT);
      return this;
    }

    /**
     * Longest run of one statement before the database cancels it with an error, {@link
     * #MIN_STATEMENT_TIMEOUT}..{@link #MAX_STATEMENT_TIMEOUT}, default {@link
     * #DEFAULT_STATEMENT_TIMEOUT}. Set on every connection of an H2 or PostgreSQL database (H2's
     * {@code QUERY_TIMEOUT}, PostgreSQL's {@code statement_timeout}, whose {@code socketTimeout}
     * also becomes this plus a few seconds unless the URL sets it); migrations run without it.
     */
    public Builder statementTimeout(Duration timeout) {
      this.statementTimeout =
          check("statementTimeout", timeout, MIN_STATEMENT_TIMEOUT, MAX_STATEMENT_TIMEOUT);
      return this;
    }

    /**
     * Longest wait of one statement for a lock another transaction holds, {@link #MIN_LOCK_TIMEOUT}
     * up to the statement timeout, default {@link #DEFAULT_LOCK_TIMEOUT}: H2's {@code
     * LOCK_TIMEOUT}, PostgreSQL's {@code lock_timeout}. The statement then fails, and the caller's
     * transaction with it, instead of holding its connection for as long as the lock is held.
     */
    public Builder lockTimeout(Duration timeout) {
      this.lockTimeout = check("lockTimeout", timeout, MIN_LOCK_TIMEOUT, MAX_STATEMENT_TIMEOUT);
      return this;
    }

    /** Whether every connection is read-only, default false. */
    public Builder readOnly(boolean readOnly) {
      this.readOnly = readOnly;
      return this;
    }

    /**
     * Whether {@link #build()} returns without connecting, default false: the pool then connects
     * when first asked, for a reader of a database another component creates.
     */
    public Builder connectAtFirstUse(boolean connectAtFirstUse) {
      this.connectAtFirstUse = connectAtFirstUse;
      return this;
    }

    /**
     * SQL run on each new connection after the timeouts are set, default none; e.g. PostgreSQL's
     * {@code SET application_name = 'x'}, which wins over the URL's {@code ApplicationName}.
     */
    public Builder initSql(String initSql) {
      this.initSql = requireNonNull(initSql, "initSql");
      return this;
    }

    /**
     * The pool, connected (unless {@link #connectAtFirstUse}): the URL as {@link
     * JdbcPool#effectiveUrl} gives it, the timeouts set on every connection, and connections that
     * failed as broken ({@link SQLNonTransientConnectionException}, which H2 reports with states
     * HikariCP does not know) evicted at once.
     *
     * @throws IllegalArgumentException if the lock timeout exceeds the statement timeout
     * @throws RuntimeException if the pool cannot connect (HikariCP's exception)
     */
    public HikariDataSource build() {
      if (lockTimeout.compareTo(statementTimeout) > 0) {
        throw new IllegalArgumentException(
            "lockTimeout: "
                + lockTimeout.toMillis()
                + " ms (expected: at most the statementTimeout, "
                + statementTimeout.toMillis()
                + " ms)");
      }
      requireDriver(jdbcUrl);
      HikariConfig config = new HikariConfig();
      config.setJdbcUrl(effectiveUrl(jdbcUrl));
      config.setUsername(user);
      config.setPassword(password);
      config.setPoolName(poolName);
      config.setMaximumPoolSize(maxPoolSize);
      config.setMinimumIdle(Math.min(minIdle, maxPoolSize));
      config.setConnectionTimeout(connectionTimeout.toMillis());
      config.setValidationTimeout(Math.min(connectionTimeout.toMillis(), 1_000));
      config.setReadOnly(readOnly);
      config.setExceptionOverride(new EvictBrokenConnections());
      Database database = Database.ofUrl(jdbcUrl);
      if (database == Database.POSTGRESQL) {
        long seconds = (statementTimeout.toMillis() + 999) / 1_000 + SOCKET_TIMEOUT_MARGIN_SECONDS;
        config.addDataSourceProperty("socketTimeout", Long.toString(seconds));
      }
      String sql = join(timeoutSql(database, statementTimeout, lockTimeout), initSql);
      if (!sql.isEmpty()) {
        config.setConnectionInitSql(sql);
      }
      if (connectAtFirstUse) {
        config.setInitializationFailTimeout(-1);
      }
      return new HikariDataSource(config);
    }

    private static Duration check(String name, Duration value, Duration min, Duration max) {
      requireNonNull(value, name);
      if (value.compareTo(min) < 0 || value.compareTo(max) > 0) {
        throw new IllegalArgumentException(
            name
                + ": "
                + value.toMillis()
                + " ms (expected: "
                + min.toMillis()
                + ".."
                + max.toMillis()
                + " ms)");
      }
      return value;
    }
  }

  /**
   * The statements that set {@code statement} and {@code lock} timeouts on a connection to {@code
   * database}, separated by {@code ;}; empty for a database other than H2 and PostgreSQL.
   */
  static String timeoutSql(Database database, Duration statement, Duration lock) {
    return switch (database) {
      case H2 ->
          "SET QUERY_TIMEOUT " + statement.toMillis() + "; SET LOCK_TIMEOUT " + lock.toMillis();
      case POSTGRESQL ->
          "SET statement_timeout = "
              + statement.toMillis()
              + "; SET lock_timeout = "
              + lock.toMillis();
      case OTHER -> "";
    };
  }

  private static String join(String first, String second) {
    if (first.isEmpty() || second.isEmpty()) {
      return first + second;
    }
    return first + "; " + second;
  }

  /**
   * {@code jdbcUrl} as the pool opens it. An H2 URL that does not set {@code DB_CLOSE_ON_EXIT} gets
   * {@code DB_CLOSE_ON_EXIT=FALSE}: H2's own shutdown hook would otherwise close the database at
   * JVM exit under a write still in progress (a log flushed from a shutdown hook, a broker's last
   * write); it closes with the pool instead. An H2 URL of a file this process opens ({@code
   * jdbc:h2:file:} or {@code jdbc:h2:} and a path) that does not set {@code WRITE_DELAY} gets
   * {@code WRITE_DELAY=0}: H2 otherwise writes a commit to its file up to half a second later, and
   * a process killed meanwhile loses writes it had acknowledged. Any other URL as it is.
   */
  public static String effectiveUrl(String jdbcUrl) {
    return commitsReachTheFile(openUntilPoolCloses(requireNonNull(jdbcUrl, "jdbcUrl")));
  }

  static String openUntilPoolCloses(String url) {
    if (Database.ofUrl(url) != Database.H2
        || url.toUpperCase(Locale.ROOT).contains(";DB_CLOSE_ON_EXIT=")) {
      return url;
    }
    return url + ";DB_CLOSE_ON_EXIT=FALSE";
  }

  static String commitsReachTheFile(String url) {
    String upper = url.toUpperCase(Locale.ROOT);
    if (Database.ofUrl(url) != Database.H2
        || upper.contains(";WRITE_DELAY=")
        || NOT_A_LOCAL_FILE.stream().anyMatch(prefix -> upper.startsWith(prefix, 8))) {
      return url;
    }
    return url + ";WRITE_DELAY=0";
  }

  /**
   * HikariCP evicts a connection whose error has an SQL state of class 08; H2's client reports a
   * broken connection with states of its own (90067, then 90098), and HikariCP would hand the dead
   * connection out again until it had been idle for half a second, long enough for a caller's quick
   * retries to fail on it after the database is back.
   */
  static final class EvictBrokenConnections implements SQLExceptionOverride {
    @java.lang.Override // Override alone names SQLExceptionOverride's nested enum here.
    public SQLExceptionOverride.Override adjudicate(SQLException e) {
      return e instanceof SQLNonTransientConnectionException
          ? SQLExceptionOverride.Override.MUST_EVICT
          : SQLExceptionOverride.Override.CONTINUE_EVICT;
    }
  }
}

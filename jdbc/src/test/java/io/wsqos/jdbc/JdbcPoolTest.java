package io.wsqos.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import com.zaxxer.hikari.HikariDataSource;
import io.wsqos.testing.db.TestDatabase;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class JdbcPoolTest {

  /** Only catches a hang: every wait under test is a fraction of it. */
  private static final Duration HANG = Duration.ofSeconds(30);

  @Test
  void migrationsRunInADatabaseThatAlreadyHoldsTheApplicationsTables() throws Exception {
    try (HikariDataSource pool =
        JdbcPool.builder("jdbc:h2:mem:jdbc-migrations-shared;DB_CLOSE_DELAY=-1").build()) {
      try (Connection connection = pool.getConnection()) {
        connection.createStatement().execute("CREATE TABLE application_table (id INT)");
      }

      JdbcMigrations.migrate(pool, "classpath:db/migration/jdbc-test", "jdbc_test_history");

      assertThat(insertItem(pool, "shared")).isPositive();
    }
  }

  @Test
  void aUrlNoDriverOnTheClassPathAcceptsIsRefusedNamingWhatToAdd() {
    assertThatThrownBy(() -> JdbcPool.builder("jdbc:nosuchdb://db/app;password=secret").build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(
            "no JDBC driver on the class path accepts jdbc:nosuchdb://db/app;password=***: add the"
                + " database's JDBC driver to the application");
  }

  @ParameterizedTest
  @EnumSource(TestDatabase.Kind.class)
  void aStatementWaitingForALockFailsAtTheLockTimeoutAndThePoolGoesOn(TestDatabase.Kind kind)
      throws Exception {
    try (TestDatabase database = migrated(kind);
        HikariDataSource pool =
            pool(database)
                .lockTimeout(Duration.ofMillis(300))
                .statementTimeout(Duration.ofSeconds(20))
                .build();
        Connection holder = database.connect()) {
      long id = insertItem(pool, "locked");
      holder.setAutoCommit(false);
      Jdbc.update(holder, "UPDATE jdbc_test_item SET name = 'holder' WHERE id = ?", id);

      SQLException refused =
          assertTimeoutPreemptively(
              HANG,
              () ->
                  catchSql(
                      () ->
                          update(
                              pool, "UPDATE jdbc_test_item SET name = 'pool' WHERE id = ?", id)));

      assertThat(refused.getSQLState())
          .as(refused.toString())
          .isEqualTo(kind == TestDatabase.Kind.H2 ? "HYT00" : "55P03");
      holder.rollback();
      assertThat(update(pool, "UPDATE jdbc_test_item SET name = 'pool' WHERE id = ?", id))
          .isEqualTo(1);
    }
  }

  @ParameterizedTest
  @EnumSource(TestDatabase.Kind.class)
  void everyConnectionCarriesTheTimeoutsItWasBuiltWith(TestDatabase.Kind kind) throws Exception {
    try (TestDatabase database = TestDatabase.of(kind);
        HikariDataSource pool =
            pool(database)
                .maxPoolSize(3)
                .minIdle(3)
                .lockTimeout(Duration.ofMillis(1_500))
                .statementTimeout(Duration.ofMillis(7_000))
                .build()) {
      for (int i = 0; i < 3; i++) {
        try (Connection c = pool.getConnection()) {
          assertThat(settings(kind, c)).containsExactly("1500", "7000");
        }
      }
    }
  }

  @ParameterizedTest
  @EnumSource(TestDatabase.Kind.class)
  void aStatementRunningPastTheStatementTimeoutIsCancelled(TestDatabase.Kind kind)
      throws Exception {
    String slow =
        kind == TestDatabase.Kind.H2
            ? "SELECT SUM(X * X) FROM SYSTEM_RANGE(1, 10000000000)"
            : "SELECT pg_sleep(20)";
    try (TestDatabase database = TestDatabase.of(kind);
        HikariDataSource pool =
            pool(database)
                .lockTimeout(Duration.ofMillis(100))
                .statementTimeout(Duration.ofMillis(300))
                .build()) {

      SQLException cancelled =
          assertTimeoutPreemptively(HANG, () -> catchSql(() -> Jdbc.queryLong(pool, slow)));

      assertThat(cancelled.getSQLState()).as(cancelled.toString()).isEqualTo("57014");
      assertThat(Jdbc.queryLong(pool, "SELECT 1")).isEqualTo(1);
    }
  }

  @Test
  void aMigrationRunsWithoutTheStatementTimeoutWhileThePoolKeepsIt() throws Exception {
    try (TestDatabase database = TestDatabase.postgres();
        HikariDataSource pool =
            pool(database)
                .lockTimeout(Duration.ofMillis(100))
                .statementTimeout(Duration.ofMillis(200))
                .build()) {

      JdbcMigrations.migrate(pool, "classpath:db/migration/jdbc-test-slow", "jdbc_test_history");

      assertThat(Jdbc.queryLong(pool, "SELECT COUNT(*) FROM jdbc_test_slow")).isZero();
      try (Connection c = pool.getConnection()) {
        assertThat(settings(TestDatabase.Kind.POSTGRES, c)).containsExactly("100", "200");
      }
    }
  }

  @Test
  void anInMemoryH2DatabaseOnlyThePoolKeepsOpenKeepsItsTablesAfterMigrating() throws Exception {
    try (HikariDataSource pool =
        JdbcPool.builder("jdbc:h2:mem:jdbc-test-" + System.nanoTime())
            .poolName("jdbc-test")
            .statementTimeout(Duration.ofMillis(500))
            .lockTimeout(Duration.ofMillis(100))
            .build()) {

      JdbcMigrations.migrate(pool, "classpath:db/migration/jdbc-test", "jdbc_test_history");

      assertThat(insertItem(pool, "kept")).isPositive();
      try (Connection c = pool.getConnection()) {
        assertThat(settings(TestDatabase.Kind.H2, c)).containsExactly("100", "500");
      }
    }
  }

  @ParameterizedTest
  @EnumSource(TestDatabase.Kind.class)
  void migrationsRunOnceAndTheRowHelpersRoundTrip(TestDatabase.Kind kind) throws Exception {
    try (TestDatabase database = TestDatabase.of(kind);
        HikariDataSource pool = pool(database).build()) {
      JdbcMigrations.migrate(pool, "classpath:db/migration/jdbc-test", "jdbc_test_history");
      JdbcMigrations.migrate(
          pool, List.of("classpath:db/migration/jdbc-test"), "jdbc_test_history");

      long first = insertItem(pool, "a'; DROP TABLE jdbc_test_item; --");
      long second = insertItem(pool, null);

      assertThat(second).isGreaterThan(first);
      assertThat(
              Jdbc.queryLong(
                  pool,
                  "SELECT COUNT(*) FROM jdbc_test_item WHERE name = ?",
                  "a'; DROP TABLE jdbc_test_item; --"))
          .isEqualTo(1);
      assertThat(Jdbc.queryLong(pool, "SELECT COUNT(*) FROM jdbc_test_item WHERE name IS NULL"))
          .isEqualTo(1);
      assertThatThrownBy(() -> Jdbc.queryLong(pool, "SELECT id FROM jdbc_test_item WHERE id < 0"))
          .isInstanceOf(SQLException.class)
          .hasMessageContaining("no row");
      try (Connection c = pool.getConnection()) {
        assertThat(Database.of(c))
            .isEqualTo(kind == TestDatabase.Kind.H2 ? Database.H2 : Database.POSTGRESQL);
        assertThatThrownBy(() -> Jdbc.bind(c.prepareStatement("SELECT ?"), Duration.ZERO))
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessage(
                "parameter 1: java.time.Duration (expected: Long, Integer, String or null)");
      }
    }
  }

  @Test
  void badSettingsAreRefusedNamingTheSettingAndTheRange() {
    JdbcPool.Builder builder = JdbcPool.builder("jdbc:h2:mem:unused");

    assertThatThrownBy(() -> JdbcPool.builder("h2:mem:x"))
        .hasMessage("jdbcUrl: 'h2:mem:x' (expected: jdbc:...)");
    assertThatThrownBy(() -> builder.statementTimeout(Duration.ofMillis(99)))
        .hasMessage("statementTimeout: 99 ms (expected: 100..86400000 ms)");
    assertThatThrownBy(() -> builder.lockTimeout(Duration.ZERO))
        .hasMessage("lockTimeout: 0 ms (expected: 10..86400000 ms)");
    assertThatThrownBy(() -> builder.connectionTimeout(Duration.ofMinutes(2)))
        .hasMessage("connectionTimeout: 120000 ms (expected: 250..60000 ms)");
    assertThatThrownBy(() -> builder.maxPoolSize(0))
        .hasMessage("maxPoolSize: 0 (expected: 1..100)");
    assertThatThrownBy(() -> builder.poolName(" "))
        .hasMessage("poolName: ' ' (expected: not blank)");
    assertThatThrownBy(
            () ->
                builder
                    .statementTimeout(Duration.ofSeconds(1))
                    .lockTimeout(Duration.ofSeconds(2))
                    .build())
        .hasMessage("lockTimeout: 2000 ms (expected: at most the statementTimeout, 1000 ms)");
  }

  @Test
  void onlyH2UrlsWithoutTheSettingsAreChanged() {
    assertThat(JdbcPool.effectiveUrl("jdbc:h2:file:./data/broker"))
        .isEqualTo("jdbc:h2:file:./data/broker;DB_CLOSE_ON_EXIT=FALSE;WRITE_DELAY=0");
    assertThat(JdbcPool.effectiveUrl("JDBC:H2:./broker;MODE=PostgreSQL"))
        .isEqualTo("JDBC:H2:./broker;MODE=PostgreSQL;DB_CLOSE_ON_EXIT=FALSE;WRITE_DELAY=0");
    assertThat(JdbcPool.effectiveUrl("jdbc:h2:file:/b;write_delay=100;db_close_on_exit=true"))
        .isEqualTo("jdbc:h2:file:/b;write_delay=100;db_close_on_exit=true");
    assertThat(JdbcPool.effectiveUrl("jdbc:h2:mem:q;DB_CLOSE_DELAY=-1"))
        .isEqualTo("jdbc:h2:mem:q;DB_CLOSE_DELAY=-1;DB_CLOSE_ON_EXIT=FALSE");
    for (String remote :
        List.of(
            "jdbc:h2:tcp://127.0.0.1:9092/broker",
            "jdbc:h2:ssl://db/broker",
            "jdbc:h2:zip:/b.zip!/broker")) {
      assertThat(JdbcPool.effectiveUrl(remote)).isEqualTo(remote + ";DB_CLOSE_ON_EXIT=FALSE");
    }
    for (String unchanged :
        List.of("jdbc:postgresql://127.0.0.1:5432/test", "jdbc:h2x:file:./qos")) {
      assertThat(JdbcPool.effectiveUrl(unchanged)).isEqualTo(unchanged);
    }
  }

  @Test
  void aBrokenConnectionIsEvictedAtOnceAndOtherFailuresAsHikariDecides() {
    JdbcPool.EvictBrokenConnections override = new JdbcPool.EvictBrokenConnections();

    assertThat(override.adjudicate(new SQLNonTransientConnectionException("gone", "90067")))
        .isEqualTo(com.zaxxer.hikari.SQLExceptionOverride.Override.MUST_EVICT);
    assertThat(override.adjudicate(new SQLException("duplicate", "23505")))
        .isEqualTo(com.zaxxer.hikari.SQLExceptionOverride.Override.CONTINUE_EVICT);
  }

  private static JdbcPool.Builder pool(TestDatabase database) {
    return JdbcPool.builder(database.url())
        .credentials(database.user(), "")
        .poolName("jdbc-test")
        .connectionTimeout(Duration.ofSeconds(5));
  }

  private static TestDatabase migrated(TestDatabase.Kind kind) {
    return TestDatabase.of(kind)
        .migrated(
            ds ->
                JdbcMigrations.migrate(
                    ds, "classpath:db/migration/jdbc-test", "jdbc_test_history"));
  }

  private static long insertItem(HikariDataSource pool, String name) throws SQLException {
    try (Connection c = pool.getConnection()) {
      return Jdbc.insert(c, "INSERT INTO jdbc_test_item (name) VALUES (?)", name);
    }
  }

  private static int update(HikariDataSource pool, String sql, Object... parameters)
      throws SQLException {
    try (Connection c = pool.getConnection()) {
      return Jdbc.update(c, sql, parameters);
    }
  }

  /** The lock and statement timeouts of {@code c}'s session, in milliseconds. */
  private static List<String> settings(TestDatabase.Kind kind, Connection c) throws SQLException {
    if (kind == TestDatabase.Kind.H2) {
      return List.of(
          Long.toString(Jdbc.queryLong(c, "SELECT LOCK_TIMEOUT()")),
          Long.toString(
              Jdbc.queryLong(
                  c,
                  "SELECT CAST(SETTING_VALUE AS BIGINT) FROM INFORMATION_SCHEMA.SETTINGS"
                      + " WHERE SETTING_NAME = 'QUERY_TIMEOUT'")));
    }
    return List.of(
        Long.toString(
            Jdbc.queryLong(
                c, "SELECT CAST(setting AS BIGINT) FROM pg_settings WHERE name = 'lock_timeout'")),
        Long.toString(
            Jdbc.queryLong(
                c,
                "SELECT CAST(setting AS BIGINT) FROM pg_settings"
                    + " WHERE name = 'statement_timeout'")));
  }

  @FunctionalInterface
  private interface SqlCall {
    Object call() throws SQLException;
  }

  private static SQLException catchSql(SqlCall call) {
    try {
      call.call();
    } catch (SQLException e) {
      return e;
    }
    throw new AssertionError("expected an SQLException");
  }

  @Test
  void aUrlShownInAMessageCarriesNoPassword() {
    assertThat(
            JdbcPool.redacted("jdbc:postgresql://db:5432/broker?user=b&password=s3cret&ssl=true"))
        .isEqualTo("jdbc:postgresql://db:5432/broker?user=b&password=***&ssl=true");
    assertThat(JdbcPool.redacted("jdbc:postgresql://b:s3cret@db:5432/broker"))
        .isEqualTo("jdbc:postgresql://b:***@db:5432/broker");
    assertThat(
            JdbcPool.redacted(
                "jdbc:h2:tcp://host/./data/x;USER=sa;PASSWORD=s3cret;MODE=PostgreSQL"))
        .isEqualTo("jdbc:h2:tcp://host/./data/x;USER=sa;PASSWORD=***;MODE=PostgreSQL");
    assertThat(JdbcPool.builder("jdbc:h2:mem:x;pwd=s3cret").shownUrl())
        .isEqualTo("jdbc:h2:mem:x;pwd=***");
    assertThat(JdbcPool.redacted("jdbc:h2:file:./data/wsqos-broker"))
        .isEqualTo("jdbc:h2:file:./data/wsqos-broker");
  }
}

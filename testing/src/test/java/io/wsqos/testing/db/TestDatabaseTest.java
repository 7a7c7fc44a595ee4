package io.wsqos.testing.db;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class TestDatabaseTest {

  @ParameterizedTest
  @EnumSource(TestDatabase.Kind.class)
  void twoDatabasesOfOneKindNeverSeeEachOthersTables(TestDatabase.Kind kind) throws Exception {
    try (TestDatabase first = TestDatabase.of(kind);
        TestDatabase second = TestDatabase.of(kind)) {

      execute(first, "CREATE TABLE item (id INT PRIMARY KEY)");
      execute(first, "INSERT INTO item VALUES (1)");
      execute(second, "CREATE TABLE item (id INT PRIMARY KEY)");

      assertThat(count(first, "item")).isEqualTo(1);
      assertThat(count(second, "item")).isZero();
      first.deleteAll("item");
      assertThat(count(first, "item")).isZero();
    }
  }

  @ParameterizedTest
  @EnumSource(TestDatabase.Kind.class)
  void theSchemaIsWhereTheTablesGoAndUniquePerDatabase(TestDatabase.Kind kind) throws Exception {
    try (TestDatabase first = TestDatabase.of(kind).migrated(ds -> create(ds, "item"));
        TestDatabase second = TestDatabase.of(kind)) {

      String sql =
          "SELECT count(*) FROM information_schema.tables"
              + " WHERE upper(table_schema) = upper(?) AND upper(table_name) = 'ITEM'";
      try (Connection c = first.connect();
          java.sql.PreparedStatement s = c.prepareStatement(sql)) {
        s.setString(1, first.schema());
        try (ResultSet rs = s.executeQuery()) {
          rs.next();
          assertThat(rs.getLong(1)).isEqualTo(1);
        }
      }
      if (kind == TestDatabase.Kind.POSTGRES) {
        assertThat(first.schema()).startsWith("test_").isNotEqualTo(second.schema());
      }
    }
  }

  @ParameterizedTest
  @EnumSource(TestDatabase.Kind.class)
  void closingDropsTheDatabase(TestDatabase.Kind kind) throws Exception {
    TestDatabase database = TestDatabase.of(kind).migrated(ds -> create(ds, "item"));
    String url = database.url();

    database.close();
    database.close();

    try (TestDatabase other = TestDatabase.of(kind)) {
      assertThat(other.url()).isNotEqualTo(url);
    }
    if (kind == TestDatabase.Kind.POSTGRES) {
      String schema = url.substring(url.indexOf("currentSchema=") + "currentSchema=".length());
      try (TestDatabase probe = TestDatabase.postgres();
          Connection c = probe.connect();
          Statement s = c.createStatement();
          ResultSet rs =
              s.executeQuery(
                  "SELECT count(*) FROM information_schema.schemata WHERE schema_name = '"
                      + schema
                      + "'")) {
        rs.next();
        assertThat(rs.getLong(1)).isZero();
      }
    } else {
      // A connection to the old name opens a new, empty in-memory database: the table is gone.
      try (Connection c = DriverManager.getConnection(url, "", "");
          Statement s = c.createStatement()) {
        assertThatThrownBy(() -> s.executeQuery("SELECT * FROM item"))
            .isInstanceOf(SQLException.class);
      }
    }
  }

  @ParameterizedTest
  @EnumSource(TestDatabase.Kind.class)
  void aPausedTableMakesOtherSessionsWaitUntilThePauseEnds(TestDatabase.Kind kind)
      throws Exception {
    try (TestDatabase database = TestDatabase.of(kind);
        // Opened before the pause: H2 in exclusive mode refuses new connections outright.
        Connection other = database.connect()) {
      execute(database, "CREATE TABLE item (id INT PRIMARY KEY)");
      CompletableFuture<Void> insert;

      try (TestDatabase.Pause pause = database.pause("item")) {
        CompletableFuture<Void> running =
            CompletableFuture.runAsync(() -> execute(other, "INSERT INTO item VALUES (1)"));
        insert = running;
        // It cannot end while the pause holds: checked for a while, never bounding how long
        // anything takes.
        await()
            .during(Duration.ofMillis(300))
            .atMost(Duration.ofSeconds(5))
            .until(() -> !running.isDone());
      }

      insert.get(30, TimeUnit.SECONDS);
      assertThat(count(database, "item")).isEqualTo(1);
    }
  }

  @ParameterizedTest
  @EnumSource(TestDatabase.Kind.class)
  void aTableNameThatIsNotAPlainNameIsRejected(TestDatabase.Kind kind) throws Exception {
    try (TestDatabase database = TestDatabase.of(kind)) {
      assertThatThrownBy(() -> database.deleteAll("item; DROP TABLE x"))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("table: item; DROP TABLE x (expected: a plain SQL name)");
    }
  }

  private static void create(javax.sql.DataSource dataSource, String table) {
    try (Connection c = dataSource.getConnection();
        Statement s = c.createStatement()) {
      s.execute("CREATE TABLE " + table + " (id INT)");
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }

  private static void execute(TestDatabase database, String sql) {
    try (Connection c = database.connect()) {
      execute(c, sql);
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }

  private static void execute(Connection connection, String sql) {
    try (Statement s = connection.createStatement()) {
      s.execute(sql);
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }

  private static long count(TestDatabase database, String table) throws SQLException {
    try (Connection c = database.connect();
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT count(*) FROM " + table)) {
      rs.next();
      return rs.getLong(1);
    }
  }
}

package io.wsqos.monitor.jdbc.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.wsqos.monitor.Outcome;
import io.wsqos.monitor.Validity;
import io.wsqos.monitor.jdbc.MonitorSchema;
import io.wsqos.testing.db.TestDatabase;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The migrations make the same tables on every database, and the time index that suits each: a
 * B-tree on H2, a BRIN index on PostgreSQL.
 */
class RecordStoreMigrationTest {

  static Stream<Named<Callable<TestDatabase>>> databases() {
    return Stream.of(
        Named.of("H2", TestDatabase::h2), Named.of("PostgreSQL", TestDatabase::postgres));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("databases")
  void theCodeTablesNameEveryOutcomeAndValidityByItsCode(Callable<TestDatabase> factory)
      throws Exception {
    try (TestDatabase database = factory.call().migrated(MonitorSchema::migrate)) {
      assertThat(codes(database, "qos_outcome"))
          .containsExactly(Arrays.stream(Outcome.values()).map(Enum::name).toArray(String[]::new));
      assertThat(codes(database, "qos_validity"))
          .containsExactly(Arrays.stream(Validity.values()).map(Enum::name).toArray(String[]::new));
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("databases")
  void theRecordsHaveOneIndexOnTimeAndMigratingAgainChangesNothing(Callable<TestDatabase> factory)
      throws Exception {
    try (TestDatabase database = factory.call().migrated(MonitorSchema::migrate)) {
      MonitorSchema.migrate(database.dataSource());

      assertThat(indexes(database, "qos_record"))
          .containsExactly(Map.entry("qos_record_time", "recorded_at_us"));
      assertThat(
              count(
                  database,
                  "SELECT COUNT(*) FROM \"wsqos_monitor_schema_history\" WHERE \"type\" = 'SQL'"))
          .isEqualTo(3);
    }
  }

  @Test
  void onPostgresqlTheTimeIndexIsABrinIndex() throws Exception {
    try (TestDatabase database = TestDatabase.postgres().migrated(MonitorSchema::migrate);
        Connection c = database.connect();
        PreparedStatement select =
            c.prepareStatement(
                "SELECT indexdef FROM pg_indexes WHERE schemaname = current_schema()"
                    + " AND tablename = 'qos_record'");
        ResultSet r = select.executeQuery()) {
      assertThat(r.next()).isTrue();
      assertThat(r.getString(1)).contains("USING brin (recorded_at_us)");
      assertThat(r.next()).isFalse();
    }
  }

  /** The names of a code table, in the order of their codes, which must run from 0 on. */
  private static List<String> codes(TestDatabase database, String table) throws SQLException {
    List<String> names = new ArrayList<>();
    try (Connection c = database.connect();
        Statement s = c.createStatement();
        ResultSet r = s.executeQuery("SELECT code, name FROM " + table + " ORDER BY code")) {
      while (r.next()) {
        assertThat(r.getInt(1)).isEqualTo(names.size());
        names.add(r.getString(2));
      }
    }
    return names;
  }

  private static long count(TestDatabase database, String sql) throws SQLException {
    try (Connection c = database.connect();
        Statement s = c.createStatement();
        ResultSet r = s.executeQuery(sql)) {
      r.next();
      return r.getLong(1);
    }
  }

  /** A table's non-unique indexes: lower-case name to its columns in order, comma-separated. */
  private static Map<String, String> indexes(TestDatabase database, String tableName)
      throws SQLException {
    Map<String, TreeMap<Short, String>> columns = new TreeMap<>();
    try (Connection c = database.connect()) {
      DatabaseMetaData meta = c.getMetaData();
      String table =
          meta.storesUpperCaseIdentifiers() ? tableName.toUpperCase(Locale.ROOT) : tableName;
      try (ResultSet r = meta.getIndexInfo(null, c.getSchema(), table, false, false)) {
        while (r.next()) {
          String name = r.getString("INDEX_NAME");
          if (name == null || !r.getBoolean("NON_UNIQUE")) {
            continue;
          }
          columns
              .computeIfAbsent(name.toLowerCase(Locale.ROOT), k -> new TreeMap<>())
              .put(
                  r.getShort("ORDINAL_POSITION"),
                  r.getString("COLUMN_NAME").toLowerCase(Locale.ROOT));
        }
      }
    }
    Map<String, String> result = new TreeMap<>();
    columns.forEach((name, byPosition) -> result.put(name, String.join(",", byPosition.values())));
    return result;
  }
}

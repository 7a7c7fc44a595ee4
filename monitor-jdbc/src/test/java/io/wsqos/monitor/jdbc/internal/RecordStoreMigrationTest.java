package io.wsqos.monitor.jdbc.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.wsqos.monitor.Outcome;
import io.wsqos.monitor.QosRecord;
import io.wsqos.monitor.Side;
import io.wsqos.monitor.Validity;
import io.wsqos.monitor.jdbc.MonitorSchema;
import io.wsqos.monitor.jdbc.QosAnalysis;
import io.wsqos.monitor.jdbc.QosQuery;
import io.wsqos.monitor.jdbc.QosStatistics;
import io.wsqos.testing.db.TestDatabase;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.configuration.FluentConfiguration;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A database created by an earlier version of the monitor upgrades in place: every row stays with
 * its names and values, moved into packs that windows find, the per-record indexes go, and the
 * views {@code qos_record} and {@code qos_record_named} show the records as rows again.
 */
class RecordStoreMigrationTest {

  static Stream<Named<Callable<TestDatabase>>> databases() {
    return Stream.of(
        Named.of("H2", TestDatabase::h2), Named.of("PostgreSQL", TestDatabase::postgres));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("databases")
  void upgradeFromVersion1KeepsEveryRowAndFindsItsWindowsThroughPacks(
      Callable<TestDatabase> factory) throws Exception {
    try (TestDatabase database = factory.call()) {
      flyway(database).target("1").load().migrate();
      try (Connection c = database.connect();
          Statement s = c.createStatement()) {
        for (int i = 0; i < 2; i++) {
          s.execute(
              "INSERT INTO qos_record (recorded_at_us, service, operation, endpoint, side,"
                  + " outcome, validity) VALUES ("
                  + (1_000 + i)
                  + ", 'S', '"
                  + (i == 1 ? "op2" : "op")
                  + "', 'http://e', 'PROVIDER', 'SUCCESS', 'VALID')");
        }
        s.execute(
            "INSERT INTO qos_record (recorded_at_us, service, operation, endpoint, side, outcome,"
                + " t2_us, t3_us, request_bytes, validity, execution_us) VALUES (1002, 'S', 'op',"
                + " 'http://e', 'PROVIDER', 'SOAP_FAULT', 10, 25, 100, 'VALID', 15)");
        // More than ten minutes after the others: a pack of its own.
        s.execute(
            "INSERT INTO qos_record (recorded_at_us, service, operation, endpoint, side,"
                + " outcome, validity) VALUES (700000000, 'S', 'op', 'http://e', 'PROVIDER',"
                + " 'SUCCESS', 'VALID')");
      }
      assertThat(indexes(database, "qos_record"))
          .containsEntry("qos_record_window", "service,side,recorded_at_us");

      RecordStore store = new RecordStore(database.dataSource());
      store.migrate();
      store.insert(List.of(record(2_000), record(2_001)));

      assertThat(indexes(database, "qos_record_pack"))
          .containsOnly(
              Map.entry("qos_record_pack_first", "first_recorded_us,id"),
              Map.entry("qos_record_pack_last", "last_recorded_us,id"));
      List<String> rows = new ArrayList<>();
      try (Connection c = database.connect();
          Statement s = c.createStatement();
          ResultSet r =
              s.executeQuery(
                  "SELECT pack_id, slot, recorded_at_us FROM qos_record ORDER BY pack_id, slot")) {
        while (r.next()) {
          rows.add(r.getLong(1) + "/" + r.getLong(2) + " " + r.getLong(3));
        }
      }
      // The old rows in two packs (the last is ten minutes apart), the new ones in the next.
      assertThat(rows)
          .extracting(row -> row.substring(row.indexOf(' ') + 1))
          .containsExactly("1000", "1001", "1002", "700000000", "2000", "2001");
      assertThat(rows)
          .extracting(row -> row.substring(0, row.indexOf(' ')))
          .doesNotHaveDuplicates();
      assertThat(count(database, "SELECT COUNT(*) FROM qos_record_pack")).isEqualTo(3);
      try (Connection c = database.connect();
          Statement s = c.createStatement();
          ResultSet r =
              s.executeQuery(
                  "SELECT outcome, t1_us, t2_us, t3_us, request_bytes, response_bytes, validity,"
                      + " execution_us, response_us FROM qos_record WHERE recorded_at_us = 1002")) {
        assertThat(r.next()).isTrue();
        assertThat(r.getString(1)).isEqualTo("SOAP_FAULT");
        assertThat(r.getObject(2)).isNull();
        assertThat(r.getLong(3)).isEqualTo(10);
        assertThat(r.getLong(4)).isEqualTo(25);
        assertThat(r.getLong(5)).isEqualTo(100);
        assertThat(r.getObject(6)).isNull();
        assertThat(r.getString(7)).isEqualTo("VALID");
        assertThat(r.getLong(8)).isEqualTo(15);
        assertThat(r.getObject(9)).isNull();
      }

      QosAnalysis analysis = new QosAnalysis(database.dataSource());
      assertThat(requests(analysis, 1_000, 1_003)).isEqualTo(3);
      assertThat(requests(analysis, 1_001, 2_001)).isEqualTo(3);
      assertThat(requests(analysis, 1_003, 2_000)).isZero();
      assertThat(requests(analysis, 0, 10_000)).isEqualTo(5);
      assertThat(requests(analysis, 699_999_999, 700_000_001)).isEqualTo(1);

      // Version 4 moved the names to qos_target: the old rows keep theirs, and the new ones
      // reuse the old rows' target.
      List<String> named = new ArrayList<>();
      try (Connection c = database.connect();
          Statement s = c.createStatement();
          ResultSet r =
              s.executeQuery(
                  "SELECT recorded_at_us, service, operation, endpoint, side FROM"
                      + " qos_record_named ORDER BY recorded_at_us")) {
        while (r.next()) {
          named.add(
              r.getLong(1)
                  + " "
                  + r.getString(2)
                  + " "
                  + r.getString(3)
                  + " "
                  + r.getString(4)
                  + " "
                  + r.getString(5));
        }
      }
      assertThat(named)
          .containsExactly(
              "1000 S op http://e PROVIDER",
              "1001 S op2 http://e PROVIDER",
              "1002 S op http://e PROVIDER",
              "2000 S op http://e PROVIDER",
              "2001 S op http://e PROVIDER",
              "700000000 S op http://e PROVIDER");
      assertThat(count(database, "SELECT COUNT(*) FROM qos_target")).isEqualTo(2);
      QosQuery all = QosQuery.window(micros(0), micros(10_000)).side(Side.PROVIDER);
      assertThat(analysis.breakdown(all))
          .extracting(q -> q.operation().orElseThrow())
          .containsExactly("op", "op2");
      QosStatistics op = analysis.analyze(all.service("S").operation("op"));
      assertThat(op.requests()).isEqualTo(4);
      assertThat(op.failedByOutcome()).containsEntry(Outcome.SOAP_FAULT, 1L);
    }
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
      assertThat(count(database, "SELECT COUNT(*) FROM qos_record_slot"))
          .isEqualTo(RecordStore.MAX_PACK);
      assertThat(count(database, "SELECT MAX(n) FROM qos_record_slot"))
          .isEqualTo(RecordStore.MAX_PACK);
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

  private static long requests(QosAnalysis analysis, long fromMicros, long toMicros)
      throws SQLException {
    return analysis
        .analyze(QosQuery.window(micros(fromMicros), micros(toMicros)).side(Side.PROVIDER))
        .requests();
  }

  private static Instant micros(long micros) {
    return Instant.EPOCH.plusNanos(micros * 1_000);
  }

  private static FluentConfiguration flyway(TestDatabase database) {
    return Flyway.configure(RecordStore.class.getClassLoader())
        .dataSource(database.dataSource())
        .locations(RecordStore.MIGRATIONS)
        .table(RecordStore.HISTORY_TABLE);
  }

  private static QosRecord record(long recordedAtMicros) {
    return QosRecord.builder("S", "op", "http://e", Side.PROVIDER)
        .recordedAt(micros(recordedAtMicros))
        .outcome(Outcome.SUCCESS)
        .t2(recordedAtMicros)
        .t3(recordedAtMicros + 1)
        .build();
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

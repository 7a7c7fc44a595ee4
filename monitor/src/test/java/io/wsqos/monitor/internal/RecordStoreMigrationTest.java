package io.wsqos.monitor.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.wsqos.monitor.Outcome;
import io.wsqos.monitor.QosAnalysis;
import io.wsqos.monitor.QosQuery;
import io.wsqos.monitor.QosRecord;
import io.wsqos.monitor.Side;
import io.wsqos.monitor.TestDatabase;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
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
 * A database created by an earlier version of the monitor upgrades in place: every row stays, the
 * per-record time indexes go, the old rows get blocks so that windows still find them, new rows get
 * fresh ids after the old ones, and the names move to {@code qos_target} without a row losing its
 * own.
 */
class RecordStoreMigrationTest {

  static Stream<Named<Callable<TestDatabase>>> databases() {
    return Stream.of(
        Named.of("H2", TestDatabase::h2), Named.of("PostgreSQL", TestDatabase::postgres));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("databases")
  void upgradeFromVersion1KeepsEveryRowAndFindsItsWindowsThroughBlocks(
      Callable<TestDatabase> factory) throws Exception {
    try (TestDatabase database = factory.call()) {
      flyway(database).target("1").load().migrate();
      try (Connection c = database.connect();
          Statement s = c.createStatement()) {
        for (int i = 0; i < 3; i++) {
          s.execute(
              "INSERT INTO qos_record (recorded_at_us, service, operation, endpoint, side,"
                  + " outcome, validity) VALUES ("
                  + (1_000 + i)
                  + ", 'S', '"
                  + (i == 1 ? "op2" : "op")
                  + "', 'http://e', 'PROVIDER', 'SUCCESS', 'VALID')");
        }
      }
      assertThat(indexes(database))
          .containsEntry("qos_record_window", "service,side,recorded_at_us");

      RecordStore store = new RecordStore(database.dataSource());
      store.migrate();
      store.insert(List.of(record(2_000), record(2_001)));

      assertThat(indexes(database)).isEmpty();
      List<long[]> rows = new ArrayList<>();
      try (Connection c = database.connect();
          Statement s = c.createStatement();
          ResultSet r = s.executeQuery("SELECT id, recorded_at_us FROM qos_record ORDER BY id")) {
        while (r.next()) {
          rows.add(new long[] {r.getLong(1), r.getLong(2)});
        }
      }
      assertThat(rows)
          .extracting(row -> row[1])
          .containsExactly(1_000L, 1_001L, 1_002L, 2_000L, 2_001L);
      assertThat(rows).extracting(row -> row[0]).doesNotHaveDuplicates();

      QosAnalysis analysis = new QosAnalysis(database.dataSource());
      assertThat(requests(analysis, 1_000, 1_003)).isEqualTo(3);
      assertThat(requests(analysis, 1_001, 2_001)).isEqualTo(3);
      assertThat(requests(analysis, 1_003, 2_000)).isZero();
      assertThat(requests(analysis, 0, 10_000)).isEqualTo(5);

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
              "2001 S op http://e PROVIDER");
      assertThat(count(database, "SELECT COUNT(*) FROM qos_target")).isEqualTo(2);
      QosQuery all = QosQuery.window(micros(0), micros(10_000)).side(Side.PROVIDER);
      assertThat(analysis.breakdown(all))
          .extracting(q -> q.operation().orElseThrow())
          .containsExactly("op", "op2");
      assertThat(analysis.analyze(all.service("S").operation("op")).requests()).isEqualTo(4);
    }
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

  /** The table's non-unique indexes: lower-case name to its columns in order, comma-separated. */
  private static Map<String, String> indexes(TestDatabase database) throws SQLException {
    Map<String, TreeMap<Short, String>> columns = new TreeMap<>();
    try (Connection c = database.connect()) {
      DatabaseMetaData meta = c.getMetaData();
      String table = meta.storesUpperCaseIdentifiers() ? "QOS_RECORD" : "qos_record";
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

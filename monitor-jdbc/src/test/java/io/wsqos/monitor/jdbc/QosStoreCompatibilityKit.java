package io.wsqos.monitor.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.wsqos.monitor.Outcome;
import io.wsqos.monitor.QosLog;
import io.wsqos.monitor.QosRecord;
import io.wsqos.monitor.Side;
import io.wsqos.monitor.TimeStats;
import io.wsqos.monitor.Validity;
import io.wsqos.monitor.jdbc.internal.RecordStore;
import io.wsqos.monitor.jdbc.report.QosReport;
import io.wsqos.testing.db.TestDatabase;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What every store of the monitor must do alike, run against each real database by a subclass:
 * records persist column for column, a graceful close loses nothing, and the analysis gives the
 * hand-computed figures. {@link QosStoreOutageKit} checks what they do when the database goes away.
 */
abstract class QosStoreCompatibilityKit {

  static final String SERVICE = "{http://wsqos.io/examples}BookstoreService";
  static final String ENDPOINT = "http://127.0.0.1:8080/bookstore";
  static final Instant T0 = Instant.parse("2026-11-22T12:00:00Z");
  static final long T0_MICROS = ChronoUnit.MICROS.between(Instant.EPOCH, T0);

  /** The provider's clock runs 17 minutes behind: only differences on one clock may be used. */
  static final long PROVIDER_OFFSET_MICROS = -17 * 60 * 1_000_000L;

  final SimpleMeterRegistry registry = new SimpleMeterRegistry();
  private final List<QosLog> logs = new ArrayList<>();

  abstract TestDatabase database();

  @BeforeEach
  void emptyTable() throws SQLException {
    database().deleteAll(MonitorSchema.RECORDS);
  }

  @AfterEach
  void closeLogs() {
    logs.forEach(QosLog::close);
  }

  QosLog.Builder logBuilder() {
    return QosLog.builder(registry)
        .store(JdbcRecordStore.builder().url(database().url(), database().user(), "").build())
        .flushInterval(Duration.ofMillis(20));
  }

  QosLog open(QosLog.Builder builder) {
    QosLog log = builder.build();
    logs.add(log);
    return log;
  }

  /** A requester record: t1 at {@code atSecond} after T0, execution and response in ms. */
  static QosRecord.Builder requester(
      String operation, Outcome outcome, long atSecond, long executionMillis, long responseMillis) {
    return requester(SERVICE, operation, outcome, atSecond, executionMillis, responseMillis);
  }

  /** A requester record of an exchange that never reached the provider: no t2, no t3. */
  static QosRecord.Builder unreached(Outcome outcome, long atSecond, long responseMillis) {
    return unreached(SERVICE, outcome, atSecond, responseMillis);
  }

  /** As {@link #unreached(Outcome, long, long)}, of {@code service}. */
  static QosRecord.Builder unreached(
      String service, Outcome outcome, long atSecond, long responseMillis) {
    long t1 = T0_MICROS + atSecond * 1_000_000;
    return QosRecord.builder(service, "getBook", ENDPOINT, Side.REQUESTER)
        .recordedAt(T0.plusSeconds(atSecond).plusMillis(responseMillis))
        .outcome(outcome)
        .t1(t1)
        .t4(t1 + responseMillis * 1_000);
  }

  long rows() throws SQLException {
    return MonitorSchema.records(database());
  }

  double counter(String name) {
    return registry.get(name).counter().count();
  }

  @Test
  void recordsPersistColumnForColumn() throws SQLException {
    QosLog log = open(logBuilder());
    QosRecord success = requester("getBook", Outcome.SUCCESS, 1, 12, 40).sizes(321, 4_567).build();
    QosRecord refused = unreached(Outcome.REFUSED, 2, 3).build();

    log.record(success);
    log.record(refused);
    log.close();

    try (Connection c = database().connect();
        Statement s = c.createStatement();
        ResultSet r =
            s.executeQuery(
                "SELECT recorded_at_us, service, operation, endpoint, side, outcome, t1_us, t2_us,"
                    + " t3_us, t4_us, request_bytes, response_bytes, validity, execution_us,"
                    + " communication_us, response_us, recorded_at"
                    + " FROM qos_record_named ORDER BY recorded_at_us")) {
      assertThat(r.next()).isTrue();
      assertThat(r.getLong(1)).isEqualTo(T0_MICROS + 1_040_000);
      assertThat(r.getObject(17, OffsetDateTime.class).toInstant()).isEqualTo(T0.plusMillis(1_040));
      assertThat(r.getString(2)).isEqualTo(SERVICE);
      assertThat(r.getString(3)).isEqualTo("getBook");
      assertThat(r.getString(4)).isEqualTo(ENDPOINT);
      assertThat(r.getString(5)).isEqualTo("REQUESTER");
      assertThat(r.getString(6)).isEqualTo("SUCCESS");
      assertThat(r.getLong(7)).isEqualTo(success.t1Micros());
      assertThat(r.getLong(8)).isEqualTo(success.t2Micros());
      assertThat(r.getLong(9)).isEqualTo(success.t3Micros());
      assertThat(r.getLong(10)).isEqualTo(success.t4Micros());
      assertThat(r.getLong(11)).isEqualTo(321);
      assertThat(r.getLong(12)).isEqualTo(4_567);
      assertThat(r.getString(13)).isEqualTo("VALID");
      assertThat(r.getLong(14)).isEqualTo(12_000);
      assertThat(r.getLong(15)).isEqualTo(28_000);
      assertThat(r.getLong(16)).isEqualTo(40_000);

      assertThat(r.next()).isTrue();
      assertThat(r.getString(6)).isEqualTo("REFUSED");
      assertThat(r.getString(13)).isEqualTo("VALID");
      assertThat(r.getObject(8)).isNull();
      assertThat(r.getObject(9)).isNull();
      assertThat(r.getObject(11)).isNull();
      assertThat(r.getObject(14)).isNull();
      assertThat(r.getObject(15)).isNull();
      assertThat(r.getLong(16)).isEqualTo(3_000);
      assertThat(r.next()).isFalse();
    }
  }

  @Test
  void everyRowOfAMultiRowInsertKeepsItsOwnValues() throws SQLException {
    // 123 in one batch: one full multi-row statement and one of 23, each row's values distinct.
    int n = 123;
    QosLog log = open(logBuilder().batchSize(500).flushInterval(Duration.ofSeconds(5)));
    for (int i = 0; i < n; i++) {
      log.record(requester("op" + i, Outcome.SUCCESS, i, i % 9, 10 + i).sizes(i, 2L * i).build());
    }
    log.close();

    try (Connection c = database().connect();
        Statement s = c.createStatement();
        ResultSet r =
            s.executeQuery(
                "SELECT operation, t1_us, request_bytes, response_bytes, execution_us, response_us"
                    + " FROM qos_record_named ORDER BY t1_us")) {
      for (int i = 0; i < n; i++) {
        assertThat(r.next()).isTrue();
        assertThat(r.getString(1)).isEqualTo("op" + i);
        assertThat(r.getLong(2)).isEqualTo(T0_MICROS + i * 1_000_000L);
        assertThat(r.getLong(3)).isEqualTo(i);
        assertThat(r.getLong(4)).isEqualTo(2L * i);
        assertThat(r.getLong(5)).isEqualTo(i % 9 * 1_000L);
        assertThat(r.getLong(6)).isEqualTo((10L + i) * 1_000);
      }
      assertThat(r.next()).isFalse();
    }
    assertThat(counter("wsqos.monitor.records.written")).isEqualTo(n);
  }

  @Test
  void gracefulCloseWritesEveryQueuedRecord() throws SQLException {
    int n = 3_000;
    QosLog log = open(logBuilder().queueCapacity(n).batchSize(97));
    for (int i = 0; i < n; i++) {
      assertThat(log.record(requester("op" + i % 7, Outcome.SUCCESS, i % 60, 5, 20).build()))
          .isTrue();
    }

    log.close();

    assertThat(rows()).isEqualTo(n);
    assertThat(counter("wsqos.monitor.records.written")).isEqualTo(n);
    assertThat(counter("wsqos.monitor.records.dropped")).isZero();
    assertThat(counter("wsqos.monitor.records.lost")).isZero();
  }

  @Test
  void publishedRecordsWaitUnstoredUntilTheLogCloses() throws SQLException {
    List<QosRecord> published = new CopyOnWriteArrayList<>();
    QosLog log =
        open(logBuilder().storeInterval(Duration.ofSeconds(60)).listener(published::addAll));
    for (int i = 0; i < 10; i++) {
      log.record(requester("getBook", Outcome.SUCCESS, i, 5, 20).build());
    }

    await().until(() -> published.size() == 10);
    await().until(() -> log.unstored() == 10);
    assertThat(registry.get("wsqos.monitor.unstored.size").gauge().value()).isEqualTo(10);
    assertThat(rows()).isZero();
    log.close();

    assertThat(rows()).isEqualTo(10);
    assertThat(counter("wsqos.monitor.records.written")).isEqualTo(10);
    assertThat(log.unstored()).isZero();
  }

  @Test
  void unstoredRecordsAreStoredOnceTheStoreIntervalPasses() throws SQLException {
    QosLog log = open(logBuilder().storeInterval(Duration.ofMillis(300)));
    for (int i = 0; i < 10; i++) {
      log.record(requester("getBook", Outcome.SUCCESS, i, 5, 20).build());
    }

    await()
        .atMost(Duration.ofSeconds(20))
        .until(() -> counter("wsqos.monitor.records.written") == 10);
    assertThat(rows()).isEqualTo(10);
    assertThat(log.unstored()).isZero();
  }

  @Test
  void unstoredRecordsAreStoredEarlyWhenAsManyWaitAsTheQueueHolds() throws SQLException {
    int capacity = 20;
    QosLog log =
        open(
            logBuilder()
                .queueCapacity(capacity)
                .batchSize(5)
                .storeInterval(Duration.ofSeconds(60)));
    for (int round = 0; round < 5; round++) {
      for (int i = 0; i < 10; i++) {
        assertThat(log.record(requester("getBook", Outcome.SUCCESS, i, 5, 20).build())).isTrue();
      }
      await().until(() -> log.queued() == 0);
    }

    // 50 published, at most 20 wait: the rest were stored long before the interval.
    await().until(() -> counter("wsqos.monitor.records.written") >= 30);
    assertThat(log.unstored()).isLessThanOrEqualTo(capacity);
    log.close();
    assertThat(rows()).isEqualTo(50);
    assertThat(counter("wsqos.monitor.records.dropped")).isZero();
  }

  @Test
  void injectionStringsInNamesAreStoredVerbatim() throws SQLException {
    String service = "Robert'); DROP TABLE qos_record;--";
    String operation = "op\" OR 1=1 -- \u00e9\u4e2d";
    String endpoint = "http://x/?q=1'||(SELECT 1)||'\r\nX-Injected: yes";
    QosLog log = open(logBuilder());
    long t1 = T0_MICROS;
    QosRecord record =
        QosRecord.builder(service, operation, endpoint, Side.REQUESTER)
            .recordedAt(T0)
            .t1(t1)
            .t2(5)
            .t3(10)
            .t4(t1 + 20)
            .build();

    log.record(record);
    log.close();

    try (Connection c = database().connect();
        Statement s = c.createStatement();
        ResultSet r = s.executeQuery("SELECT service, operation, endpoint FROM qos_record_named")) {
      assertThat(r.next()).isTrue();
      assertThat(r.getString(1)).isEqualTo(service);
      assertThat(r.getString(2)).isEqualTo(operation);
      assertThat(r.getString(3)).isEqualTo(endpoint);
      assertThat(r.next()).isFalse();
    }
    QosStatistics stats =
        new QosAnalysis(database().dataSource())
            .analyze(QosQuery.window(T0, T0.plusSeconds(1)).service(service).endpoint(endpoint));
    assertThat(stats.requests()).isEqualTo(1);
  }

  @Test
  void analysisMatchesTheHandComputedFigures() throws SQLException {
    QosLog log = open(logBuilder());
    List<QosRecord> records =
        List.of(
            // Five successes: execution 10..50 ms, response 50 ms .. 12 s.
            requester("getBook", Outcome.SUCCESS, 0, 10, 50).build(),
            requester("getBook", Outcome.SUCCESS, 1, 20, 100).build(),
            requester("getBook", Outcome.SUCCESS, 2, 30, 1_500).build(),
            requester("findBooks", Outcome.SUCCESS, 3, 40, 2_500).build(),
            requester("getBook", Outcome.SUCCESS, 4, 50, 12_000).sizes(10, 20).build(),
            // Three failures, two of which never reached the provider.
            unreached(Outcome.TIMEOUT, 5, 3_000).build(),
            unreached(Outcome.REFUSED, 6, 2).build(),
            requester("getBook", Outcome.SOAP_FAULT, 7, 5, 20).build(),
            // Two forged samples: kept, never counted.
            requester("getBook", Outcome.SUCCESS, 8, 30, 20).t4(T0_MICROS).build(),
            requester("getBook", Outcome.SUCCESS, 8, 10, 20).recordedAt(T0.plusSeconds(6)).build(),
            // Outside the query: window end (exclusive), another endpoint, the provider's view.
            requester("getBook", Outcome.SUCCESS, 20, 10, 0).build(),
            QosRecord.builder(SERVICE, "getBook", "http://other/bookstore", Side.REQUESTER)
                .recordedAt(T0.plusSeconds(1))
                .t1(T0_MICROS)
                .t2(1)
                .t3(2)
                .t4(T0_MICROS + 10)
                .build(),
            QosRecord.builder(SERVICE, "getBook", ENDPOINT, Side.PROVIDER)
                .recordedAt(T0.plusSeconds(1))
                .t2(T0_MICROS)
                .t3(T0_MICROS + 10)
                .build());
    records.forEach(log::record);
    log.close();

    QosStatistics stats =
        new QosAnalysis(database().dataSource())
            .analyze(QosQuery.window(T0, T0.plusSeconds(20)).service(SERVICE).endpoint(ENDPOINT));

    assertThat(stats.requests()).isEqualTo(8);
    assertThat(stats.succeeded()).isEqualTo(5);
    assertThat(stats.failed()).isEqualTo(3);
    assertThat(stats.failedByOutcome())
        .containsExactlyInAnyOrderEntriesOf(
            Map.of(
                Outcome.SOAP_FAULT, 1L,
                Outcome.TRANSPORT_ERROR, 0L,
                Outcome.TIMEOUT, 1L,
                Outcome.REFUSED, 1L,
                Outcome.HTTP_ERROR, 0L,
                Outcome.BUSY, 0L));
    assertThat(stats.invalidByReason())
        .containsExactlyInAnyOrderEntriesOf(
            Map.of(Validity.NEGATIVE_DIFFERENCE, 1L, Validity.FUTURE_TIMESTAMP, 1L));
    assertThat(stats.execution())
        .isEqualTo(new TimeStats(5, 10_000, 50_000, 30_000.0, 30_000, 50_000, 50_000));
    assertThat(stats.response())
        .isEqualTo(
            new TimeStats(5, 50_000, 12_000_000, 3_230_000.0, 1_500_000, 12_000_000, 12_000_000));
    assertThat(stats.communication())
        .isEqualTo(
            new TimeStats(5, 40_000, 11_950_000, 3_200_000.0, 1_470_000, 11_950_000, 11_950_000));
    assertThat(stats.throughputPerSecond()).isCloseTo(0.25, within(1e-12));
    assertThat(stats.availability()).isCloseTo(0.625, within(1e-12));
    assertThat(stats.distribution()).containsExactly(2L, 1L, 1L, 0L, 0L, 0L, 0L, 0L, 0L, 0L, 1L);
    assertThat(stats.distributionShares().get(0)).isCloseTo(0.4, within(1e-12));
  }

  /**
   * A record that reaches the store late (in a later insert than records made after it) is still in
   * its window, and the window's edges are exact.
   */
  @Test
  void windowsHoldEveryRecordAlsoOneThatReachedTheStoreLate() throws SQLException {
    RecordStore store = new RecordStore(database().dataSource());
    store.insert(List.of(provider(10), provider(11), provider(12)));
    store.insert(List.of(provider(5), provider(13)));
    store.insert(List.of(provider(30)));
    List<QosRecord> many = new ArrayList<>();
    for (int second = 40; second < 160; second++) {
      many.add(provider(second));
    }
    store.insert(many);
    QosAnalysis analysis = new QosAnalysis(database().dataSource());

    assertThat(providerRequests(analysis, 40, 160)).isEqualTo(120);
    assertThat(providerRequests(analysis, 40, 41)).isEqualTo(1);
    assertThat(providerRequests(analysis, 100, 101)).isEqualTo(1);
    assertThat(providerRequests(analysis, 159, 160)).isEqualTo(1);
    assertThat(providerRequests(analysis, 5, 6)).isEqualTo(1);
    assertThat(providerRequests(analysis, 11, 13)).isEqualTo(2);
    assertThat(providerRequests(analysis, 10, 14)).isEqualTo(4);
    assertThat(providerRequests(analysis, 14, 30)).isZero();
    assertThat(providerRequests(analysis, 30, 31)).isEqualTo(1);
    assertThat(providerRequests(analysis, 0, 40)).isEqualTo(6);
    assertThat(providerRequests(analysis, 0, 1_000)).isEqualTo(126);
    assertThat(providerRequests(analysis, 160, 1_000)).isZero();
  }

  @Test
  void everythingFindsBothEdgesAlsoWhenALaterInsertHoldsThem() throws SQLException {
    String service = "{urn:edges}" + UUID.randomUUID();
    RecordStore store = new RecordStore(database().dataSource());
    store.insert(
        List.of(
            provider(service, "getBook", 10).build(),
            unreached(service, Outcome.REFUSED, 11, 0).build()));
    // A requester record that reached the log late: earlier than the first insert's.
    store.insert(
        List.of(
            provider(service, "getBook", 20).build(),
            unreached(service, Outcome.REFUSED, 5, 0).build()));
    store.insert(List.of(unreached(service, Outcome.REFUSED, 30, 0).build()));
    store.insert(
        List.of(
            provider(service, "getBook", 25).build(), provider(service, "getBook", 15).build()));
    QosAnalysis analysis = new QosAnalysis(database().dataSource());

    QosQuery provider = analysis.everything(Side.PROVIDER, Optional.of(service)).orElseThrow();
    QosQuery requester = analysis.everything(Side.REQUESTER, Optional.of(service)).orElseThrow();
    QosQuery anyService = analysis.everything(Side.PROVIDER, Optional.empty()).orElseThrow();

    assertThat(provider.from()).isEqualTo(T0.plusSeconds(10));
    assertThat(provider.to()).isEqualTo(T0.plusSeconds(25).plusNanos(1_000));
    assertThat(analysis.analyze(provider).requests()).isEqualTo(4);
    assertThat(requester.from()).isEqualTo(T0.plusSeconds(5));
    assertThat(requester.to()).isEqualTo(T0.plusSeconds(30).plusNanos(1_000));
    assertThat(analysis.analyze(requester).requests()).isEqualTo(3);
    assertThat(anyService.service()).isEmpty();
    assertThat(anyService.from()).isEqualTo(provider.from());
    assertThat(anyService.to()).isEqualTo(provider.to());
    assertThat(analysis.everything(Side.REQUESTER, Optional.of("{urn:none}" + service))).isEmpty();
  }

  /** The monitor README's recipe for deleting old records: by time, through the time index. */
  @Test
  void oldRecordsDeleteByTime() throws SQLException {
    RecordStore store = new RecordStore(database().dataSource());
    store.insert(List.of(provider(10), provider(11), provider(12)));
    store.insert(List.of(provider(5), provider(25)));
    store.insert(List.of(provider(30), provider(31)));
    long bound = T0_MICROS + 20 * 1_000_000L;

    try (Connection c = database().connect();
        PreparedStatement delete =
            c.prepareStatement("DELETE FROM qos_record WHERE recorded_at_us < ?")) {
      delete.setLong(1, bound);
      assertThat(delete.executeUpdate()).isEqualTo(4);
    }
    QosAnalysis analysis = new QosAnalysis(database().dataSource());

    assertThat(rows()).isEqualTo(3);
    assertThat(providerRequests(analysis, 0, 20)).isZero();
    assertThat(providerRequests(analysis, 20, 40)).isEqualTo(3);
  }

  /**
   * Two writers inserting at once into one database (two logs sharing it): their rows interleave in
   * time, and each window takes from both only the records inside it.
   */
  @Test
  void windowsAreExactWhenTwoWritersInsertAtOnce() throws Exception {
    int insertsPerWriter = 10;
    int recordsPerInsert = 60;
    int seconds = 2 * insertsPerWriter * recordsPerInsert;
    List<Thread> writers = new ArrayList<>();
    List<Throwable> failures = new CopyOnWriteArrayList<>();
    for (int writer = 0; writer < 2; writer++) {
      int parity = writer;
      RecordStore store = new RecordStore(database().dataSource());
      Thread thread =
          new Thread(
              () -> {
                try {
                  for (int insert = 0; insert < insertsPerWriter; insert++) {
                    List<QosRecord> batch = new ArrayList<>();
                    for (int k = 0; k < recordsPerInsert; k++) {
                      batch.add(provider(insert * 2L * recordsPerInsert + 2L * k + parity));
                    }
                    store.insert(batch);
                  }
                } catch (Throwable e) {
                  failures.add(e);
                }
              },
              "writer-" + writer);
      writers.add(thread);
    }
    writers.forEach(Thread::start);
    for (Thread thread : writers) {
      thread.join(Duration.ofSeconds(30).toMillis());
      assertThat(thread.isAlive()).as(thread.getName() + " finished").isFalse();
    }
    assertThat(failures).isEmpty();
    QosAnalysis analysis = new QosAnalysis(database().dataSource());

    assertThat(rows()).isEqualTo(seconds);
    // One record per second: every window holds exactly its length in records.
    for (int from = 0; from < seconds; from += 97) {
      int to = Math.min(seconds, from + 1 + from % 151);
      assertThat(providerRequests(analysis, from, to))
          .as("[%d, %d)", from, to)
          .isEqualTo(to - from);
    }
  }

  private static QosRecord provider(long atSecond) {
    return provider(SERVICE, "getBook", atSecond).build();
  }

  private static long providerRequests(QosAnalysis analysis, long fromSecond, long toSecond)
      throws SQLException {
    return analysis
        .analyze(
            QosQuery.window(T0.plusSeconds(fromSecond), T0.plusSeconds(toSecond))
                .side(Side.PROVIDER))
        .requests();
  }

  @Test
  void analysisNarrowsToAnOperationAndBreaksDownByOperation() throws SQLException {
    QosLog log = open(logBuilder());
    log.record(requester("getBook", Outcome.SUCCESS, 0, 10, 50).build());
    log.record(requester("findBooks", Outcome.SUCCESS, 1, 20, 100).build());
    log.record(requester("findBooks", Outcome.TRANSPORT_ERROR, 2, 20, 100).build());
    log.close();
    QosAnalysis analysis = new QosAnalysis(database().dataSource());

    Optional<QosQuery> all = analysis.everything(Side.REQUESTER, Optional.of(SERVICE));
    List<QosQuery> rows = analysis.breakdown(all.orElseThrow());
    QosStatistics findBooks = analysis.analyze(rows.get(0));

    assertThat(all.get().from()).isEqualTo(T0.plusMillis(50));
    assertThat(all.get().to()).isEqualTo(T0.plusSeconds(2).plusMillis(100).plusNanos(1_000));
    assertThat(rows)
        .extracting(q -> q.operation().orElseThrow())
        .containsExactly("findBooks", "getBook");
    assertThat(findBooks.requests()).isEqualTo(2);
    assertThat(findBooks.succeeded()).isEqualTo(1);
    assertThat(findBooks.failedByOutcome()).containsEntry(Outcome.TRANSPORT_ERROR, 1L);
    assertThat(findBooks.execution().maxMicros()).isEqualTo(20_000);
  }

  @Test
  void eachDistinctSetOfNamesIsStoredOnceAndFoundAgainAfterARestart() throws SQLException {
    String service = "{urn:targets}" + UUID.randomUUID();
    QosLog first = open(logBuilder());
    for (int i = 0; i < 30; i++) {
      first.record(provider(service, i % 2 == 0 ? "getBook" : "findBooks", i).build());
    }
    first.record(unreached(Outcome.REFUSED, 30, 3).build());
    first.close();
    QosLog second = open(logBuilder());
    for (int i = 31; i < 40; i++) {
      second.record(provider(service, "getBook", i).build());
    }
    second.close();

    assertThat(rows()).isEqualTo(40);
    assertThat(targets(service)).containsExactly("PROVIDER findBooks", "PROVIDER getBook");
    QosAnalysis analysis = new QosAnalysis(database().dataSource());
    QosQuery all = analysis.everything(Side.PROVIDER, Optional.of(service)).orElseThrow();
    assertThat(analysis.analyze(all.operation("getBook")).requests()).isEqualTo(24);
    assertThat(analysis.analyze(all.operation("findBooks")).requests()).isEqualTo(15);
  }

  @Test
  void twoTargetRowsWithTheSameNamesCountAsOne() throws SQLException {
    String service = "{urn:twins}" + UUID.randomUUID();
    QosLog log = open(logBuilder());
    for (int i = 0; i < 4; i++) {
      log.record(provider(service, "getBook", i).build());
    }
    log.close();
    // What two logs adding the same target at once leave behind: a twin row, and records on both.
    try (Connection c = database().connect();
        PreparedStatement twin =
            c.prepareStatement(
                "INSERT INTO qos_target (service, operation, endpoint, side)"
                    + " VALUES (?, 'getBook', ?, 'PROVIDER')")) {
      twin.setString(1, service);
      twin.setString(2, ENDPOINT);
      twin.executeUpdate();
    }
    assertThat(moveToTheNewestTarget(T0_MICROS + 2_000_000)).isEqualTo(2);
    assertThat(targets(service)).containsExactly("PROVIDER getBook", "PROVIDER getBook");

    QosAnalysis analysis = new QosAnalysis(database().dataSource());
    QosQuery all = analysis.everything(Side.PROVIDER, Optional.of(service)).orElseThrow();
    List<QosQuery> rows = analysis.breakdown(all);

    assertThat(all.from()).isEqualTo(T0);
    assertThat(all.to()).isEqualTo(T0.plusSeconds(3).plusNanos(1_000));
    assertThat(rows)
        .singleElement()
        .satisfies(row -> assertThat(row.operation()).hasValue("getBook"));
    assertThat(analysis.analyze(rows.get(0)).requests()).isEqualTo(4);
  }

  /**
   * Gives the records made at or after {@code fromMicros} the highest target id; returns how many
   * it moved.
   */
  private int moveToTheNewestTarget(long fromMicros) throws SQLException {
    try (Connection c = database().connect();
        PreparedStatement update =
            c.prepareStatement(
                "UPDATE qos_record SET target_id = (SELECT MAX(id) FROM qos_target)"
                    + " WHERE recorded_at_us >= ?")) {
      update.setLong(1, fromMicros);
      return update.executeUpdate();
    }
  }

  /** A provider record of {@code service} at {@code atSecond} after T0, 2 ms of execution. */
  static QosRecord.Builder provider(String service, String operation, long atSecond) {
    long t2 = T0_MICROS + PROVIDER_OFFSET_MICROS + atSecond * 1_000_000;
    return QosRecord.builder(service, operation, ENDPOINT, Side.PROVIDER)
        .recordedAt(T0.plusSeconds(atSecond))
        .outcome(Outcome.SUCCESS)
        .t2(t2)
        .t3(t2 + 2_000);
  }

  /** The {@code qos_target} rows of {@code service}, as "side operation", sorted. */
  List<String> targets(String service) throws SQLException {
    List<String> targets = new ArrayList<>();
    try (Connection c = database().connect();
        PreparedStatement select =
            c.prepareStatement(
                "SELECT side, operation FROM qos_target WHERE service = ?"
                    + " ORDER BY side, operation")) {
      select.setString(1, service);
      try (ResultSet r = select.executeQuery()) {
        while (r.next()) {
          targets.add(r.getString(1) + " " + r.getString(2));
        }
      }
    }
    return targets;
  }

  @Test
  void soapFaultRecordsAreStoredWithTheirOutcomeAndTimesAndCountedAsFailures() throws SQLException {
    QosLog log = open(logBuilder());
    log.record(requester("getBook", Outcome.SOAP_FAULT, 0, 4, 9).sizes(300, 512).build());
    log.record(
        QosRecord.builder(SERVICE, "getBook", ENDPOINT, Side.PROVIDER)
            .recordedAt(T0.plusSeconds(1))
            .outcome(Outcome.SOAP_FAULT)
            .t2(T0_MICROS + PROVIDER_OFFSET_MICROS)
            .t3(T0_MICROS + PROVIDER_OFFSET_MICROS + 3_000)
            .sizes(300, 480)
            .build());
    log.record(requester("getBook", Outcome.SUCCESS, 2, 5, 20).build());
    log.close();

    List<String> rows = new ArrayList<>();
    try (Connection c = database().connect();
        Statement s = c.createStatement();
        ResultSet r =
            s.executeQuery(
                "SELECT side, outcome, validity, execution_us, response_us, response_bytes"
                    + " FROM qos_record_named WHERE outcome = 'SOAP_FAULT' ORDER BY side")) {
      while (r.next()) {
        rows.add(
            r.getString(1)
                + " "
                + r.getString(2)
                + " "
                + r.getString(3)
                + " "
                + r.getLong(4)
                + " "
                + r.getObject(5)
                + " "
                + r.getLong(6));
      }
    }
    QosAnalysis analysis = new QosAnalysis(database().dataSource());
    QosStatistics requester = analysis.analyze(QosQuery.window(T0, T0.plusSeconds(10)));
    QosStatistics provider =
        analysis.analyze(QosQuery.window(T0, T0.plusSeconds(10)).side(Side.PROVIDER));

    assertThat(rows)
        .containsExactly(
            "PROVIDER SOAP_FAULT VALID 3000 null 480", "REQUESTER SOAP_FAULT VALID 4000 9000 512");
    assertThat(requester.requests()).isEqualTo(2);
    assertThat(requester.failedByOutcome()).containsEntry(Outcome.SOAP_FAULT, 1L);
    assertThat(requester.response().count()).isEqualTo(1);
    assertThat(provider.requests()).isEqualTo(1);
    assertThat(provider.succeeded()).isZero();
    assertThat(provider.failedByOutcome()).containsEntry(Outcome.SOAP_FAULT, 1L);
    assertThat(provider.availability()).isZero();
  }

  /**
   * A hundred successes with response times 0.1 s .. 10 s and execution times 1 .. 100 ms, and 25
   * failures, in a 125 s window: every figure the report prints is known in advance.
   */
  @Test
  void everyColumnTheReportPrintsMatchesKnownInputs() throws SQLException {
    String service = "{urn:report}" + UUID.randomUUID();
    List<QosRecord> batch = new ArrayList<>();
    for (int i = 1; i <= 100; i++) {
      batch.add(requester(service, "getBook", Outcome.SUCCESS, i - 1, i, i * 100L).build());
    }
    for (int i = 0; i < 25; i++) {
      Outcome outcome = i < 10 ? Outcome.SOAP_FAULT : i < 20 ? Outcome.TIMEOUT : Outcome.REFUSED;
      batch.add(requester(service, "getBook", outcome, i, 1, 2).build());
    }
    new RecordStore(database().dataSource()).insert(batch);
    QosAnalysis analysis = new QosAnalysis(database().dataSource());
    QosQuery window = QosQuery.window(T0, T0.plusSeconds(125)).service(service);

    QosStatistics stats = analysis.analyze(window);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int status =
        QosReport.report(
            analysis,
            Side.REQUESTER,
            Optional.of(service),
            Optional.of(window.from()),
            Optional.of(window.to()),
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));

    assertThat(stats.requests()).isEqualTo(125);
    assertThat(stats.succeeded()).isEqualTo(100);
    assertThat(stats.failedByOutcome())
        .containsExactlyInAnyOrderEntriesOf(
            Map.of(
                Outcome.SOAP_FAULT, 10L,
                Outcome.TRANSPORT_ERROR, 0L,
                Outcome.TIMEOUT, 10L,
                Outcome.REFUSED, 5L,
                Outcome.HTTP_ERROR, 0L,
                Outcome.BUSY, 0L));
    assertThat(stats.execution())
        .isEqualTo(new TimeStats(100, 1_000, 100_000, 50_500.0, 50_000, 95_000, 99_000));
    assertThat(stats.communication())
        .isEqualTo(
            new TimeStats(100, 99_000, 9_900_000, 4_999_500.0, 4_950_000, 9_405_000, 9_801_000));
    assertThat(stats.response())
        .isEqualTo(
            new TimeStats(100, 100_000, 10_000_000, 5_050_000.0, 5_000_000, 9_500_000, 9_900_000));
    assertThat(stats.throughputPerSecond()).isCloseTo(0.8, within(1e-12));
    assertThat(stats.availability()).isCloseTo(0.8, within(1e-12));
    assertThat(stats.distribution())
        .containsExactly(9L, 10L, 10L, 10L, 10L, 10L, 10L, 10L, 10L, 10L, 1L);
    assertThat(status).isZero();
    String text = out.toString(StandardCharsets.UTF_8);
    String table2 = text.lines().filter(l -> l.startsWith(service)).findFirst().orElseThrow();
    assertThat(table2.split("\\s+"))
        .containsExactly(
            service,
            "getBook",
            ENDPOINT,
            "125",
            "100",
            "25",
            "soap_fault=10,timeout=10,refused=5",
            "1.000",
            "100.000",
            "50.500",
            "99.000",
            "9900.000",
            "4999.500",
            "9500.000",
            "9900.000",
            "0.80",
            "80.00%");
    String table3 =
        text.substring(text.indexOf("Table 3"))
            .lines()
            .filter(l -> l.startsWith(service))
            .findFirst()
            .orElseThrow();
    assertThat(table3)
        .endsWith(
            "   9.00%  10.00%  10.00%  10.00%  10.00%  10.00%  10.00%  10.00%  10.00%  10.00%"
                + "   1.00%");
  }

  /**
   * Percentiles are nearest-rank values of the sample, as {@link TimeStats#of} computes them in
   * Java, whatever the number of values.
   */
  @Test
  void percentilesAreNearestRankValuesForAnyNumberOfSamples() throws SQLException {
    RecordStore store = new RecordStore(database().dataSource());
    QosAnalysis analysis = new QosAnalysis(database().dataSource());
    for (int n : new int[] {1, 2, 3, 7, 20, 21, 99, 101, 333}) {
      String service = "{urn:percentiles}" + n + "-" + UUID.randomUUID();
      List<QosRecord> batch = new ArrayList<>();
      long[] responses = new long[n];
      for (int i = 0; i < n; i++) {
        // Distinct, shuffled response times: i * 7 mod n scatters the ranks.
        long millis = 1 + (i * 7L) % n * 3;
        responses[i] = millis * 1_000;
        batch.add(requester(service, "getBook", Outcome.SUCCESS, i % 50, 0, millis).build());
      }
      store.insert(batch);

      TimeStats response =
          analysis.analyze(QosQuery.window(T0, T0.plusSeconds(100)).service(service)).response();

      assertThat(response).as("n = %d", n).isEqualTo(TimeStats.of(responses, n));
    }
  }

  /**
   * A window whose records are too many to keep in memory gets its percentiles from the database
   * ({@code PERCENTILE_DISC}): the same figures as the one pass keeps, at the nearest rank's edge
   * counts, with ties, failures and forged records around them, and for a window without succeeded
   * records or without any record.
   */
  @Test
  void percentilesFromTheDatabaseEqualThoseKeptInMemory() throws SQLException {
    RecordStore store = new RecordStore(database().dataSource());
    QosAnalysis inMemory = new QosAnalysis(database().dataSource());
    QosAnalysis inDatabase = new QosAnalysis(database().dataSource(), 0);
    for (int n : new int[] {0, 1, 2, 19, 20, 21}) {
      String service = "{urn:edges}" + n + "-" + UUID.randomUUID();
      List<QosRecord> batch = new ArrayList<>();
      long[] executions = new long[n];
      long[] responses = new long[n];
      for (int i = 0; i < n; i++) {
        // Few distinct values, out of order: ranks fall inside runs of ties.
        long executionMillis = 1 + (i * 7L) % 4;
        long responseMillis = 10 + (i * 11L) % (n / 3 + 1) * 5;
        executions[i] = executionMillis * 1_000;
        responses[i] = responseMillis * 1_000;
        batch.add(
            requester(service, "getBook", Outcome.SUCCESS, i % 50, executionMillis, responseMillis)
                .build());
      }
      batch.add(unreached(service, Outcome.TIMEOUT, 3, 3_000).build());
      batch.add(requester(service, "getBook", Outcome.SUCCESS, 4, 30, 20).t4(T0_MICROS).build());
      store.insert(batch);
      QosQuery window = QosQuery.window(T0, T0.plusSeconds(100)).service(service);

      QosStatistics kept = inMemory.analyze(window);
      QosStatistics asked = inDatabase.analyze(window);

      assertThat(asked).as("n = %d", n).isEqualTo(kept);
      assertThat(kept.execution()).as("n = %d", n).isEqualTo(TimeStats.of(executions, n));
      assertThat(kept.response()).as("n = %d", n).isEqualTo(TimeStats.of(responses, n));
      assertThat(kept.requests()).isEqualTo(n + 1);
      assertThat(kept.invalidByReason()).containsOnlyKeys(Validity.NEGATIVE_DIFFERENCE);
    }
    QosQuery nothing = QosQuery.window(T0, T0.plusSeconds(100)).service("{urn:edges}none");
    assertThat(inDatabase.analyze(nothing)).isEqualTo(inMemory.analyze(nothing));
    assertThat(inMemory.analyze(nothing).response()).isEqualTo(TimeStats.EMPTY);
  }

  /**
   * A batch whose names hold what COPY's text format and SQL treat specially: on PostgreSQL the
   * rows go through COPY, elsewhere through multi-row inserts; either way every name comes back as
   * it was, on the record it belongs to.
   */
  @Test
  void aBatchWithAwkwardNamesIsStoredVerbatim() throws SQLException {
    List<String> names =
        List.of(
            "tab\there",
            "new\nline\r\nand CR",
            "back\\slash \\N \\t",
            "\\.",
            "\\.\n\\.",
            "quotes ' \" `",
            "unicode \u00e9\u4e2d\ud83d\ude00",
            "semi; DROP TABLE qos_record; --",
            "\u0001\u001f control");
    String service = "{urn:awkward}" + UUID.randomUUID();
    List<QosRecord> batch = new ArrayList<>();
    for (int i = 0; i < names.size(); i++) {
      batch.add(
          QosRecord.builder(service, names.get(i), names.get(names.size() - 1 - i), Side.PROVIDER)
              .recordedAt(T0.plusSeconds(i))
              .t2(T0_MICROS + i)
              .t3(T0_MICROS + i + 10)
              .build());
    }

    new RecordStore(database().dataSource()).insert(batch);

    List<String> stored = new ArrayList<>();
    try (Connection c = database().connect();
        PreparedStatement select =
            c.prepareStatement(
                "SELECT operation, endpoint, execution_us FROM qos_record_named"
                    + " WHERE service = ? ORDER BY recorded_at_us")) {
      select.setString(1, service);
      try (ResultSet r = select.executeQuery()) {
        while (r.next()) {
          assertThat(r.getLong(3)).isEqualTo(10);
          stored.add(r.getString(1) + "|" + r.getString(2));
        }
      }
    }
    List<String> expected = new ArrayList<>();
    for (int i = 0; i < names.size(); i++) {
      expected.add(names.get(i) + "|" + names.get(names.size() - 1 - i));
    }
    assertThat(stored).containsExactlyElementsOf(expected);
  }

  /** As {@link #requester(String, Outcome, long, long, long)}, of {@code service}. */
  static QosRecord.Builder requester(
      String service,
      String operation,
      Outcome outcome,
      long atSecond,
      long executionMillis,
      long responseMillis) {
    long t1 = T0_MICROS + atSecond * 1_000_000;
    long t2 = t1 + PROVIDER_OFFSET_MICROS + 1_000;
    return QosRecord.builder(service, operation, ENDPOINT, Side.REQUESTER)
        .recordedAt(T0.plusSeconds(atSecond).plusMillis(responseMillis))
        .outcome(outcome)
        .t1(t1)
        .t2(t2)
        .t3(t2 + executionMillis * 1_000)
        .t4(t1 + responseMillis * 1_000);
  }

  @Test
  void invalidRecordsAreStoredAndCountedButNeverReachTheTimers() throws SQLException {
    QosLog log = open(logBuilder());
    log.record(requester("getBook", Outcome.SUCCESS, 0, 10, 50).build());
    log.record(requester("getBook", Outcome.SUCCESS, 1, 60, 50).build());
    log.record(requester("getBook", Outcome.SUCCESS, 2, 10, 50).t3(0).build());

    log.close();

    assertThat(rows()).isEqualTo(3);
    assertThat(registry.get("wsqos.monitor.response").timers())
        .singleElement()
        .satisfies(timer -> assertThat(timer.count()).isEqualTo(1));
    assertThat(
            registry
                .get("wsqos.monitor.records.invalid")
                .tag("reason", "EXECUTION_EXCEEDS_RESPONSE")
                .counter()
                .count())
        .isEqualTo(1);
    assertThat(
            registry
                .get("wsqos.monitor.records.invalid")
                .tag("reason", "NEGATIVE_DIFFERENCE")
                .counter()
                .count())
        .isEqualTo(1);
  }
}

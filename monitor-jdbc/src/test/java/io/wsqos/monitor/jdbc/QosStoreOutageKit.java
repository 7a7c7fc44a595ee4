package io.wsqos.monitor.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.wsqos.monitor.Outcome;
import io.wsqos.monitor.QosLog;
import io.wsqos.monitor.QosRecord;
import io.wsqos.monitor.Side;
import io.wsqos.testing.db.TestDatabase;
import io.wsqos.testing.net.TcpRelay;
import java.net.InetSocketAddress;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What every database store must do alike when its database goes away and comes back: the log
 * reaches the database through a {@link TcpRelay} that a test cuts (its connections reset, its port
 * closed) and restores. Records keep coming meanwhile; they are retried and none is lost when the
 * database is back in time, counted lost when it is not, and dropped (without blocking) when the
 * queue fills up. A cut in the middle of a batch's write stores none of it, and its retry stores it
 * all, once. Run against each real database by a subclass.
 */
abstract class QosStoreOutageKit {

  static final Instant T0 = Instant.parse("2026-11-25T12:00:00Z");
  static final long T0_MICROS = ChronoUnit.MICROS.between(Instant.EPOCH, T0);

  /** Long enough for any recovery here: the backoff doubles from a few ms up to a few seconds. */
  private static final Duration RECOVERY = Duration.ofSeconds(30);

  /** Bytes a batch write sends to the database before the relay cuts it: a small part of it. */
  private static final long BYTES_BEFORE_THE_CUT = 64 * 1024;

  final SimpleMeterRegistry registry = new SimpleMeterRegistry();
  TcpRelay relay;
  private final List<QosLog> logs = new ArrayList<>();

  /** The database, migrated, for checks made around the relay. */
  abstract TestDatabase database();

  /** Where the database listens for TCP connections. */
  abstract InetSocketAddress databaseAddress();

  /** A JDBC URL of {@link #database()} through a server listening at 127.0.0.1:{@code port}. */
  abstract String url(int port);

  @BeforeEach
  void relayTheDatabase() throws SQLException {
    database().deleteAll(MonitorSchema.RECORDS);
    relay = TcpRelay.to(databaseAddress());
  }

  @AfterEach
  void closeEverything() {
    logs.forEach(QosLog::close);
    relay.close();
  }

  /** A log storing each batch at once through the relay, retried {@code attempts} times. */
  QosLog.Builder logBuilder(int attempts) {
    return QosLog.builder(registry)
        .store(
            JdbcRecordStore.builder()
                .url(url(relay.port()), database().user(), "")
                .connectionTimeout(JdbcRecordStore.MIN_CONNECTION_TIMEOUT)
                .poolName("outage-kit-pool")
                .build())
        .flushInterval(Duration.ofMillis(10))
        .storeInterval(Duration.ZERO)
        .retries(attempts, Duration.ofMillis(20));
  }

  QosLog open(QosLog.Builder builder) {
    QosLog log = builder.build();
    logs.add(log);
    return log;
  }

  static QosRecord record(long atMillis) {
    long t1 = T0_MICROS + atMillis * 1_000;
    return QosRecord.builder("{urn:outage}S", "getBook", "http://provider/s", Side.REQUESTER)
        .recordedAt(T0.plusMillis(atMillis + 20))
        .outcome(Outcome.SUCCESS)
        .t1(t1)
        .t4(t1 + 20_000)
        .build();
  }

  double counter(String name) {
    return registry.get(name).counter().count();
  }

  long rows() throws SQLException {
    return MonitorSchema.records(database());
  }

  /** The records stored, each counted once however many times it was stored. */
  long distinctT1() throws SQLException {
    try (Connection c = database().connect();
        Statement s = c.createStatement();
        ResultSet r = s.executeQuery("SELECT COUNT(DISTINCT t1_us) FROM qos_record")) {
      r.next();
      return r.getLong(1);
    }
  }

  @Test
  void recordsMadeWhileTheDatabaseIsDownAreRetriedAndAllStoredWhenItComesBack()
      throws SQLException {
    QosLog log = open(logBuilder(QosLog.MAX_WRITE_ATTEMPTS));
    for (int i = 0; i < 5; i++) {
      log.record(record(i));
    }
    await().until(() -> counter("wsqos.monitor.records.written") == 5);
    int connectionsBefore = relay.relayed();

    relay.cut();
    for (int i = 5; i < 10; i++) {
      log.record(record(i));
    }
    await().until(() -> counter("wsqos.monitor.write.failures") >= 2);
    for (int i = 10; i < 15; i++) {
      log.record(record(i));
    }
    relay.restore();

    await().atMost(RECOVERY).until(() -> counter("wsqos.monitor.records.written") == 15);
    assertThat(rows()).isEqualTo(15);
    assertThat(counter("wsqos.monitor.records.lost")).isZero();
    assertThat(counter("wsqos.monitor.records.dropped")).isZero();
    // The pool's connections died with the cut: what came after went through new ones.
    assertThat(relay.relayed()).isGreaterThan(connectionsBefore);
  }

  @Test
  void aCutInTheMiddleOfABatchWriteStoresEveryRecordExactlyOnceWhenTheDatabaseComesBack()
      throws SQLException {
    int records = 2_000;
    // The batch fills to all the records: they are made long before this interval ends.
    QosLog log =
        open(
            logBuilder(QosLog.MAX_WRITE_ATTEMPTS)
                .batchSize(records)
                .queueCapacity(records)
                .flushInterval(Duration.ofSeconds(20)));
    // The batch's rows are over 100 bytes each on the wire: the cut falls well inside its write,
    // after the first rows reached the database and before its commit.
    relay.cutAfterBytesToTarget(BYTES_BEFORE_THE_CUT);

    for (int i = 0; i < records; i++) {
      log.record(record(i));
    }

    await().atMost(RECOVERY).until(relay::isCut);
    await().atMost(RECOVERY).until(() -> counter("wsqos.monitor.write.failures") >= 1);
    assertThat(rows()).as("nothing of the cut batch is stored").isZero();
    relay.restore();

    await().atMost(RECOVERY).until(() -> counter("wsqos.monitor.records.written") == records);
    assertThat(rows()).isEqualTo(records);
    assertThat(distinctT1()).isEqualTo(records);
    assertThat(counter("wsqos.monitor.records.lost")).isZero();
    assertThat(counter("wsqos.monitor.records.dropped")).isZero();
  }

  @Test
  void recordsStillUnstoredAfterTheLastAttemptAreCountedLostAndTheLogWorksAgainAfterwards()
      throws SQLException {
    QosLog log = open(logBuilder(3).batchSize(10));
    log.record(record(0));
    await().until(() -> counter("wsqos.monitor.records.written") == 1);

    relay.cut();
    for (int i = 1; i <= 4; i++) {
      log.record(record(i));
    }
    await().atMost(RECOVERY).until(() -> counter("wsqos.monitor.records.lost") == 4);
    int connectionsBefore = relay.relayed();
    relay.restore();
    // The pool reconnects on its own, in the background, to keep its idle connection.
    await().atMost(RECOVERY).until(() -> relay.relayed() > connectionsBefore);
    log.record(record(5));

    await().atMost(RECOVERY).until(() -> counter("wsqos.monitor.records.written") == 2);
    assertThat(counter("wsqos.monitor.write.failures")).isGreaterThanOrEqualTo(3);
    assertThat(rows()).isEqualTo(2);
  }

  @Test
  void aFullQueueDropsAndCountsWithoutBlockingWhileTheDatabaseIsDown() throws SQLException {
    int capacity = 50;
    int extra = 7;
    QosLog log = open(logBuilder(QosLog.MAX_WRITE_ATTEMPTS).queueCapacity(capacity).batchSize(1));
    List<Boolean> accepted = new ArrayList<>();
    relay.cut();

    // The writer takes the first record and then retries it while the database is down.
    log.record(record(0));
    await().until(() -> log.queued() == 0 && counter("wsqos.monitor.write.failures") >= 1);
    assertTimeoutPreemptively(
        Duration.ofSeconds(30),
        () -> {
          for (int i = 1; i <= capacity + extra; i++) {
            accepted.add(log.record(record(i)));
          }
        });

    assertThat(accepted.subList(0, capacity)).containsOnly(true);
    assertThat(accepted.subList(capacity, capacity + extra)).containsOnly(false);
    assertThat(log.queued()).isEqualTo(capacity);
    assertThat(counter("wsqos.monitor.records.dropped")).isEqualTo(extra);
    assertThat(registry.get("wsqos.monitor.queue.size").gauge().value()).isEqualTo(capacity);
    relay.restore();

    await().atMost(RECOVERY).until(() -> counter("wsqos.monitor.records.written") == 1 + capacity);
    assertThat(rows()).isEqualTo(1 + capacity);
    assertThat(counter("wsqos.monitor.records.lost")).isZero();
  }
}

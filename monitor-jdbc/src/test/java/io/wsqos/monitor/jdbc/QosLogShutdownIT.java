package io.wsqos.monitor.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.wsqos.monitor.QosLog;
import io.wsqos.monitor.QosRecord;
import io.wsqos.monitor.Side;
import io.wsqos.testing.ChildJvm;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A log closed from a JVM shutdown hook, as servers commonly do, in a JVM of its own that exits
 * with records still queued: everything queued reaches the H2 file, although H2 registers a
 * shutdown hook of its own that would close the database under the writer. Run by failsafe.
 */
class QosLogShutdownIT {

  static final int RECORDS = 20_000;

  @TempDir Path dir;

  @Test
  void aLogClosedByAShutdownHookWritesItsQueueBeforeH2Closes() throws Exception {
    // The URL as a user would write it: nothing about shutdown in it.
    String url = "jdbc:h2:file:" + dir.resolve("qos").toAbsolutePath();
    int exit;
    String said;
    try (ChildJvm child =
        ChildJvm.builder(LogThenExit.class)
            .args(url, Integer.toString(RECORDS))
            .logDirectory(dir)
            .stderrToStdout()
            .start()) {
      exit = child.awaitExit(Duration.ofSeconds(150));
      said = child.stdout();
    }
    assertThat(exit).as(said).isZero();
    assertThat(said).contains("written=" + RECORDS + " lost=0 dropped=0");
    try (Connection connection = DriverManager.getConnection(url, "", "");
        ResultSet rows =
            connection.createStatement().executeQuery("SELECT COUNT(*) FROM qos_record")) {
      rows.next();
      assertThat(rows.getLong(1)).isEqualTo(RECORDS);
    }
  }

  /**
   * The child: queues {@code RECORDS} records, then exits at once; its shutdown hook closes the log
   * and prints the counters. One write attempt per batch, so that a batch the database refuses is
   * lost rather than saved by a retry that happens to reopen it.
   */
  public static final class LogThenExit {
    public static void main(String[] args) {
      SimpleMeterRegistry registry = new SimpleMeterRegistry();
      int records = Integer.parseInt(args[1]);
      QosLog log =
          QosLog.builder(registry)
              .store(JdbcRecordStore.builder().url(args[0], "", "").build())
              .queueCapacity(records)
              .retries(1, Duration.ofMillis(1))
              // What is asserted is the order of the shutdown hooks, not the writer's speed on a
              // busy machine.
              .closeTimeout(Duration.ofSeconds(100))
              .build();
      Runtime.getRuntime()
          .addShutdownHook(
              new Thread(
                  () -> {
                    log.close();
                    System.out.printf(
                        "written=%.0f lost=%.0f dropped=%.0f%n",
                        registry.get("wsqos.monitor.records.written").counter().count(),
                        registry.get("wsqos.monitor.records.lost").counter().count(),
                        registry.get("wsqos.monitor.records.dropped").counter().count());
                  }));
      Instant now = Instant.now();
      for (int i = 0; i < records; i++) {
        log.record(
            QosRecord.builder("Bookstore", "getBook", "http://127.0.0.1:1/bookstore", Side.PROVIDER)
                .recordedAt(now.plusNanos(i * 1_000L))
                .t2(10)
                .t3(20 + i % 100)
                .build());
      }
      System.exit(0);
    }
  }
}

package io.wsqos.benchmarks.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.wsqos.benchmarks.load.RunResult;
import io.wsqos.examples.bookstore.BookstoreImpl;
import io.wsqos.examples.bookstore.BookstoreServer;
import io.wsqos.monitor.Outcome;
import io.wsqos.monitor.QosRecord;
import io.wsqos.monitor.cxf.MonitoringFeature;
import io.wsqos.testing.net.ClosedPort;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The monitoring-client experiment's client JVM, for real: a {@link MonitoringClient} process
 * calling a bookstore on loopback through its CXF proxy, driven over its stdin. Run by failsafe.
 */
class MonitoringClientIT {

  @Test
  void aMonitoredClientCallsTheServerAndLogsOneRecordPerCall(@TempDir Path work) throws Exception {
    ConcurrentLinkedQueue<QosRecord> providerRecords = new ConcurrentLinkedQueue<>();
    try (BookstoreServer server =
        BookstoreServer.start(
            "127.0.0.1",
            0,
            new BookstoreImpl(),
            List.of(MonitoringFeature.builder().listener(providerRecords::addAll).build()))) {
      Path stats = work.resolve("client.properties");
      RunResult run;
      try (ClientProcess client =
          ClientProcess.start("monitored", command(server.address(), "monitored", work, stats))) {
        // A cold client JVM's first call (class loading, the HTTP client starting) can outlast a
        // short window on a slow machine: run again, a bounded number of times, until one counts.
        int runs = 0;
        do {
          run = client.run(2, Duration.ofMillis(200), Duration.ofMillis(1_000));
        } while (run.succeeded() == 0 && ++runs < 10);
      }

      assertThat(run.succeeded()).isPositive();
      assertThat(run.failed()).isZero();
      assertThat(run.latencyMicros().getTotalCount()).isEqualTo(run.succeeded());
      assertThat(run.window()).isEqualTo(Duration.ofMillis(1_000));
      Properties counters = load(stats);
      long calls = Long.parseLong(counters.getProperty("calls.SUCCESS"));
      assertThat(calls).isGreaterThanOrEqualTo(run.succeeded());
      // Stopping closed the log: every call's record is in its database.
      assertThat(counters.getProperty("wsqos.monitor.records.written"))
          .isEqualTo(Long.toString(calls));
      assertThat(counters.getProperty("wsqos.monitor.records.dropped")).isEqualTo("0");
      assertThat(counters.getProperty("transport")).isEqualTo("httpclient");
      assertThat(counters.stringPropertyNames())
          .anyMatch(n -> n.startsWith("thread.cpu.ns.wsqos-caller-"));
      // The client sent its t1: the provider's records hold it.
      await().atMost(Duration.ofSeconds(10)).until(() -> providerRecords.size() == calls);
      assertThat(providerRecords).allMatch(r -> r.t1Micros() != QosRecord.ABSENT);
    }
  }

  @Test
  void aRefusedConnectionIsAFailedCallAndStillARecord(@TempDir Path work) throws Exception {
    try (ClosedPort closed = ClosedPort.open()) {
      int closedPort = closed.port();
      Path stats = work.resolve("client.properties");
      RunResult run;
      try (ClientProcess client =
          ClientProcess.start(
              "refused",
              command(
                  "http://127.0.0.1:" + closedPort + "/bookstore",
                  "monitored",
                  work,
                  stats,
                  "--transport=urlconnection"))) {
        run = client.run(1, Duration.ZERO, Duration.ofMillis(300));
      }

      assertThat(run.succeeded()).isZero();
      assertThat(run.count(Outcome.REFUSED)).isPositive().isEqualTo(run.requests());
      Properties counters = load(stats);
      assertThat(counters.getProperty("wsqos.monitor.records.written"))
          .isEqualTo(counters.getProperty("calls.REFUSED"));
    }
  }

  @Test
  void aBadOptionStopsTheClientWithItsReason(@TempDir Path work) {
    assertThatThrownBy(
            () ->
                ClientProcess.start(
                    "bad",
                    command("http://127.0.0.1:1/bookstore", "loud", work, work.resolve("s"))))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("client bad (pid")
        .hasMessageContaining(") exited with");
  }

  private static List<String> command(
      String url, String mode, Path work, Path stats, String... extra) {
    List<String> command = new ArrayList<>();
    command.add(ChildProcess.javaCommand());
    command.addAll(List.of("-Xmx256m", "-cp", System.getProperty("java.class.path")));
    command.add(MonitoringClient.class.getName());
    command.addAll(
        List.of(
            "--mode=" + mode,
            "--url=" + url,
            "--db-dir=" + work.resolve("db"),
            "--stats-file=" + stats));
    command.addAll(List.of(extra));
    return command;
  }

  private static Properties load(Path file) throws Exception {
    Properties p = new Properties();
    try (Reader in = Files.newBufferedReader(file)) {
      p.load(in);
    }
    return p;
  }
}

package io.wsqos.monitor.jdbc.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.wsqos.monitor.QosLog;
import io.wsqos.monitor.Side;
import io.wsqos.monitor.jdbc.JdbcRecordStore;
import io.wsqos.testing.ChildJvm;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code java -jar target/wsqos-report.jar} as a user runs it: stdout holds the tables and nothing
 * else (no library's logging), and a filter that matches nothing says so and exits 1. Run by
 * failsafe, after the jar is packaged.
 */
class QosReportJarIT {

  private static final Path JAR = Path.of("target", "wsqos-report.jar");
  private static final Duration EXIT = Duration.ofMinutes(1);

  @TempDir Path directory;

  String database() {
    String url = "jdbc:h2:file:" + directory.resolve("monitor").toAbsolutePath();
    try (QosLog log =
        QosLog.builder(new SimpleMeterRegistry())
            .store(JdbcRecordStore.builder().url(url, "", "").build())
            .build()) {
      log.record(QosReportTest.record(QosReportTest.BOOKSTORE, Side.REQUESTER));
    }
    return url;
  }

  ChildJvm.Builder report(String... args) {
    return ChildJvm.jar(JAR).name("wsqos-report").args(args).logDirectory(directory);
  }

  @Test
  void stdoutHoldsTheTablesAndNothingElse() {
    assertThat(JAR).as("the shaded jar; run by failsafe after package").isRegularFile();
    String url = database();

    try (ChildJvm report = report("--jdbc-url", url, "--service", "Bookstore").start()) {
      int status = report.awaitExit(EXIT);

      assertThat(status).as(report.log()).isZero();
      assertThat(report.stdout()).startsWith("QoS report, requester side");
      assertThat(report.stdout()).doesNotContain("DEBUG", "INFO", "HikariPool");
      assertThat(report.stderr()).as("no library logs below WARN").isEmpty();
    }
  }

  @Test
  void aServiceThatMatchesNothingExitsOneWithTheReasonOnStderr() {
    String url = database();

    try (ChildJvm report = report("--jdbc-url", url, "--service", "Svc1").start()) {
      int status = report.awaitExit(EXIT);

      assertThat(status).as(report.log()).isEqualTo(1);
      assertThat(report.stdout()).isEmpty();
      assertThat(report.stderr()).startsWith("No service Svc1 among the requester records");
    }
  }
}

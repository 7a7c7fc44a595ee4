package io.wsqos.benchmarks.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import io.wsqos.core.cli.Arguments;
import io.wsqos.core.cli.Options;
import java.io.Reader;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MonitoringServerTest {

  @Test
  void h2SettingsReplaceTheRecommendedOnesOnTheLogsOwnFile() {
    Arguments with = parse(List.of("--h2-settings=CACHE_SIZE=256;WRITE_DELAY=100"));
    Arguments without = parse(List.of());

    assertThat(MonitoringServer.logFileUrl(Path.of("/tmp/x"), with))
        .isEqualTo(
            "jdbc:h2:file:/tmp/x/"
                + MonitoringServer.DATABASE_NAME
                + ";CACHE_SIZE=256;WRITE_DELAY=100");
    assertThat(MonitoringServer.logFileUrl(Path.of("/tmp/x"), without))
        .isEqualTo(MonitoringServer.jdbcUrl(Path.of("/tmp/x")))
        .isEqualTo("jdbc:h2:file:/tmp/x/" + MonitoringServer.DATABASE_NAME + ";CACHE_SIZE=1024");
    assertThat(MonitoringServer.h2Settings(without)).isEmpty();
  }

  @Test
  void theLogFileIsTheH2FileInTheDbDirWhateverItsSettingsAndNothingElse() {
    Path file = Path.of("/tmp/x", MonitoringServer.DATABASE_NAME + ".mv.db");

    assertThat(MonitoringServer.logFile(parse(List.of("--db-dir=/tmp/x")))).hasValue(file);
    assertThat(
            MonitoringServer.logFile(
                parse(
                    List.of(
                        "--db-dir=/tmp/x",
                        "--jdbc-url=" + MonitoringServer.jdbcUrl(Path.of("/tmp/x"))))))
        .hasValue(file);
    assertThat(
            MonitoringServer.logFile(
                parse(List.of("--db-dir=/tmp/x", "--h2-settings=CACHE_SIZE=256"))))
        .hasValue(file);
    assertThat(
            MonitoringServer.logFile(
                parse(List.of("--db-dir=/tmp/x", "--jdbc-url=jdbc:postgresql://127.0.0.1/test"))))
        .isEmpty();
    assertThat(
            MonitoringServer.logFile(
                parse(List.of("--db-dir=/tmp/x", "--jdbc-url=jdbc:h2:file:/tmp/x/qos2"))))
        .isEmpty();
  }

  @Test
  void aMonitoredServerStoppedBySigtermReportsItsRecordsAndItsLogFilesSize(@TempDir Path work)
      throws Exception {
    Path dbDir = work.resolve("db");
    Path stats = work.resolve("server.properties");
    byte[] request = Files.readAllBytes(Path.of("../examples/bookstore/requests/lite-1.xml"));
    HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    try (BookstoreProcess server =
        BookstoreProcess.start(
            List.of(
                ChildProcess.javaCommand(),
                "-cp",
                System.getProperty("java.class.path"),
                MonitoringServer.class.getName(),
                "--mode=monitored",
                "--host=127.0.0.1",
                "--db-dir=" + dbDir,
                // As the experiments start it: the URL given, naming the file in --db-dir.
                "--jdbc-url=" + MonitoringServer.jdbcUrl(dbDir),
                "--stats-file=" + stats))) {
      for (int i = 0; i < 20; i++) {
        HttpResponse<String> response =
            http.send(
                HttpRequest.newBuilder(server.address())
                    .header("Content-Type", "text/xml; charset=UTF-8")
                    .POST(HttpRequest.BodyPublishers.ofByteArray(request))
                    .timeout(Duration.ofSeconds(30))
                    .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).isEqualTo(200);
      }
    }

    Properties counters = new Properties();
    try (Reader in = Files.newBufferedReader(stats)) {
      counters.load(in);
    }
    assertThat(counters.getProperty("responses")).isEqualTo("20");
    assertThat(counters.getProperty("wsqos.monitor.records.written")).isEqualTo("20");
    Path file = dbDir.resolve(MonitoringServer.DATABASE_NAME + ".mv.db");
    assertThat(counters.getProperty(MonitoringServer.LOG_FILE_BYTES))
        .isEqualTo(Long.toString(Files.size(file)));
  }

  private static Arguments parse(List<String> argv) {
    return Options.of("MonitoringServer", "test", MonitoringServer.LOG_OPTIONS)
        .parse(argv.toArray(String[]::new));
  }
}

package io.wsqos.examples.bookstore;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.wsqos.monitor.jdbc.report.QosReport;
import io.wsqos.testing.RawHttp;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The showcase as a user runs it: the launcher with {@code --compression dynamic --monitor} answers
 * the sample requests, compressed when the client asks for it, and its records become the monitor's
 * Tables 2 and 3, on the server's own page and from {@link QosReport}.
 */
class LauncherEndToEndTest {

  /** The sample requests with a body above the compression feature's smallest. */
  private static final List<String> LARGE = List.of("lite-1.xml", "heavy-1.xml", "heavy-5.xml");

  @TempDir Path directory;

  @Test
  void dynamicCompressionAndTheMonitorAnswerCompressedAndReportTables2And3() throws Exception {
    Path dbDir = directory.resolve("monitor");
    Path stats = directory.resolve("stats.properties");
    BookstoreServer server =
        BookstoreServer.launch(
            BookstoreOptions.OPTIONS.parse(
                "--port=0",
                "--compression",
                "dynamic",
                "--monitor",
                "--monitor-db-dir",
                dbDir.toString(),
                "--monitor-store-interval",
                "0",
                "--stats-file",
                stats.toString()));
    try {
      RawHttp.Response hello = post(server.address(), "hello.xml", "identity");
      assertThat(hello.status()).isEqualTo(200);
      assertThat(hello.header("Content-Encoding")).isEmpty();
      assertThat(hello.text()).contains("Hello world!");
      for (String request : LARGE) {
        // identity;q=0: the client asks for compression, so the load cannot refuse it.
        RawHttp.Response response = post(server.address(), request, "gzip, identity;q=0");

        assertThat(response.status()).as(request).isEqualTo(200);
        assertThat(response.header("Content-Encoding")).as(request).contains("gzip");
        assertThat(gunzip(response.content())).as(request).contains("Response>");
      }
      RawHttp.Response plain = post(server.address(), "heavy-2.xml", "identity");
      assertThat(plain.header("Content-Encoding")).isEmpty();

      await()
          .atMost(Duration.ofSeconds(30))
          .untilAsserted(
              () ->
                  assertThat(get(server.address(BookstoreServer.REPORT_PATH)))
                      .contains("Table 2. Performance")
                      .contains("Table 3. Response-time distribution")
                      .contains(" getBookDetails ")
                      .contains(" getBookInfo ")
                      .contains(" hello "));
      assertThat(get(server.address(BookstoreServer.METRICS_PATH)))
          .contains("# TYPE")
          .contains("wsqos_");
    } finally {
      server.close();
    }

    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status =
        QosReport.run(
            new String[] {
              "--jdbc-url=jdbc:h2:file:" + dbDir.toAbsolutePath().resolve("qos"),
              "--side",
              "provider"
            },
            new PrintStream(out, true, UTF_8),
            new PrintStream(err, true, UTF_8));
    String report = out.toString(UTF_8);
    Properties counters = new Properties();
    try (InputStream in = Files.newInputStream(stats)) {
      counters.load(in);
    }

    assertThat(status).as(err.toString(UTF_8)).isZero();
    assertThat(report)
        .contains("Table 2. Performance")
        .contains("Table 3. Response-time distribution");
    assertThat(report.lines().filter(line -> line.contains(" getBookDetails ")))
        .as("one row per table")
        .hasSize(2)
        .allSatisfy(line -> assertThat(line).contains("BookstoreService"));
    assertThat(counters)
        .containsEntry("mode", "monitored")
        .containsEntry("compression", "dynamic")
        .containsEntry("responses", "5")
        .containsEntry("faults", "0")
        .containsKey(BookstoreServer.LOG_FILE_BYTES)
        .containsKey("process.cpu.ns");
  }

  @Test
  void withoutTheMonitorThereIsNoReportButMetricsAndCxfGzipCompresses() throws Exception {
    try (BookstoreServer server =
        BookstoreServer.launch("--port", "0", "--compression", "cxf-gzip")) {

      RawHttp.Response heavy = post(server.address(), "heavy-1.xml", "gzip");
      RawHttp.Response report = RawHttp.get(server.address(BookstoreServer.REPORT_PATH));

      assertThat(heavy.header("Content-Encoding")).contains("gzip");
      assertThat(gunzip(heavy.content())).contains("getBookDetailsResponse");
      assertThat(report.status()).isEqualTo(404);
      assertThat(get(server.address(BookstoreServer.METRICS_PATH))).isNotNull();
      assertThat(get(server.address(BookstoreServer.READY_PATH))).isEqualTo("ready\n");
    }
  }

  @Test
  void theReportRefusesAnUnknownSide() throws Exception {
    try (BookstoreServer server =
        BookstoreServer.launch(
            BookstoreOptions.OPTIONS.parse(
                "--port", "0", "--monitor", "--monitor-db-dir", directory.toString()))) {

      RawHttp.Response response =
          RawHttp.get(server.address(BookstoreServer.REPORT_PATH) + "?side=both");

      assertThat(response.status()).isEqualTo(400);
      assertThat(response.text()).contains("side: both (expected: provider or requester)");
    }
  }

  private static RawHttp.Response post(String address, String request, String acceptEncoding)
      throws IOException {
    return RawHttp.postXml(
        address,
        Files.readAllBytes(Path.of("requests", request)),
        "Accept-Encoding",
        acceptEncoding);
  }

  private static String get(String address) {
    RawHttp.Response response = RawHttp.get(address);
    assertThat(response.status()).as(address).isEqualTo(200);
    return response.text();
  }

  private static String gunzip(byte[] body) throws IOException {
    try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(body))) {
      return new String(in.readAllBytes(), UTF_8);
    }
  }
}

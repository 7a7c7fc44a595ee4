package io.wsqos.benchmarks.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.wsqos.benchmarks.load.ScriptedHttpServer.Mode;
import io.wsqos.monitor.Outcome;
import io.wsqos.testing.net.ClosedPort;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class OpenLoopDriverTest {

  static final String OK =
      "HTTP/1.1 200 OK\r\nContent-Type: text/xml\r\nContent-Length: 5\r\n\r\nhello";
  static final String SOAP_FAULT_BODY =
      "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Body>"
          + "<soap:Fault><faultcode>soap:Server</faultcode><faultstring>boom</faultstring>"
          + "</soap:Fault></soap:Body></soap:Envelope>";
  static final String SOAP_FAULT =
      "HTTP/1.1 500 Server Error\r\nContent-Type: text/xml\r\nContent-Length: "
          + SOAP_FAULT_BODY.length()
          + "\r\n\r\n"
          + SOAP_FAULT_BODY;

  /**
   * Timeouts far above what any of these exchanges needs, so that a stall of this noisy shared
   * machine does not turn a success into a timeout; tests of timeouts set their own.
   */
  static final DriverOptions PATIENT =
      DriverOptions.builder()
          .connectTimeout(Duration.ofSeconds(5))
          .responseTimeout(Duration.ofSeconds(5))
          .build();

  private static final Duration NO_WARMUP = Duration.ZERO;
  private static final Duration HALF_SECOND = Duration.ofMillis(500);

  private final OpenLoopDriver driver = OpenLoopDriver.create(PATIENT);

  static RequestSource soapPost(URI uri) {
    return RequestSource.of(
        HttpRequest.post(uri, "<soap:Envelope/>".getBytes(StandardCharsets.UTF_8))
            .header("Content-Type", "text/xml; charset=UTF-8")
            .header("SOAPAction", "\"\"")
            .build());
  }

  @Test
  void countsEveryRequestDueInTheWindowAsSucceeded() throws IOException {
    try (ScriptedHttpServer server = ScriptedHttpServer.answering(OK, Mode.ANSWER_AND_CLOSE)) {

      RunResult result = driver.run(soapPost(server.uri()), 200, NO_WARMUP, HALF_SECOND);

      assertThat(result.requests()).isEqualTo(100);
      assertThat(result.succeeded()).isEqualTo(100);
      assertThat(result.failed()).isZero();
      assertThat(result.latencyMicros().getTotalCount()).isEqualTo(100);
      assertThat(result.serviceTimeMicros().getTotalCount()).isEqualTo(100);
      assertThat(result.offeredPerSecond()).isEqualTo(200.0);
      assertThat(server.arrivalNanos()).hasSize(100);
    }
  }

  @Test
  void countsSuccessfulResponsesThatDeclareAContentEncoding() throws IOException {
    String gzipped = "HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nContent-Length: 5\r\n\r\nhello";
    try (ScriptedHttpServer encoded = ScriptedHttpServer.answering(gzipped, Mode.ANSWER_AND_CLOSE);
        ScriptedHttpServer plain = ScriptedHttpServer.answering(OK, Mode.ANSWER_AND_CLOSE)) {

      RunResult fromEncoded = driver.run(soapPost(encoded.uri()), 200, NO_WARMUP, HALF_SECOND);
      RunResult fromPlain = driver.run(soapPost(plain.uri()), 200, NO_WARMUP, HALF_SECOND);

      assertThat(fromEncoded.succeededEncoded()).isEqualTo(100);
      assertThat(fromPlain.succeededEncoded()).isZero();
    }
  }

  @Test
  void sendsButDoesNotCountRequestsDueDuringTheWarmup() throws IOException {
    try (ScriptedHttpServer server = ScriptedHttpServer.answering(OK, Mode.ANSWER_AND_CLOSE)) {

      RunResult result =
          driver.run(soapPost(server.uri()), 200, Duration.ofMillis(250), HALF_SECOND);

      assertThat(result.requests()).isEqualTo(100);
      assertThat(result.succeeded()).isEqualTo(100);
      assertThat(server.arrivalNanos()).hasSize(150);
    }
  }

  @Test
  void countsHttp500WithSoapFaultAsSoapFault() throws IOException {
    try (ScriptedHttpServer server =
        ScriptedHttpServer.answering(SOAP_FAULT, Mode.ANSWER_AND_CLOSE)) {

      RunResult result = driver.run(soapPost(server.uri()), 100, NO_WARMUP, HALF_SECOND);

      assertThat(result.count(Outcome.SOAP_FAULT)).isEqualTo(50);
      assertThat(result.requests()).isEqualTo(50);
      assertThat(result.latencyMicros().getTotalCount()).isZero();
    }
  }

  @Test
  void countsOtherNon2xxAndPlain500AsHttpErrors() throws IOException {
    String notFound = "HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n";
    String plain500 = "HTTP/1.1 500 Server Error\r\nContent-Length: 4\r\n\r\noops";
    try (ScriptedHttpServer missing =
            ScriptedHttpServer.answering(notFound, Mode.ANSWER_AND_CLOSE);
        ScriptedHttpServer broken = ScriptedHttpServer.answering(plain500, Mode.ANSWER_AND_CLOSE)) {

      RunResult fromMissing = driver.run(soapPost(missing.uri()), 100, NO_WARMUP, HALF_SECOND);
      RunResult fromBroken = driver.run(soapPost(broken.uri()), 100, NO_WARMUP, HALF_SECOND);

      assertThat(fromMissing.count(Outcome.HTTP_ERROR)).isEqualTo(50);
      assertThat(fromBroken.count(Outcome.HTTP_ERROR)).isEqualTo(50);
      assertThat(fromBroken.count(Outcome.SOAP_FAULT)).isZero();
    }
  }

  @Test
  void countsResponseTimeoutsWhenTheServerNeverAnswers() throws IOException {
    OpenLoopDriver impatient =
        OpenLoopDriver.create(
            DriverOptions.builder().responseTimeout(Duration.ofMillis(100)).build());
    try (ScriptedHttpServer server = ScriptedHttpServer.neverAnswering()) {

      RunResult result = impatient.run(soapPost(server.uri()), 100, NO_WARMUP, HALF_SECOND);

      assertThat(result.count(Outcome.TIMEOUT)).isEqualTo(50);
      assertThat(result.counts().connectTimeouts()).isZero();
      assertThat(result.requests()).isEqualTo(50);
      assertThat(server.arrivalNanos()).hasSize(50);
    }
  }

  @Test
  void countsRefusalsOnAClosedPort() throws IOException {
    try (ClosedPort closed = ClosedPort.open()) {
      int closedPort = closed.port();

      RunResult result =
          driver.run(
              soapPost(URI.create("http://127.0.0.1:" + closedPort + "/service")),
              100,
              NO_WARMUP,
              HALF_SECOND);

      assertThat(result.count(Outcome.REFUSED)).isEqualTo(50);
      assertThat(result.requests()).isEqualTo(50);
    }
  }

  @Test
  void countsConnectTimeoutsWhenTheServerBacklogIsFull() throws IOException {
    OpenLoopDriver driverWithShortResponseTimeout =
        OpenLoopDriver.create(
            DriverOptions.builder()
                .connectTimeout(Duration.ofMillis(50))
                .responseTimeout(Duration.ofMillis(200))
                .build());
    // A listener with a backlog of one that never accepts: once its queue is full the kernel
    // drops further SYNs, so those connects hang until the driver's connect timeout.
    try (ServerSocket full = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      URI uri = URI.create("http://127.0.0.1:" + full.getLocalPort() + "/service");

      RunResult result =
          driverWithShortResponseTimeout.run(soapPost(uri), 100, NO_WARMUP, HALF_SECOND);

      assertThat(result.counts().connectTimeouts()).isGreaterThan(0);
      assertThat(result.count(Outcome.TIMEOUT)).isEqualTo(50);
    }
  }

  @Test
  void dropsRequestsBeyondTheInFlightLimit() throws IOException {
    OpenLoopDriver limited =
        OpenLoopDriver.create(
            DriverOptions.builder().maxInFlight(10).responseTimeout(Duration.ofSeconds(2)).build());
    try (ScriptedHttpServer server = ScriptedHttpServer.neverAnswering()) {

      RunResult result = limited.run(soapPost(server.uri()), 100, NO_WARMUP, HALF_SECOND);

      assertThat(result.count(Outcome.TIMEOUT)).isEqualTo(10);
      assertThat(result.counts().dropped()).isEqualTo(40);
      assertThat(result.requests()).isEqualTo(50);
      assertThat(result.maxInFlight()).isEqualTo(10);
    }
  }

  @Test
  void sendsNRequestsAtRateRAndNoneBeforeItsDueTime() throws IOException {
    try (ScriptedHttpServer server = ScriptedHttpServer.answering(OK, Mode.ANSWER_AND_CLOSE)) {
      long beforeRun = System.nanoTime();

      driver.run(soapPost(server.uri()), 100, NO_WARMUP, HALF_SECOND);

      List<Long> arrivals = server.arrivalNanos().stream().sorted().toList();
      assertThat(arrivals).hasSize(50);
      // Request k is due 10 ms * k after a start that comes after beforeRun, and the driver never
      // sends early: so the k-th arrival (in order) came no sooner than 10 ms * k after beforeRun.
      // A lower bound only: how late a busy machine lets the driver be is not this test's concern.
      for (int k = 0; k < arrivals.size(); k++) {
        assertThat(arrivals.get(k) - beforeRun)
            .as("arrival %d", k)
            .isGreaterThanOrEqualTo(k * 10_000_000L);
      }
    }
  }

  @Test
  void readsChunkedResponses() throws IOException {
    String chunked =
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
            + "3\r\nabc\r\n4;ext=1\r\ndefg\r\n0\r\nX-Trailer: t\r\n\r\n";
    try (ScriptedHttpServer server = ScriptedHttpServer.answering(chunked, Mode.ANSWER_AND_CLOSE)) {

      RunResult result = driver.run(soapPost(server.uri()), 100, NO_WARMUP, HALF_SECOND);

      assertThat(result.succeeded()).isEqualTo(50);
    }
  }

  @Test
  void readsResponsesDelimitedByTheConnectionClose() throws IOException {
    String untilClose = "HTTP/1.0 200 OK\r\nContent-Type: text/xml\r\n\r\n<a>body</a>";
    try (ScriptedHttpServer server =
        ScriptedHttpServer.answering(untilClose, Mode.ANSWER_AND_CLOSE)) {

      RunResult result = driver.run(soapPost(server.uri()), 100, NO_WARMUP, HALF_SECOND);

      assertThat(result.succeeded()).isEqualTo(50);
    }
  }

  @Test
  void countsATruncatedResponseAsTransportError() throws IOException {
    String truncated = "HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nonly a part";
    try (ScriptedHttpServer server =
        ScriptedHttpServer.answering(truncated, Mode.ANSWER_AND_CLOSE)) {

      RunResult result = driver.run(soapPost(server.uri()), 100, NO_WARMUP, HALF_SECOND);

      assertThat(result.count(Outcome.TRANSPORT_ERROR)).isEqualTo(50);
    }
  }

  @Test
  void reusesConnectionsForKeepAliveRequests() throws IOException {
    try (ScriptedHttpServer server = ScriptedHttpServer.answering(OK, Mode.ANSWER_AND_KEEP_ALIVE)) {
      RequestSource keepAlive =
          RequestSource.of(
              HttpRequest.post(server.uri(), new byte[] {'x'}).keepAlive(true).build());

      RunResult result = driver.run(keepAlive, 100, NO_WARMUP, HALF_SECOND);

      assertThat(result.succeeded()).isEqualTo(50);
      assertThat(server.connectionsAccepted()).isLessThan(50);
    }
  }

  @Test
  void rejectsANonPositiveRate() {
    assertThatThrownBy(
            () ->
                driver.run(soapPost(URI.create("http://127.0.0.1:1/")), 0, NO_WARMUP, HALF_SECOND))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("ratePerSecond: 0.0 (expected: > 0)");
  }
}

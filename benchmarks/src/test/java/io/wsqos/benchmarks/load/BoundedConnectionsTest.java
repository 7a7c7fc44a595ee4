package io.wsqos.benchmarks.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.wsqos.monitor.Outcome;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The open loop's bounded pool of kept-alive connections, against servers on 127.0.0.1 that count
 * the connections they accept: a backlog waits for a free connection instead of opening more, a
 * request that waits too long is counted, and a connection the server closes is opened again.
 */
class BoundedConnectionsTest {

  private static final Duration NO_WARMUP = Duration.ZERO;
  private static final Duration HALF_SECOND = Duration.ofMillis(500);

  /** Two connections, and a queue that waits longer than any of these runs lasts. */
  static final DriverOptions TWO_CONNECTIONS =
      DriverOptions.builder()
          .connectTimeout(Duration.ofSeconds(5))
          .responseTimeout(Duration.ofSeconds(10))
          .maxConnections(2)
          .queueTimeout(Duration.ofSeconds(10))
          .build();

  /** One connection, and the default queue timeout. */
  static final DriverOptions ONE_CONNECTION =
      DriverOptions.builder()
          .connectTimeout(Duration.ofSeconds(5))
          .responseTimeout(Duration.ofSeconds(5))
          .maxConnections(1)
          .build();

  static RequestSource keptAlive(URI uri) {
    return RequestSource.of(HttpRequest.post(uri, new byte[] {'x'}).keepAlive(true).build());
  }

  @Test
  void aBacklogWaitsForTheBoundedConnectionsInsteadOfOpeningMore() throws IOException {
    // Two connections answering one request per 20 ms serve 100/s at most: at 200/s a backlog
    // builds up for the whole run, and half of it is answered after the window, however fast the
    // machine.
    try (ScriptedHttpServer server =
        ScriptedHttpServer.keptAlive(OpenLoopDriverTest.OK, 20, Integer.MAX_VALUE)) {

      RunResult result =
          OpenLoopDriver.create(TWO_CONNECTIONS)
              .run(keptAlive(server.uri()), 200, NO_WARMUP, HALF_SECOND);

      assertThat(result.succeeded()).isEqualTo(100);
      assertThat(server.connectionsAccepted()).isBetween(1, 2);
      assertThat(result.connectionsOpened()).isEqualTo(server.connectionsAccepted());
      assertThat(result.reconnects()).isZero();
      // More requests were the driver's at once than it had connections: the rest waited.
      assertThat(result.maxInFlight()).isGreaterThan(2);
      assertThat(result.succeededInWindow()).isPositive().isLessThanOrEqualTo(2 * (500 / 20) + 2);
      assertThat(result.deliveredPerSecond())
          .isEqualTo(result.succeededInWindow() / 0.5)
          .isLessThan(result.throughputPerSecond());
    }
  }

  @Test
  void aKeptAliveRequestWithAnotherTosGoesOnAConnectionOfItsOwn() throws IOException {
    try (ScriptedHttpServer server =
        ScriptedHttpServer.keptAlive(OpenLoopDriverTest.OK, 0, Integer.MAX_VALUE)) {
      HttpRequest plain = HttpRequest.post(server.uri(), new byte[] {'x'}).keepAlive(true).build();
      HttpRequest marked =
          HttpRequest.post(server.uri(), new byte[] {'x'}).keepAlive(true).tos(0x28).build();

      RunResult result =
          OpenLoopDriver.create(ONE_CONNECTION)
              .run(RequestSource.cycling(List.of(plain, marked)), 100, NO_WARMUP, HALF_SECOND);

      assertThat(result.succeeded()).isEqualTo(50);
      // One connection at most per address and TOS: one for each of the two.
      assertThat(server.connectionsAccepted()).isEqualTo(2);
      assertThat(result.connectionsOpened()).isEqualTo(2);
    }
  }

  @Test
  void countsRequestsThatWaitLongerThanTheQueueTimeoutAsQueueTimeoutsWithoutSendingThem()
      throws IOException {
    DriverOptions options =
        DriverOptions.builder()
            .responseTimeout(Duration.ofSeconds(3))
            .maxConnections(2)
            .queueTimeout(Duration.ofMillis(100))
            .build();
    // The two connections stay busy until their response timeout, long after the last request
    // has waited its 100 ms; queued requests are expired before response timeouts, so even a
    // driver stalled past both ends the same way.
    try (ScriptedHttpServer server = ScriptedHttpServer.neverAnswering()) {

      RunResult result =
          OpenLoopDriver.create(options).run(keptAlive(server.uri()), 100, NO_WARMUP, HALF_SECOND);

      assertThat(result.requests()).isEqualTo(50);
      assertThat(result.count(Outcome.TIMEOUT)).isEqualTo(2);
      assertThat(result.counts().queueTimeouts()).isEqualTo(48);
      assertThat(result.failed()).isEqualTo(50);
      assertThat(result.counts().dropped()).isZero();
      assertThat(server.connectionsAccepted()).isEqualTo(2);
      assertThat(server.arrivalNanos()).hasSize(2);
    }
  }

  @Test
  void opensAConnectionAgainWhenTheServerClosesOneAndCountsIt() throws IOException {
    // Each connection is closed by the server after its fifth response, so 50 requests need ten
    // connections or more, never more than two at once.
    try (ScriptedHttpServer server = ScriptedHttpServer.keptAlive(OpenLoopDriverTest.OK, 0, 5)) {

      RunResult result =
          OpenLoopDriver.create(TWO_CONNECTIONS)
              .run(keptAlive(server.uri()), 100, NO_WARMUP, HALF_SECOND);

      assertThat(result.succeeded()).isEqualTo(50);
      int accepted = server.connectionsAccepted();
      assertThat(accepted).isGreaterThanOrEqualTo(10);
      assertThat(server.maxConnectionsOpen()).isBetween(1, 2);
      assertThat(result.connectionsOpened()).isEqualTo(accepted);
      // Every connection but the first one or two replaced one the server closed.
      assertThat(result.reconnects()).isBetween((long) accepted - 2, (long) accepted - 1);
    }
  }

  @Test
  void aConnectionPerRequestIsNotBoundedByThePool() throws IOException {
    try (ScriptedHttpServer server = ScriptedHttpServer.stalling(OpenLoopDriverTest.OK, 10, 30)) {

      RunResult result =
          OpenLoopDriver.create(ONE_CONNECTION)
              .run(OpenLoopDriverTest.soapPost(server.uri()), 100, NO_WARMUP, HALF_SECOND);

      assertThat(result.succeeded()).isEqualTo(50);
      assertThat(server.connectionsAccepted()).isEqualTo(50);
      assertThat(server.maxConnectionsOpen()).isGreaterThanOrEqualTo(20);
      assertThat(result.counts().queueTimeouts()).isZero();
    }
  }

  @Test
  void rejectsAnEmptyPoolAndANonPositiveQueueTimeout() {
    assertThatThrownBy(() -> DriverOptions.builder().maxConnections(0).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("maxConnections: 0 (expected: >= 1)");
    assertThatThrownBy(() -> DriverOptions.builder().queueTimeout(Duration.ZERO).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("queueTimeout: PT0S (expected: > 0)");
  }
}

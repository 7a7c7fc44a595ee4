package io.wsqos.benchmarks.load;

import static io.wsqos.benchmarks.load.OpenLoopDriverTest.OK;
import static io.wsqos.benchmarks.load.OpenLoopDriverTest.PATIENT;
import static io.wsqos.benchmarks.load.OpenLoopDriverTest.soapPost;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.wsqos.benchmarks.load.ScriptedHttpServer.Mode;
import io.wsqos.monitor.Outcome;
import java.io.IOException;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class ClosedLoopDriverTest {

  // Long enough that a requester gets to send even when the shared machine is saturated (a 200 ms
  // run once sent nothing at load average 8); the assertions count, they never time.
  private static final Duration RUN = Duration.ofSeconds(1);

  private final ClosedLoopDriver driver = ClosedLoopDriver.create(PATIENT);

  @Test
  void keepsAtMostNRequestsInFlightAndCountsEveryOne() throws IOException {
    try (ScriptedHttpServer server = ScriptedHttpServer.answering(OK, Mode.ANSWER_AND_CLOSE)) {

      RunResult result = driver.run(soapPost(server.uri()), 3, Duration.ZERO, RUN);

      assertThat(result.maxInFlight()).isEqualTo(3);
      assertThat(result.succeeded()).isPositive();
      assertThat(result.failed()).isZero();
      assertThat(server.arrivalNanos()).hasSize((int) result.requests());
    }
  }

  @Test
  void oneKeepAliveRequesterUsesOneConnection() throws IOException {
    try (ScriptedHttpServer server = ScriptedHttpServer.answering(OK, Mode.ANSWER_AND_KEEP_ALIVE)) {
      RequestSource keepAlive =
          RequestSource.of(
              HttpRequest.post(server.uri(), new byte[] {'x'}).keepAlive(true).build());

      RunResult result = driver.run(keepAlive, 1, Duration.ZERO, RUN);

      assertThat(result.succeeded()).isGreaterThan(1);
      assertThat(server.connectionsAccepted()).isEqualTo(1);
    }
  }

  @Test
  void countsFailuresByCauseForBackToBackRequesters() throws IOException {
    try (ScriptedHttpServer server =
        ScriptedHttpServer.answering(OpenLoopDriverTest.SOAP_FAULT, Mode.ANSWER_AND_CLOSE)) {

      RunResult result = driver.run(soapPost(server.uri()), 2, Duration.ZERO, RUN);

      assertThat(result.count(Outcome.SOAP_FAULT)).isEqualTo(result.requests()).isPositive();
    }
  }

  @Test
  void rejectsMoreRequestersThanTheInFlightLimit() {
    ClosedLoopDriver limited =
        ClosedLoopDriver.create(DriverOptions.builder().maxInFlight(5).build());

    assertThatThrownBy(() -> limited.run(() -> null, 6, Duration.ZERO, Duration.ofMillis(10)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("requesters: 6 (expected: 1..5)");
  }
}

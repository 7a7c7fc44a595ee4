package io.wsqos.benchmarks.load;

import static org.assertj.core.api.Assertions.assertThat;

import io.wsqos.benchmarks.load.ScriptedHttpServer.Mode;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The benchmarks README's Java snippet, a region ({@code snippet-start} .. {@code snippet-end}) run
 * here against a scripted server (a short run instead of the README's 12 s); the architecture
 * module's {@code SnippetRegionsTest} keeps the README's copy equal to it.
 */
class ReadmeSnippetsTest {

  @Test
  void theOpenLoopSnippetSendsEveryRequestDueInTheWindow() throws Exception {
    try (ScriptedHttpServer server =
        ScriptedHttpServer.answering(OpenLoopDriverTest.OK, Mode.ANSWER_AND_CLOSE)) {
      URI url = server.uri();
      byte[] body = "<soap:Envelope/>".getBytes(StandardCharsets.UTF_8);
      int rate = 200;
      Duration warmup = Duration.ZERO;
      Duration measure = Duration.ofMillis(500);

      // snippet-start benchmarks-readme-open-loop
      HttpRequest lite =
          HttpRequest.post(url, body) // url: e.g. http://127.0.0.1:8080/bookstore
              .header("Content-Type", "text/xml; charset=UTF-8")
              .build();
      RunResult r =
          OpenLoopDriver.create(DriverOptions.defaults())
              .run(RequestSource.of(lite), rate, warmup, measure); // e.g. 1000/s, 2 s, 10 s
      r.throughputPerSecond(); // successes per second of the measured window
      r.counts().connectTimeouts();
      r.latencyMicros(); // an HdrHistogram
      // snippet-end benchmarks-readme-open-loop

      assertThat(r.requests()).isEqualTo(100);
      assertThat(r.succeeded() + r.failed()).isEqualTo(100);
      assertThat(r.latencyMicros().getTotalCount()).isEqualTo(r.succeeded());
    }
  }
}

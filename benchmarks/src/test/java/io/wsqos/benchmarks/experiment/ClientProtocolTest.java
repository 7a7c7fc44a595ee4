package io.wsqos.benchmarks.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.wsqos.benchmarks.load.RequestCounts;
import io.wsqos.benchmarks.load.RunResult;
import io.wsqos.monitor.Outcome;
import java.time.Duration;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class ClientProtocolTest {

  @Test
  void aRunCommandIsReadBackAsWritten() {
    ClientProtocol.Run run =
        new ClientProtocol.Run(16, Duration.ofMillis(2_000), Duration.ofMillis(10_000));

    assertThat(run.line()).isEqualTo("run 16 2000 10000");
    assertThat(ClientProtocol.Run.parse(run.line())).isEqualTo(run);
  }

  @Test
  void aMalformedCommandIsRefusedWithWhatWasExpected() {
    for (String bad : new String[] {"", "run", "run 1 2", "run a 1 1", "walk 1 1 1", "run 0 1 1"}) {
      assertThatThrownBy(() -> ClientProtocol.Run.parse(bad))
          .as(bad)
          .isInstanceOf(IllegalArgumentException.class);
    }
    assertThatThrownBy(() -> ClientProtocol.Run.parse("run 1 x 1"))
        .hasMessageContaining("expected: run CALLERS WARMUP_MS MEASURE_MS");
  }

  @Test
  void aResultKeepsItsCountsWindowAndLatencies() {
    Histogram latency = new Histogram(60_000_000L, 3);
    for (long micros : new long[] {180, 190, 200, 210, 5_000}) {
      latency.recordValue(micros);
    }
    RunResult result =
        RunResult.of(
            new RequestCounts(
                Map.of(Outcome.SUCCESS, 5L, Outcome.REFUSED, 2L, Outcome.TIMEOUT, 3L), 1, 4),
            Duration.ofMillis(2_500),
            latency);

    RunResult back = ClientProtocol.decode(ClientProtocol.encode(result));

    assertThat(back.counts()).isEqualTo(result.counts());
    assertThat(back.count(Outcome.SOAP_FAULT)).isZero();
    assertThat(back.counts().connectTimeouts()).isEqualTo(1);
    assertThat(back.counts().dropped()).isEqualTo(4);
    assertThat(back.window()).isEqualTo(Duration.ofMillis(2_500));
    assertThat(back.latencyMicros().getTotalCount()).isEqualTo(5);
    assertThat(back.latencyPercentileMillis(50)).isEqualTo(result.latencyPercentileMillis(50));
    assertThat(back.latencyPercentileMillis(100)).isEqualTo(result.latencyPercentileMillis(100));
    assertThat(back.throughputPerSecond()).isEqualTo(2.0);
  }

  @Test
  void anAnswerThatIsNotAResultIsRefused() {
    assertThatThrownBy(() -> ClientProtocol.decode("error --mode: 'x'"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("expected: result");
    assertThatThrownBy(() -> ClientProtocol.decode("result counts=SUCCESS:1 window_ns=1"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("latency");
    assertThatThrownBy(() -> ClientProtocol.decode("result counts=WON:1 window_ns=1 latency=AAAA"))
        .isInstanceOf(IllegalArgumentException.class);
  }
}

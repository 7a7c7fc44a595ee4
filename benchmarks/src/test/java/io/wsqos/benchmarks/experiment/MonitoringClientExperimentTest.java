package io.wsqos.benchmarks.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.OutputStream;
import java.io.PrintStream;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class MonitoringClientExperimentTest {

  @Test
  void recordsAreCheckedAgainstEveryCallWhateverItsOutcome() {
    Properties plain = new Properties();
    plain.setProperty("calls.SUCCESS", "1000");
    plain.setProperty("process.cpu.ns", "150000000");
    Properties monitored = new Properties();
    monitored.setProperty("calls.SUCCESS", "990");
    monitored.setProperty("calls.REFUSED", "10");
    monitored.setProperty("wsqos.monitor.records.written", "1000");
    monitored.setProperty("wsqos.monitor.records.dropped", "0");
    monitored.setProperty("wsqos.monitor.records.lost", "0");
    Properties short3 = new Properties();
    short3.setProperty("calls.SUCCESS", "100");
    short3.setProperty("wsqos.monitor.records.written", "97");
    Map<String, Properties> stats = new LinkedHashMap<>();
    stats.put("plain", plain);
    stats.put("monitored", monitored);
    stats.put("lossy", short3);

    String md = MonitoringClientExperiment.recordsSection(stats);

    assertThat(md)
        .contains("| plain | 1000 | 0 | - | - | - | - | - | 150.0 |")
        .contains("| monitored | 1000 | 10 | 1000 | 0 | 0 | - | yes | - |")
        .contains("| lossy | 100 | 0 | 97 | - | - | - | NO (3 missing) | - |");
    assertThat(MonitoringClientExperiment.recordsSection(Map.of()))
        .contains("No client wrote its counters");
  }

  @Test
  void callerCountsMustBeWholeAndPositive() {
    for (String bad : List.of("0", "1.5", "-4")) {
      assertThatThrownBy(() -> run("--callers=" + bad))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("--callers");
    }
  }

  @Test
  void anUnknownServerModeIsRefusedBeforeAnyJvmStarts() {
    assertThatThrownBy(() -> run("--server-mode=mirror"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "--server-mode: mirror (expected: plain, monitored, monitor-only, cxf-metrics or"
                + " same)");
  }

  @Test
  void anUnknownTransportIsRefusedBeforeAnyJvmStarts() {
    assertThatThrownBy(() -> run("--transport", "netty"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("--transport: netty (expected: one of httpclient, urlconnection)");
  }

  @Test
  void eachClientSettlesAtOneCallerForHalfItsWarmUpAndNotAtAllWithoutOne() {
    assertThat(MonitoringClientExperiment.settle(Duration.ofSeconds(45)))
        .isEqualTo(Duration.ofMillis(22_500));
    assertThat(MonitoringClientExperiment.settle(Duration.ZERO)).isZero();
  }

  /** Runs the experiment with {@code argv}; it must refuse them before starting anything. */
  private static void run(String... argv) throws Exception {
    Run.execute(
        new MonitoringClientExperiment(),
        List.of(argv),
        new PrintStream(OutputStream.nullOutputStream()));
  }
}

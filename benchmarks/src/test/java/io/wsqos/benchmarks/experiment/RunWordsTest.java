package io.wsqos.benchmarks.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import io.wsqos.cli.Option;
import java.io.OutputStream;
import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The words a run puts into every report, as the reports in benchmarks/results/ have them. */
class RunWordsTest {

  @Test
  void timeoutsSettingReadsAsTheReportsHaveIt() throws Exception {
    String[] timeouts = new String[1];
    Experiment probe =
        new Experiment() {
          @Override
          public String name() {
            return "words";
          }

          @Override
          public String summary() {
            return "Only reads its settings.";
          }

          @Override
          public List<Option<?>> options() {
            return Run.driverSweep(1, 1, 1, 5_000);
          }

          @Override
          public Duration estimatedDuration(OptionValues options) {
            return Duration.ZERO;
          }

          @Override
          public void run(Run run) {
            timeouts[0] = run.describeTimeouts();
          }
        };

    Run.execute(probe, List.of(), new PrintStream(OutputStream.nullOutputStream()));

    assertThat(timeouts[0])
        .isEqualTo(
            "connect timeout 50 ms, response timeout 5000 ms; open loop on kept-alive"
                + " connections: at most 32 per server, a request waits for a free one at most"
                + " 1000 ms (else queue_timeout)");
  }

  @Test
  void coreWakeConventionReadsAsTheReportsHaveIt() {
    assertThat(Run.CORE_WAKE_CONVENTION)
        .isEqualTo(
            "none: no keeper thread spins; the driver's I/O thread blocks in epoll and its waker"
                + " thread parks between sends, so at low rates an idle core may sleep and its"
                + " wake-up time is part of the measured latency, the same for every variant and"
                + " point");
  }
}

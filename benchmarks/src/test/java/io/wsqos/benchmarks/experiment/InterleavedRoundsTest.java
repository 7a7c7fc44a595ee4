package io.wsqos.benchmarks.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.wsqos.benchmarks.experiment.InterleavedRounds.Round;
import io.wsqos.benchmarks.report.Summary;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class InterleavedRoundsTest {

  private static Map<String, String> clients() {
    Map<String, String> clients = new LinkedHashMap<>();
    InterleavedRounds.CLIENTS.forEach(c -> clients.put(c, c));
    return clients;
  }

  @Test
  void everyRoundRunsEveryWorkloadOnEveryClientWithTheOrderRotated() {
    List<String> calls = new ArrayList<>();
    List<Integer> roundsDone = new ArrayList<>();

    InterleavedRounds.measure(
        List.of("a", "b"),
        clients(),
        (client, workload) -> calls.add(workload + ":" + client),
        2,
        Duration.ZERO,
        Duration.ZERO,
        roundsDone::add);

    assertThat(calls)
        .containsExactly(
            "a:soap",
            "a:rmi",
            "a:local",
            "a:direct",
            "b:soap",
            "b:rmi",
            "b:local",
            "b:direct",
            "a:rmi",
            "a:local",
            "a:direct",
            "a:soap",
            "b:rmi",
            "b:local",
            "b:direct",
            "b:soap");
    assertThat(roundsDone).containsExactly(1, 2);
  }

  @Test
  void measureRefusesClientsOtherThanTheFour() {
    Map<String, String> clients = clients();
    clients.remove("direct");

    assertThatThrownBy(
            () ->
                InterleavedRounds.measure(
                    List.of("a"),
                    clients,
                    (client, workload) -> {},
                    1,
                    Duration.ZERO,
                    Duration.ZERO,
                    round -> {}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("expected: one for each of [soap, rmi, local, direct]");
  }

  @Test
  void timeCellsFillTheTimeColumnsForEveryClientOfAWorkload() {
    InterleavedRounds<String> rounds =
        InterleavedRounds.measure(
            List.of("a"),
            clients(),
            (client, workload) -> {},
            3,
            Duration.ZERO,
            Duration.ZERO,
            round -> {});

    List<String> cells = rounds.timeCells("a", 2);

    assertThat(cells).hasSameSizeAs(InterleavedRounds.TIME_COLUMNS);
    assertThat(cells.get(2)).matches("\\d+\\.\\d{2}");
    assertThat(cells.get(0)).matches("\\d+\\.\\d");
  }

  @Test
  void theMedianOfAnOddNumberIsTheMiddleAndOfAnEvenTheMeanOfTheMiddleTwo() {
    List<Round> odd = List.of(new Round(3, 30), new Round(1, 10), new Round(2, 20));
    List<Round> even = List.of(new Round(4, 0), new Round(1, 0), new Round(2, 0), new Round(9, 0));

    assertThat(Summary.of(odd, Round::micros).median()).isEqualTo(2);
    assertThat(Summary.of(odd, Round::cpuMicros).median()).isEqualTo(20);
    assertThat(Summary.of(even, Round::micros).median()).isEqualTo(3);
  }
}

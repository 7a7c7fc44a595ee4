package io.wsqos.benchmarks.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CpuTablesTest {

  private static final Instant T = Instant.parse("2026-11-23T12:00:00Z");

  private static RunWindow run(
      String variant, int rep, long responses, long requestNanos, long writerNanos) {
    Map<CpuCategory, Long> cpu = new EnumMap<>(CpuCategory.class);
    for (CpuCategory c : CpuCategory.values()) {
      cpu.put(c, 0L);
    }
    cpu.put(CpuCategory.REQUEST, requestNanos);
    cpu.put(CpuCategory.LOG_WRITER, writerNanos);
    // Left out of the ratios.
    cpu.put(CpuCategory.JIT, responses * 1_000L);
    return new RunWindow(variant, 100, rep, T, T.plusSeconds(30), responses, cpu);
  }

  private static final List<RunWindow> RUNS =
      List.of(
          // plain: 200 us then 100 us per response; monitored: 210 + 10, then 105 + 5.
          run("plain", 1, 1_000, 200_000_000L, 0),
          run("monitored", 1, 1_000, 210_000_000L, 10_000_000L),
          run("monitored", 2, 3_000, 315_000_000L, 15_000_000L),
          run("plain", 2, 3_000, 300_000_000L, 0));

  @Test
  void cpuPerResponseIsSummedOverRepetitions() {
    // plain: 500 ms / 4000 responses; monitored: 550 ms / 4000.
    assertThat(CpuTables.total(RUNS, "plain", 100).orElseThrow()).isCloseTo(125.0, within());
    assertThat(CpuTables.total(RUNS, "monitored", 100).orElseThrow()).isCloseTo(137.5, within());
    assertThat(CpuTables.total(RUNS, "cxf-metrics", 100)).isEmpty();
  }

  @Test
  void sectionShowsCategoriesTheRatioAndThePairedRatio() {
    String md = CpuTables.section(RUNS, "plain");

    assertThat(md)
        .contains("| 100 | plain | 2 | 4000 | 125.0 | 0.0 | 0.0 |")
        .contains("| 100 | monitored | 2 | 4000 | 131.3 | 0.0 | 6.3 |")
        // 137.5 / 125 = 1.1; both repetitions' own ratios are 1.1 too (220/200, 110/100).
        .contains("| 138.5 | 137.5 | 1.100 | 1.100 ± 0.000 (1.100-1.100) |");
    // The baseline's row comes first, although monitored ran first in repetition 2.
    assertThat(md.indexOf("| plain |")).isLessThan(md.indexOf("| monitored |"));
  }

  @Test
  void runsWithoutAReadingAreLeftOutAndSaidSo() {
    RunWindow unread = new RunWindow("plain", 100, 1, T, T.plusSeconds(30), 1_000, Map.of());

    assertThat(CpuTables.section(List.of(unread), "plain")).contains("No run has a CPU reading");
    assertThat(CpuTables.section(List.of(unread), "plain", "Client"))
        .startsWith("\n## Client CPU per response in the measured runs");
    assertThat(CpuTables.csv(List.of(unread, RUNS.get(1))).csv())
        .isEqualTo(
            "variant,x,repetition,responses,cpu_ns_request,cpu_ns_http_client,cpu_ns_log_writer,"
                + "cpu_ns_h2,cpu_ns_gc,cpu_ns_jit,cpu_ns_other\n"
                + "monitored,100,1,1000,210000000,0,10000000,0,0,1000000,0\n");
  }

  private static org.assertj.core.data.Offset<Double> within() {
    return org.assertj.core.data.Offset.offset(1e-9);
  }
}

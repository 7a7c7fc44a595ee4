package io.wsqos.benchmarks.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import io.wsqos.benchmarks.report.Template;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The overload report's words, as the committed reports in benchmarks/results/041-overload have
 * them.
 */
class OverloadExperimentTest {

  private static final Path STANDING_BOUND =
      Path.of("results/041-overload/standing-bound/report.md");

  private static final String JVM =
      "-Xms256m -Xmx256m -XX:+UseParallelGC; pinned to CPU 0 by taskset";

  @Test
  void settingsReadAsTheCommittedReportHasThem() throws Exception {
    Map<String, Double> capacities = new LinkedHashMap<>();
    capacities.put("per-request", 718.6);
    capacities.put("kept-alive", 814.8);
    List<String> lines = Files.readAllLines(STANDING_BOUND);
    String timing = item(lines, "timing: ");
    String timeouts = item(lines, "timeouts: ");

    List<String> settings =
        OverloadExperiment.settings(
            List.of("--admission", "--admission-entitlement", "expedited"),
            0,
            List.of("--admission-standing-target-ms=1000"),
            1000,
            JVM,
            32,
            capacities,
            timing,
            timeouts);

    assertThat(settings)
        .containsExactly(
            item(lines, "servers: "),
            item(lines, "capacity: "),
            "timing: " + timing,
            "timeouts: " + timeouts);
  }

  @Test
  void settingsOfAFixedLimitAndAGivenCapacityReadAsTheJavaHadThem() {
    List<String> settings =
        OverloadExperiment.settings(
            List.of("--admission", "--admission-entitlement", "expedited"),
            40,
            List.of(),
            0,
            JVM,
            0,
            Map.of("kept-alive", 800.0),
            "t",
            "o");

    assertThat(settings)
        .containsExactly(
            "servers: the bookstore (`BookstoreServer --port=0`), without and with `--admission"
                + " --admission-entitlement expedited`, and with the feature at a fixed limit of 40,"
                + " each in its own JVM ("
                + JVM
                + ")",
            "capacity: given, {kept-alive=800.0}",
            "timing: t",
            "timeouts: o");
  }

  @Test
  void everySectionsTextIsACommittedReportsParagraph() throws Exception {
    String report = Files.readString(STANDING_BOUND);

    for (String section : List.of("load", "refusal", "cpu", "mix")) {
      assertThat(report)
          .as(section)
          .contains("\n\n" + Template.text("reports/overload/" + section + ".md") + "\n\n");
    }
  }

  private static String item(List<String> lines, String prefix) {
    return lines.stream()
        .filter(l -> l.startsWith("- " + prefix))
        .findFirst()
        .orElseThrow()
        .substring(2);
  }
}

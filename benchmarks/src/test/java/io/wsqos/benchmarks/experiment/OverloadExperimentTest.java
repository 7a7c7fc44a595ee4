package io.wsqos.benchmarks.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import io.wsqos.benchmarks.report.Template;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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

  @Test
  void eachCommittedReportsRefusalSectionsAreWhatItsRunsGive() throws Exception {
    for (Path dir :
        List.of(Path.of("results/041-overload"), Path.of("results/041-overload/standing-bound"))) {
      String report = Files.readString(dir.resolve("report.md"));
      List<OverloadExperiment.Row> rows = rows(dir.resolve("results.csv"));
      List<Double> loads =
          rows.stream()
              .filter(r -> r.part().equals("load"))
              .map(OverloadExperiment.Row::load)
              .distinct()
              .sorted()
              .toList();
      Matcher capacity =
          Pattern.compile("(per-request|kept-alive)=([0-9.]+)")
              .matcher(item(Files.readAllLines(dir.resolve("report.md")), "capacity: "));
      int sections = 0;
      while (capacity.find()) {
        String section =
            OverloadExperiment.refusalSection(
                rows, capacity.group(1), Double.parseDouble(capacity.group(2)), loads);
        assertThat(report).as(dir + ", " + capacity.group(1)).contains(section);
        sections++;
      }
      assertThat(sections).as(dir.toString()).isEqualTo(2);
    }
  }

  /** The runs of a committed {@code results.csv}, as the experiment wrote them. */
  private static List<OverloadExperiment.Row> rows(Path csv) throws Exception {
    List<String> lines = Files.readAllLines(csv);
    assertThat(lines.get(0))
        .isEqualTo(
            "mode,variant,part,load,rep,offered_per_s,goodput_per_s,p99_ms,refused_per_s,"
                + "other_failed_per_s,server_cpu_us_per_response,server_cpu_us_per_s,"
                + "server_jit_us_per_s");
    return lines.stream()
        .skip(1)
        .map(line -> line.split(",", -1))
        .map(
            f ->
                new OverloadExperiment.Row(
                    f[0],
                    f[1],
                    f[2],
                    Double.parseDouble(f[3]),
                    Integer.parseInt(f[4]),
                    number(f[5]),
                    number(f[6]),
                    number(f[7]),
                    number(f[8]),
                    number(f[9]),
                    number(f[10]),
                    number(f[11]),
                    number(f[12])))
        .toList();
  }

  private static double number(String cell) {
    return cell.isEmpty() ? Double.NaN : Double.parseDouble(cell);
  }

  private static String item(List<String> lines, String prefix) {
    return lines.stream()
        .filter(l -> l.startsWith("- " + prefix))
        .findFirst()
        .orElseThrow()
        .substring(2);
  }
}

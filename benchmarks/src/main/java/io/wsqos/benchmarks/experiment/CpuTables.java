package io.wsqos.benchmarks.experiment;

import io.wsqos.benchmarks.report.Report;
import io.wsqos.benchmarks.report.Summary;
import io.wsqos.benchmarks.report.Table;
import io.wsqos.benchmarks.report.Template;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A server's or client's CPU per response over each measured run, by thread category ({@link
 * CpuCategory}), and each variant's CPU against the baseline's in the same repetition: the
 * steadiest cost figure on a shared machine.
 */
final class CpuTables {

  private CpuTables() {}

  /** The server's section. */
  static String section(List<RunWindow> windows, String baseline) {
    return section(windows, baseline, "Server");
  }

  /**
   * The Markdown section headed "{@code whose} CPU per response", e.g. {@code Client}; says so when
   * no run has a CPU reading.
   */
  static String section(List<RunWindow> windows, String baseline, String whose) {
    String heading = whose + " CPU per response in the measured runs";
    List<RunWindow> read = windows.stream().filter(w -> !w.cpuNanos().isEmpty()).toList();
    if (read.isEmpty()) {
      return Report.section(
          heading, "No run has a CPU reading (`/proc/PID/task/*/schedstat` unreadable).", null);
    }
    List<String> header = new ArrayList<>(List.of("point", "variant", "runs", "responses"));
    Arrays.stream(CpuCategory.values()).map(CpuCategory::label).forEach(header::add);
    header.addAll(List.of("total us", "without JIT", "vs " + baseline, "paired"));
    Table table = Table.of(header);
    Set<Double> points = new LinkedHashSet<>();
    Set<String> variants = new LinkedHashSet<>(List.of(baseline));
    read.forEach(w -> points.add(w.x()));
    read.forEach(w -> variants.add(w.variant()));
    for (double x : points) {
      Optional<Double> base = total(read, baseline, x);
      for (String variant : variants) {
        List<RunWindow> runs = select(read, variant, x);
        long responses = runs.stream().mapToLong(RunWindow::responses).sum();
        if (responses <= 0) {
          continue;
        }
        List<Object> cells =
            new ArrayList<>(List.of(Table.point(x), variant, runs.size(), responses));
        for (CpuCategory c : CpuCategory.values()) {
          long nanos = runs.stream().mapToLong(w -> w.cpuNanos().getOrDefault(c, 0L)).sum();
          cells.add(Table.fixed(nanos / 1e3 / responses, 1));
        }
        double total = total(read, variant, x).orElseThrow();
        cells.add(
            Table.fixed(runs.stream().mapToLong(RunWindow::allNanos).sum() / 1e3 / responses, 1));
        cells.add(Table.fixed(total, 1));
        boolean isBase = variant.equals(baseline);
        cells.add(base.isPresent() && !isBase ? Table.fixed(total / base.get(), 3) : "-");
        cells.add(isBase ? "-" : paired(read, baseline, variant, x));
        table.row(cells);
      }
    }
    return Report.section(
        heading,
        Template.render(
            "reports/cpu.md",
            Map.of("whose", whose.toLowerCase(Locale.ROOT), "baseline", baseline)),
        table);
  }

  /** One row per run with its CPU nanoseconds by category, for {@code cpu.csv}. */
  static Table csv(List<RunWindow> windows) {
    List<String> header = new ArrayList<>(List.of("variant", "x", "repetition", "responses"));
    Arrays.stream(CpuCategory.values())
        .forEach(c -> header.add("cpu_ns_" + c.name().toLowerCase(Locale.ROOT)));
    Table table = Table.of(header);
    for (RunWindow w : windows) {
      if (!w.cpuNanos().isEmpty()) {
        List<Object> row =
            new ArrayList<>(
                List.of(w.variant(), Table.point(w.x()), w.repetition(), w.responses()));
        Arrays.stream(CpuCategory.values()).forEach(c -> row.add(w.cpuNanos().getOrDefault(c, 0L)));
        table.row(row);
      }
    }
    return table;
  }

  /** CPU microseconds per response of a variant at a point over its runs, without the JIT's. */
  static Optional<Double> total(List<RunWindow> windows, String variant, double x) {
    List<RunWindow> runs = select(windows, variant, x);
    long responses = runs.stream().mapToLong(RunWindow::responses).sum();
    return responses <= 0
        ? Optional.empty()
        : Optional.of(runs.stream().mapToLong(RunWindow::withoutJitNanos).sum() / 1e3 / responses);
  }

  private static String paired(List<RunWindow> windows, String baseline, String variant, double x) {
    List<Double> ratios = new ArrayList<>();
    for (RunWindow run : select(windows, variant, x)) {
      for (RunWindow base : select(windows, baseline, x)) {
        if (base.repetition() == run.repetition() && base.responses() > 0 && run.responses() > 0) {
          ratios.add(
              (run.withoutJitNanos() / (double) run.responses())
                  / (base.withoutJitNanos() / (double) base.responses()));
        }
      }
    }
    Summary s = Summary.of(ratios, Double::doubleValue);
    return switch (s.n()) {
      case 0 -> "-";
      case 1 -> Table.fixed(s.mean(), 3);
      default ->
          String.format(
              Locale.ROOT,
              "%.3f ± %.3f (%.3f-%.3f)",
              s.mean(),
              s.sd() / Math.sqrt(s.n()),
              s.min(),
              s.max());
    };
  }

  private static List<RunWindow> select(List<RunWindow> windows, String variant, double x) {
    return windows.stream().filter(w -> w.variant().equals(variant) && w.x() == x).toList();
  }
}

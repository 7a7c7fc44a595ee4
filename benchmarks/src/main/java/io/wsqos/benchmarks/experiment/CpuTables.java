package io.wsqos.benchmarks.experiment;

import io.wsqos.benchmarks.experiment.MonitoringExperiments.RunWindow;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * A server's or client's CPU per response over each measured run, by thread category ({@link
 * CpuCategory}), and each variant's CPU against the baseline's in the same repetition: the
 * monitoring experiments' steadiest cost figure on a shared machine. Pure functions of the runs'
 * windows.
 */
final class CpuTables {

  private CpuTables() {}

  /** The server's section; says so when no run has a CPU reading. */
  static String section(List<RunWindow> windows, String baseline) {
    return section(windows, baseline, "Server");
  }

  /**
   * The Markdown section headed "{@code whose} CPU per response", e.g. {@code Client}; says so when
   * no run has a CPU reading.
   */
  static String section(List<RunWindow> windows, String baseline, String whose) {
    StringBuilder md =
        new StringBuilder("\n## " + whose + " CPU per response in the measured runs\n\n");
    List<RunWindow> read = windows.stream().filter(w -> !w.cpuNanos().isEmpty()).toList();
    if (read.isEmpty()) {
      return md.append("No run has a CPU reading (`/proc/PID/task/*/schedstat` unreadable).\n")
          .toString();
    }
    md.append(
        "Each "
            + whose.toLowerCase(Locale.ROOT)
            + " thread's CPU time (`/proc/PID/task/TID/schedstat`, in nanoseconds) read at"
            + " the start and end of every measured run, grouped by thread name and divided by the"
            + " responses counted in that run, summed over repetitions. Unlike"
            + " throughput, it hardly moves when other work on the machine takes CPU. `vs "
            + baseline
            + "`: the variant's total over the baseline's at the same point; `paired`: the same"
            + " ratio taken per repetition (the two ran back to back), as mean ± standard error"
            + " and range. Both ratios leave the JIT out: it compiles in bursts, long after a"
            + " server's warm-up, and its share moves by tens of microseconds from run to run"
            + " whatever the variant. Where one process is the bound, its throughput goes as the"
            + " inverse of its ratio; here the other process shares the two cores, so the"
            + " throughput ratio moves less than the CPU ratio.\n\n");
    md.append("| point | variant | runs | responses |");
    for (CpuCategory c : CpuCategory.values()) {
      md.append(' ').append(c.label()).append(" |");
    }
    md.append(" total us | without JIT | vs ").append(baseline).append(" | paired |\n|");
    md.append(" --- |".repeat(8 + CpuCategory.values().length)).append('\n');
    for (double x : points(read)) {
      Optional<Double> base = total(read, baseline, x);
      for (String variant : variants(read, baseline)) {
        List<RunWindow> runs = select(read, variant, x);
        long responses = runs.stream().mapToLong(RunWindow::responses).sum();
        if (responses <= 0) {
          continue;
        }
        md.append(
            String.format(
                Locale.ROOT, "| %s | %s | %d | %d |", point(x), variant, runs.size(), responses));
        for (CpuCategory c : CpuCategory.values()) {
          long nanos = runs.stream().mapToLong(w -> w.cpuNanos().getOrDefault(c, 0L)).sum();
          md.append(String.format(Locale.ROOT, " %.1f |", nanos / 1e3 / responses));
        }
        long all = runs.stream().mapToLong(CpuTables::allNanos).sum();
        double total = total(read, variant, x).orElseThrow();
        md.append(String.format(Locale.ROOT, " %.1f | %.1f |", all / 1e3 / responses, total));
        md.append(
            base.isPresent() && !variant.equals(baseline)
                ? String.format(Locale.ROOT, " %.3f |", total / base.get())
                : " - |");
        md.append(
            variant.equals(baseline) ? " - |" : " " + paired(read, baseline, variant, x) + " |");
        md.append('\n');
      }
    }
    return md.toString();
  }

  /** One line per run with its CPU nanoseconds by category, for {@code cpu.csv}. */
  static String csv(List<RunWindow> windows) {
    StringBuilder csv = new StringBuilder("variant,x,repetition,responses");
    for (CpuCategory c : CpuCategory.values()) {
      csv.append(",cpu_ns_").append(c.name().toLowerCase(Locale.ROOT));
    }
    csv.append('\n');
    for (RunWindow w : windows) {
      if (w.cpuNanos().isEmpty()) {
        continue;
      }
      csv.append(w.variant())
          .append(',')
          .append(point(w.x()))
          .append(',')
          .append(w.repetition())
          .append(',')
          .append(w.responses());
      for (CpuCategory c : CpuCategory.values()) {
        csv.append(',').append(w.cpuNanos().getOrDefault(c, 0L));
      }
      csv.append('\n');
    }
    return csv.toString();
  }

  /**
   * CPU microseconds per response of a variant at a point over its runs, without the JIT's: what
   * the ratios compare.
   */
  static Optional<Double> total(List<RunWindow> windows, String variant, double x) {
    List<RunWindow> runs = select(windows, variant, x);
    long responses = runs.stream().mapToLong(RunWindow::responses).sum();
    if (responses <= 0) {
      return Optional.empty();
    }
    long nanos = runs.stream().mapToLong(CpuTables::totalNanos).sum();
    return Optional.of(nanos / 1e3 / responses);
  }

  private static String paired(List<RunWindow> windows, String baseline, String variant, double x) {
    List<Double> ratios = new ArrayList<>();
    for (RunWindow run : select(windows, variant, x)) {
      for (RunWindow base : select(windows, baseline, x)) {
        if (base.repetition() == run.repetition() && base.responses() > 0 && run.responses() > 0) {
          ratios.add(
              (totalNanos(run) / (double) run.responses())
                  / (totalNanos(base) / (double) base.responses()));
        }
      }
    }
    if (ratios.isEmpty()) {
      return "-";
    }
    double mean = ratios.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
    double min = ratios.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
    double max = ratios.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
    if (ratios.size() == 1) {
      return String.format(Locale.ROOT, "%.3f", mean);
    }
    double variance =
        ratios.stream().mapToDouble(r -> (r - mean) * (r - mean)).sum() / (ratios.size() - 1);
    return String.format(
        Locale.ROOT,
        "%.3f ± %.3f (%.3f-%.3f)",
        mean,
        Math.sqrt(variance / ratios.size()),
        min,
        max);
  }

  private static long totalNanos(RunWindow w) {
    return allNanos(w) - w.cpuNanos().getOrDefault(CpuCategory.JIT, 0L);
  }

  private static long allNanos(RunWindow w) {
    return w.cpuNanos().values().stream().mapToLong(Long::longValue).sum();
  }

  private static List<RunWindow> select(List<RunWindow> windows, String variant, double x) {
    return windows.stream().filter(w -> w.variant().equals(variant) && w.x() == x).toList();
  }

  private static Set<Double> points(List<RunWindow> windows) {
    Set<Double> points = new LinkedHashSet<>();
    windows.forEach(w -> points.add(w.x()));
    return points;
  }

  private static Set<String> variants(List<RunWindow> windows, String baseline) {
    Set<String> variants = new LinkedHashSet<>();
    variants.add(baseline);
    windows.forEach(w -> variants.add(w.variant()));
    return variants;
  }

  private static String point(double x) {
    return x == Math.rint(x) ? Long.toString((long) x) : Double.toString(x);
  }
}

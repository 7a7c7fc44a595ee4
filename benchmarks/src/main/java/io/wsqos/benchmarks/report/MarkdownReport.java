package io.wsqos.benchmarks.report;

import static java.util.Objects.requireNonNull;

import io.wsqos.benchmarks.load.Outcome;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.ToDoubleFunction;

/**
 * The Markdown report of a sweep: per point and variant, the mean and standard deviation over the
 * repetitions, the ratio of each variant's mean to the baseline's (the first variant), the counts
 * by outcome and the response-time distribution in the buckets of the Grid5000 paper's Table 3.
 *
 * @param title the heading
 * @param description what the experiment does, in a paragraph
 * @param xName the point's name, e.g. "offered rate (req/s)" or "requesters"
 * @param settings lines listed under "Settings" (request, durations, timeouts, command)
 * @param machine where it ran
 */
public record MarkdownReport(
    String title, String description, String xName, List<String> settings, MachineInfo machine) {

  public MarkdownReport {
    requireNonNull(title, "title");
    requireNonNull(description, "description");
    requireNonNull(xName, "xName");
    settings = List.copyOf(settings);
    requireNonNull(machine, "machine");
  }

  public void write(Path file, List<PointResult> results) {
    try {
      Files.writeString(file, render(results), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The report for {@code results}; points and variants keep their first-seen order. */
  public String render(List<PointResult> results) {
    Set<Double> points = new LinkedHashSet<>();
    Set<String> variants = new LinkedHashSet<>();
    results.forEach(
        r -> {
          points.add(r.x());
          variants.add(r.variant());
        });
    String baseline = variants.isEmpty() ? "" : variants.iterator().next();
    boolean ratios = variants.size() > 1;
    int repetitions = results.stream().mapToInt(PointResult::repetition).max().orElse(0);

    StringBuilder md = new StringBuilder();
    md.append("# ").append(title).append("\n\n").append(description).append("\n\n");
    md.append("## Machine\n\n");
    md.append("- cores: ").append(machine.cores()).append('\n');
    md.append("- JVM: ").append(machine.jvm()).append('\n');
    md.append("- OS: ").append(machine.os()).append('\n');
    md.append("- date: ").append(machine.date()).append('\n');
    md.append("- core-wake convention: ").append(machine.coreWakeConvention()).append("\n\n");
    md.append("## Settings\n\n");
    settings.forEach(s -> md.append("- ").append(s).append('\n'));
    md.append('\n');

    md.append("## Throughput and response time\n\n");
    md.append("Mean ± standard deviation over ")
        .append(repetitions)
        .append(" repetition(s); response times of successful requests, from the intended send")
        .append(" time.");
    if (ratios) {
      md.append(" Ratios are this variant's mean over the baseline's (`")
          .append(baseline)
          .append("`) at the same point.");
    }
    md.append("\n\n");
    List<String> header =
        new ArrayList<>(
            List.of(xName, "variant", "offered/s", "throughput/s", "mean ms", "p50 ms", "p99 ms"));
    if (ratios) {
      header.addAll(List.of("throughput ratio", "mean ratio", "p99 ratio"));
    }
    row(md, header);
    separator(md, header.size());
    for (double x : points) {
      List<PointResult> base = select(results, x, baseline);
      for (String variant : variants) {
        List<PointResult> reps = select(results, x, variant);
        if (reps.isEmpty()) {
          continue;
        }
        List<String> cells = new ArrayList<>();
        cells.add(CsvWriter.number(x));
        cells.add(variant);
        cells.add(meanSd(reps, PointResult::offeredPerSecond, 1));
        cells.add(meanSd(reps, PointResult::throughputPerSecond, 1));
        cells.add(meanSd(reps, PointResult::meanMillis, 2));
        cells.add(meanSd(reps, PointResult::p50Millis, 2));
        cells.add(meanSd(reps, PointResult::p99Millis, 2));
        if (ratios) {
          cells.add(ratio(reps, base, PointResult::throughputPerSecond));
          cells.add(ratio(reps, base, PointResult::meanMillis));
          cells.add(ratio(reps, base, PointResult::p99Millis));
        }
        row(md, cells);
      }
    }
    md.append('\n');

    md.append("## Requests and failures by cause\n\n");
    md.append("Mean per repetition. Availability is succeeded / requests.\n\n");
    List<String> countsHeader = new ArrayList<>(List.of(xName, "variant", "requests"));
    for (Outcome outcome : Outcome.values()) {
      countsHeader.add(outcome.name().toLowerCase(Locale.ROOT));
    }
    countsHeader.add("availability");
    row(md, countsHeader);
    separator(md, countsHeader.size());
    for (double x : points) {
      for (String variant : variants) {
        List<PointResult> reps = select(results, x, variant);
        if (reps.isEmpty()) {
          continue;
        }
        List<String> cells = new ArrayList<>();
        cells.add(CsvWriter.number(x));
        cells.add(variant);
        double requests = Summary.of(reps, r -> r.requests()).mean();
        cells.add(format(requests, 0));
        for (Outcome outcome : Outcome.values()) {
          cells.add(format(Summary.of(reps, r -> r.count(outcome)).mean(), 0));
        }
        double succeeded = Summary.of(reps, r -> r.count(Outcome.SUCCEEDED)).mean();
        cells.add(requests == 0 ? "" : format(100 * succeeded / requests, 2) + "%");
        row(md, cells);
      }
    }
    md.append('\n');

    md.append("## Response-time distribution (Table 3 buckets)\n\n");
    md.append("Share of successful requests per response-time interval, over all repetitions.\n\n");
    List<String> bucketHeader = new ArrayList<>(List.of(xName, "variant"));
    for (int second = 1; second < PointResult.BUCKETS; second++) {
      bucketHeader.add("<" + second + "s");
    }
    bucketHeader.add("≥10s");
    row(md, bucketHeader);
    separator(md, bucketHeader.size());
    for (double x : points) {
      for (String variant : variants) {
        List<PointResult> reps = select(results, x, variant);
        if (reps.isEmpty()) {
          continue;
        }
        long[] totals = new long[PointResult.BUCKETS];
        for (PointResult r : reps) {
          for (int i = 0; i < totals.length; i++) {
            totals[i] += r.buckets().get(i);
          }
        }
        long all = 0;
        for (long t : totals) {
          all += t;
        }
        List<String> cells = new ArrayList<>(List.of(CsvWriter.number(x), variant));
        for (long t : totals) {
          cells.add(all == 0 ? "" : format(100.0 * t / all, 2) + "%");
        }
        row(md, cells);
      }
    }
    return md.toString();
  }

  private static List<PointResult> select(List<PointResult> results, double x, String variant) {
    return results.stream().filter(r -> r.x() == x && r.variant().equals(variant)).toList();
  }

  private static String meanSd(
      List<PointResult> reps, ToDoubleFunction<PointResult> quantity, int decimals) {
    Summary s = Summary.of(reps, quantity);
    if (s.n() == 0) {
      return "";
    }
    return s.n() == 1
        ? format(s.mean(), decimals)
        : format(s.mean(), decimals) + " ± " + format(s.sd(), decimals);
  }

  private static String ratio(
      List<PointResult> reps, List<PointResult> base, ToDoubleFunction<PointResult> quantity) {
    double denominator = Summary.of(base, quantity).mean();
    double numerator = Summary.of(reps, quantity).mean();
    if (Double.isNaN(denominator) || Double.isNaN(numerator) || denominator == 0) {
      return "";
    }
    return format(numerator / denominator, 2);
  }

  private static String format(double value, int decimals) {
    return Double.isNaN(value) ? "" : String.format(Locale.ROOT, "%." + decimals + "f", value);
  }

  private static void row(StringBuilder md, List<String> cells) {
    md.append("| ").append(String.join(" | ", cells)).append(" |\n");
  }

  private static void separator(StringBuilder md, int columns) {
    md.append('|');
    for (int i = 0; i < columns; i++) {
      md.append(" --- |");
    }
    md.append('\n');
  }
}

package io.wsqos.benchmarks.report;

import io.wsqos.benchmarks.load.Outcome;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Writes every repetition of every point as one CSV row, with a header row. */
public final class CsvWriter {

  private CsvWriter() {}

  /** The CSV text for {@code results}, rows in the given order. */
  public static String toCsv(String xName, List<PointResult> results) {
    StringBuilder out = new StringBuilder();
    List<String> header = new ArrayList<>(List.of("variant", xName, "repetition", "requests"));
    for (Outcome outcome : Outcome.values()) {
      header.add(outcome.name().toLowerCase(Locale.ROOT));
    }
    header.addAll(
        List.of(
            "offered_per_s",
            "throughput_per_s",
            "mean_ms",
            "p50_ms",
            "p90_ms",
            "p99_ms",
            "max_ms",
            "service_mean_ms",
            "service_p50_ms"));
    for (int second = 1; second < PointResult.BUCKETS; second++) {
      header.add("lt_" + second + "s");
    }
    header.add("ge_10s");
    out.append(String.join(",", header)).append('\n');
    for (PointResult r : results) {
      List<String> row = new ArrayList<>();
      row.add(quote(r.variant()));
      row.add(number(r.x()));
      row.add(Integer.toString(r.repetition()));
      row.add(Long.toString(r.requests()));
      for (Outcome outcome : Outcome.values()) {
        row.add(Long.toString(r.count(outcome)));
      }
      row.add(number(r.offeredPerSecond()));
      row.add(number(r.throughputPerSecond()));
      row.add(number(r.meanMillis()));
      row.add(number(r.p50Millis()));
      row.add(number(r.p90Millis()));
      row.add(number(r.p99Millis()));
      row.add(number(r.maxMillis()));
      row.add(number(r.serviceMeanMillis()));
      row.add(number(r.serviceP50Millis()));
      r.buckets().forEach(b -> row.add(Long.toString(b)));
      out.append(String.join(",", row)).append('\n');
    }
    return out.toString();
  }

  public static void write(Path file, String xName, List<PointResult> results) {
    try {
      Files.writeString(file, toCsv(xName, results), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static String number(double value) {
    if (Double.isNaN(value)) {
      return "";
    }
    if (value == Math.rint(value) && Math.abs(value) < 1e15) {
      return Long.toString((long) value);
    }
    return String.format(Locale.ROOT, "%.3f", value);
  }

  private static String quote(String s) {
    if (s.contains(",") || s.contains("\"") || s.contains("\n")) {
      return '"' + s.replace("\"", "\"\"") + '"';
    }
    return s;
  }
}

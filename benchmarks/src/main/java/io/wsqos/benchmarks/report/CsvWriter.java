package io.wsqos.benchmarks.report;

import io.wsqos.benchmarks.load.Outcome;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Every repetition of every point of a sweep as one row of a {@link Table}, for CSV. */
public final class CsvWriter {

  private CsvWriter() {}

  /** The table for {@code results}, rows in the given order. */
  public static Table table(String xName, List<PointResult> results) {
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
    Table table = Table.of(header);
    for (PointResult r : results) {
      List<Object> row = new ArrayList<>();
      row.add(r.variant());
      row.add(number(r.x()));
      row.add(r.repetition());
      row.add(r.requests());
      for (Outcome outcome : Outcome.values()) {
        row.add(r.count(outcome));
      }
      for (double v :
          new double[] {
            r.offeredPerSecond(),
            r.throughputPerSecond(),
            r.meanMillis(),
            r.p50Millis(),
            r.p90Millis(),
            r.p99Millis(),
            r.maxMillis(),
            r.serviceMeanMillis(),
            r.serviceP50Millis()
          }) {
        row.add(number(v));
      }
      row.addAll(r.buckets());
      table.row(row);
    }
    return table;
  }

  /** The CSV text for {@code results}, rows in the given order. */
  public static String toCsv(String xName, List<PointResult> results) {
    return table(xName, results).csv();
  }

  public static void write(Path file, String xName, List<PointResult> results) {
    table(xName, results).writeCsv(file);
  }

  static String number(double value) {
    return Table.number(value);
  }
}

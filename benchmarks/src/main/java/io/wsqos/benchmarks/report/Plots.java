package io.wsqos.benchmarks.report;

import java.nio.file.Path;
import java.util.List;

/**
 * The plots of a sweep: throughput against the point, and mean and p99 response time against the
 * point, one series per variant (means over the repetitions), as Figures 51-54 of the paper.
 */
public final class Plots {

  private Plots() {}

  /** Writes {@code throughput.png} and {@code response-time.png} into {@code directory}. */
  public static void write(Path directory, String title, String xName, List<PointResult> results) {
    Results r = new Results(results);
    r.plot(
            Plot.of(title + ": throughput", xName, "successful requests/s"),
            "",
            PointResult::throughputPerSecond)
        .write(directory.resolve("throughput.png"));
    Plot latency = Plot.of(title + ": response time", xName, "ms (mean, p99)").logarithmicY();
    for (String variant : r.variants()) {
      Results one = new Results(r.all().stream().filter(p -> p.variant().equals(variant)).toList());
      one.plot(latency, " mean", PointResult::meanMillis);
      one.plot(latency, " p99", PointResult::p99Millis);
    }
    latency.write(directory.resolve("response-time.png"));
  }
}

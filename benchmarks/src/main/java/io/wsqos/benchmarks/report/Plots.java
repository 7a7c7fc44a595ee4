package io.wsqos.benchmarks.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.ToDoubleFunction;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * PNG plots of a sweep: throughput against the point, and mean and p99 response time against the
 * point, one series per variant (means over the repetitions), as Figures 51-54 of the paper.
 */
public final class Plots {

  private static final int WIDTH = 900;
  private static final int HEIGHT = 560;

  private Plots() {}

  /** Writes {@code throughput.png} and {@code response-time.png} into {@code directory}. */
  public static void write(Path directory, String title, String xName, List<PointResult> results) {
    System.setProperty("java.awt.headless", "true");
    Set<String> variants = new LinkedHashSet<>();
    results.forEach(r -> variants.add(r.variant()));

    XYChart throughput = chart(title + ": throughput", xName, "successful requests/s");
    XYChart latency = chart(title + ": response time", xName, "ms (mean, p99)");
    latency.getStyler().setYAxisLogarithmic(true);
    for (String variant : variants) {
      add(throughput, variant, results, PointResult::throughputPerSecond);
      add(latency, variant + " mean", results, variant, PointResult::meanMillis);
      add(latency, variant + " p99", results, variant, PointResult::p99Millis);
    }
    try {
      BitmapEncoder.saveBitmap(
          throughput,
          directory.resolve("throughput.png").toString(),
          BitmapEncoder.BitmapFormat.PNG);
      BitmapEncoder.saveBitmap(
          latency,
          directory.resolve("response-time.png").toString(),
          BitmapEncoder.BitmapFormat.PNG);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static XYChart chart(String title, String xName, String yName) {
    XYChart chart =
        new XYChartBuilder()
            .width(WIDTH)
            .height(HEIGHT)
            .title(title)
            .xAxisTitle(xName)
            .yAxisTitle(yName)
            .build();
    chart.getStyler().setChartBackgroundColor(java.awt.Color.WHITE);
    chart.getStyler().setLegendPosition(org.knowm.xchart.style.Styler.LegendPosition.InsideNW);
    return chart;
  }

  private static void add(
      XYChart chart,
      String variant,
      List<PointResult> results,
      ToDoubleFunction<PointResult> quantity) {
    add(chart, variant, results, variant, quantity);
  }

  private static void add(
      XYChart chart,
      String seriesName,
      List<PointResult> results,
      String variant,
      ToDoubleFunction<PointResult> quantity) {
    Set<Double> points = new LinkedHashSet<>();
    results.stream().filter(r -> r.variant().equals(variant)).forEach(r -> points.add(r.x()));
    List<Double> xs = points.stream().sorted().toList();
    double[] x = new double[xs.size()];
    double[] y = new double[xs.size()];
    int n = 0;
    for (double point : xs) {
      List<PointResult> reps =
          results.stream().filter(r -> r.variant().equals(variant) && r.x() == point).toList();
      double mean = Summary.of(reps, quantity).mean();
      if (Double.isNaN(mean) || (chart.getStyler().isYAxisLogarithmic() && mean <= 0)) {
        continue;
      }
      x[n] = point;
      y[n] = mean;
      n++;
    }
    if (n == 0) {
      return;
    }
    XYSeries series =
        chart.addSeries(seriesName, java.util.Arrays.copyOf(x, n), java.util.Arrays.copyOf(y, n));
    series.setMarker(SeriesMarkers.CIRCLE);
  }
}

package io.wsqos.benchmarks.report;

import static java.util.Objects.requireNonNull;

import java.awt.Color;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * A line chart of named series against one x axis, written as a PNG: the one plot every experiment
 * draws with. Points without a value (NaN, or not above zero on a logarithmic axis) are left out; a
 * series with no point left is not drawn.
 */
public final class Plot {

  private static final int WIDTH = 900;
  private static final int HEIGHT = 560;

  private final String title;
  private final String xName;
  private final String yName;
  private boolean logarithmicY;
  private boolean logarithmicX;
  private final Map<String, double[][]> series = new LinkedHashMap<>();

  private Plot(String title, String xName, String yName) {
    this.title = requireNonNull(title, "title");
    this.xName = requireNonNull(xName, "xName");
    this.yName = requireNonNull(yName, "yName");
  }

  public static Plot of(String title, String xName, String yName) {
    return new Plot(title, xName, yName);
  }

  /** A logarithmic y axis, for response times that span orders of magnitude. */
  public Plot logarithmicY() {
    this.logarithmicY = true;
    return this;
  }

  /**
   * A logarithmic x axis, for curves whose offered rates lie orders of magnitude apart (a paper's
   * beside ours).
   */
  public Plot logarithmicX() {
    this.logarithmicX = true;
    return this;
  }

  /** Adds a series; {@code x} and {@code y} are paired by index. */
  public Plot series(String name, List<Double> x, List<Double> y) {
    if (x.size() != y.size()) {
      throw new IllegalArgumentException(
          "series " + name + ": " + x.size() + " x and " + y.size() + " y (expected: as many)");
    }
    List<double[]> kept = new ArrayList<>();
    for (int i = 0; i < x.size(); i++) {
      double v = y.get(i);
      if (!Double.isNaN(v) && !(logarithmicY && v <= 0) && !(logarithmicX && x.get(i) <= 0)) {
        kept.add(new double[] {x.get(i), v});
      }
    }
    series.put(name, kept.toArray(double[][]::new));
    return this;
  }

  /** Writes the chart to {@code file} as a PNG. */
  public void write(Path file) {
    System.setProperty("java.awt.headless", "true");
    XYChart chart =
        new XYChartBuilder()
            .width(WIDTH)
            .height(HEIGHT)
            .title(title)
            .xAxisTitle(xName)
            .yAxisTitle(yName)
            .build();
    chart.getStyler().setChartBackgroundColor(Color.WHITE);
    chart.getStyler().setLegendPosition(Styler.LegendPosition.InsideNW);
    chart.getStyler().setYAxisLogarithmic(logarithmicY);
    chart.getStyler().setXAxisLogarithmic(logarithmicX);
    series.forEach(
        (name, points) -> {
          if (points.length > 0) {
            double[] xs = Arrays.stream(points).mapToDouble(p -> p[0]).toArray();
            double[] ys = Arrays.stream(points).mapToDouble(p -> p[1]).toArray();
            chart.addSeries(name, xs, ys).setMarker(SeriesMarkers.CIRCLE);
          }
        });
    try {
      Files.createDirectories(file.toAbsolutePath().getParent());
      BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}

package io.wsqos.benchmarks.experiment;

import java.util.List;
import java.util.Optional;

/**
 * What a served request and a refusal each cost a saturated server, fitted by least squares over
 * runs that served and refused in different proportions: each run's CPU per second is taken as
 * {@code served * c + refused * r}. One run cannot tell the two apart; runs at one offered load
 * hardly can, as they refuse in nearly the same proportion.
 *
 * @param servedMicros c, the CPU of a served request (µs)
 * @param servedError c's standard error (µs)
 * @param refusalMicros r, the CPU of a refusal (µs)
 * @param refusalError r's standard error (µs)
 * @param runs the runs fitted
 */
record CostFit(
    double servedMicros, double servedError, double refusalMicros, double refusalError, int runs) {

  /** The least 1 - cos^2 between the served and refused columns: about 13 degrees apart. */
  static final double MIN_SEPARATION = 0.05;

  /** One run: served and refused per second, and its server's CPU per second (µs). */
  record Point(double servedPerSecond, double refusedPerSecond, double cpuMicrosPerSecond) {}

  /**
   * The fit over {@code points}; empty when there are fewer than three, when the proportions of
   * served to refused are too alike to separate the costs, or when a cost comes out negative.
   */
  static Optional<CostFit> of(List<Point> points) {
    int n = points.size();
    if (n < 3) {
      return Optional.empty();
    }
    double ss = 0;
    double sr = 0;
    double rr = 0;
    double sy = 0;
    double ry = 0;
    for (Point p : points) {
      double s = p.servedPerSecond();
      double r = p.refusedPerSecond();
      ss += s * s;
      sr += s * r;
      rr += r * r;
      sy += s * p.cpuMicrosPerSecond();
      ry += r * p.cpuMicrosPerSecond();
    }
    double det = ss * rr - sr * sr;
    // det / (ss rr) is 1 - cos^2 of the angle between the served and refused columns: near 0 when
    // the runs' proportions hardly differ, as at one offered load, where noise decides the split.
    if (det < MIN_SEPARATION * ss * rr) {
      return Optional.empty();
    }
    double c = (rr * sy - sr * ry) / det;
    double r = (ss * ry - sr * sy) / det;
    if (c <= 0 || r <= 0) {
      return Optional.empty();
    }
    double residuals = 0;
    for (Point p : points) {
      double e = p.cpuMicrosPerSecond() - p.servedPerSecond() * c - p.refusedPerSecond() * r;
      residuals += e * e;
    }
    double variance = residuals / (n - 2);
    return Optional.of(
        new CostFit(c, Math.sqrt(variance * rr / det), r, Math.sqrt(variance * ss / det), n));
  }

  /**
   * The most a server at these costs can serve per second of {@code offeredPerSecond} when it
   * refuses the rest, on one core: {@code S c + (offered - S) r = 1 s}, at most the offer.
   */
  double servedAllowed(double offeredPerSecond) {
    double served = (1e6 - offeredPerSecond * refusalMicros) / (servedMicros - refusalMicros);
    return Math.max(0, Math.min(offeredPerSecond, served));
  }
}

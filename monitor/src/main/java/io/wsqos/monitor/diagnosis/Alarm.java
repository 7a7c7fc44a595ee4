package io.wsqos.monitor.diagnosis;

import static java.util.Objects.requireNonNull;

import java.time.Instant;
import java.util.Locale;

/**
 * A degradation found by a {@link DiagnosisRule}: which endpoint, which rule, the figure observed
 * in the last window, the limit it crossed, and for how many consecutive windows.
 *
 * @param raisedAt when the window that completed the degradation closed
 * @param endpoint the degraded endpoint's address
 * @param rule the rule's name, e.g. {@code p95-response-time}
 * @param figure what was measured and its unit, e.g. {@code p95 response time (ms)}
 * @param observed the figure in the last window
 * @param limit the rule's threshold
 * @param consecutiveWindows how many windows in a row crossed it
 * @param window the last window's statistics
 */
public record Alarm(
    Instant raisedAt,
    String endpoint,
    String rule,
    String figure,
    double observed,
    double limit,
    int consecutiveWindows,
    WindowStats window) {

  /** Checks for nulls. */
  public Alarm {
    requireNonNull(raisedAt, "raisedAt");
    requireNonNull(endpoint, "endpoint");
    requireNonNull(rule, "rule");
    requireNonNull(figure, "figure");
    requireNonNull(window, "window");
  }

  /** One line for a log: {@code rule at endpoint: figure observed (limit L) for N windows}. */
  public String describe() {
    return String.format(
        Locale.ROOT,
        "%s at %s: %s %.3f (limit %.3f) for %d consecutive windows, last %s .. %s, %d requests",
        rule,
        endpoint,
        figure,
        observed,
        limit,
        consecutiveWindows,
        window.from(),
        window.to(),
        window.requests());
  }
}

package io.wsqos.broker.api;

import static java.util.Objects.requireNonNull;

import io.wsqos.core.Checks;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;

/**
 * What the measurements reported of an offer over the broker's window say, beside what the offer
 * guarantees: per operation, and whether they break the guarantee. A flagged offer is not selected
 * until {@code expiresAt}, unless later reports clear it first.
 *
 * @param operations per operation, in operation name order; not empty; an unmodifiable copy
 * @param flagged whether an operation with enough requests had a lower availability or a longer
 *     response time (at the broker's percentile) than the offer guarantees
 * @param reason why it is flagged, in words; empty when not flagged
 * @param evaluatedAt when the broker last evaluated the window (at the last report)
 * @param expiresAt when the window's reports are all older than the window: these figures, and the
 *     flag, stop counting then
 */
public record MeasuredQos(
    List<OperationQos> operations,
    boolean flagged,
    String reason,
    Instant evaluatedAt,
    Instant expiresAt) {

  /** Checks and copies the fields. */
  public MeasuredQos {
    operations =
        List.copyOf(operations).stream()
            .sorted(Comparator.comparing(OperationQos::operation))
            .toList();
    if (operations.isEmpty()) {
      throw Checks.invalidText("operations", "[]", "at least one operation");
    }
    Checks.printable("reason", reason, 2_000);
    requireNonNull(evaluatedAt, "evaluatedAt");
    requireNonNull(expiresAt, "expiresAt");
  }

  /** Whether these figures still count at {@code now}. */
  public boolean countsAt(Instant now) {
    return now.isBefore(expiresAt);
  }

  /** Whether the offer is flagged at {@code now}: flagged, and the window not yet expired. */
  public boolean flaggedAt(Instant now) {
    return flagged && countsAt(now);
  }

  /** The longest 95th percentile response time of any operation, in milliseconds. */
  public double worstP95Millis() {
    return operations.stream().mapToDouble(OperationQos::p95Millis).max().orElse(0);
  }
}

package io.wsqos.binding;

import static java.util.Objects.requireNonNull;

/**
 * The predictor's time vote between RMI and SOAP over a parameter space: at each point the
 * estimated sizes are turned into times by a {@link CostModel}, and the binding predicted faster at
 * most points wins.
 *
 * @param choice the binding predicted faster at most points
 * @param share the choice's share of the votes, 0..1
 * @param points the points that voted (plausible under the maximum message size)
 * @param rmiVotes points where RMI was predicted faster
 * @param soapVotes points where SOAP was
 * @param medianRmiMicros the median predicted time of an RMI call, in microseconds
 * @param medianSoapMicros the median predicted time of a SOAP call, in microseconds
 * @param model the cost model the times come from
 */
public record TimePrediction(
    BindingKind choice,
    double share,
    int points,
    int rmiVotes,
    int soapVotes,
    double medianRmiMicros,
    double medianSoapMicros,
    CostModel model) {

  /** Checks the parts. */
  public TimePrediction {
    requireNonNull(choice, "choice");
    requireNonNull(model, "model");
    if (choice != BindingKind.RMI && choice != BindingKind.SOAP) {
      throw new IllegalArgumentException("choice: " + choice + " (expected: rmi or soap)");
    }
  }

  /**
   * One line, e.g. {@code rmi with 100.0% of 96 points (median rmi 212.4 µs, soap 1,030.9 µs)}; the
   * model is described separately.
   */
  public String describe() {
    return String.format(
        "%s with %.1f%% of %d points (median rmi %,.1f µs, soap %,.1f µs)",
        choice, share * 100, points, medianRmiMicros, medianSoapMicros);
  }
}

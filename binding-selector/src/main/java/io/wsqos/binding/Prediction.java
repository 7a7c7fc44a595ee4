package io.wsqos.binding;

import static java.util.Objects.requireNonNull;

/**
 * The predictor's vote between RMI and SOAP over a parameter space (Table 2 of the report).
 *
 * @param choice the binding whose messages were smaller at most points
 * @param share the choice's share of the votes, 0..1
 * @param points the points that voted (plausible under the maximum message size)
 * @param rmiVotes points where RMI's request and response were smaller together
 * @param soapVotes points where SOAP's were
 * @param medianRmiBytes the median estimate of an RMI request plus response
 * @param medianSoapBytes the median estimate of a SOAP request plus response
 */
public record Prediction(
    BindingKind choice,
    double share,
    int points,
    int rmiVotes,
    int soapVotes,
    long medianRmiBytes,
    long medianSoapBytes) {

  /** Checks the parts. */
  public Prediction {
    requireNonNull(choice, "choice");
    if (choice != BindingKind.RMI && choice != BindingKind.SOAP) {
      throw new IllegalArgumentException("choice: " + choice + " (expected: rmi or soap)");
    }
  }

  /** One line, e.g. {@code rmi with 91.7% of 96 points (median rmi 812 B, soap 1,390 B)}. */
  public String describe() {
    return String.format(
        "%s with %.1f%% of %d points (median rmi %,d B, soap %,d B)",
        choice, share * 100, points, medianRmiBytes, medianSoapBytes);
  }
}

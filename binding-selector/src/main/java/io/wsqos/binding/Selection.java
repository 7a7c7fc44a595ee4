package io.wsqos.binding;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.List;

/**
 * A binding proxy's choice and everything it was made from.
 *
 * @param address the binding chosen
 * @param trigger why a selection ran: first use, on demand, or a failure of the previous binding
 * @param decision the rule or default that chose it
 * @param prediction the predictor's size vote, the report's method (fact {@code
 *     size-predicted:KIND})
 * @param timePrediction the predictor's time vote with the cost model (fact {@code predicted:KIND})
 * @param calibration how the cost model's calibration went, one line per remote binding; empty when
 *     none ran
 * @param environment the discovered facts
 */
public record Selection(
    BindingAddress address,
    String trigger,
    PolicyRules.Decision decision,
    Prediction prediction,
    TimePrediction timePrediction,
    List<String> calibration,
    Environment environment) {

  /** Checks the parts. */
  public Selection {
    requireNonNull(address, "address");
    requireNonNull(trigger, "trigger");
    requireNonNull(decision, "decision");
    requireNonNull(prediction, "prediction");
    requireNonNull(timePrediction, "timePrediction");
    calibration = List.copyOf(calibration);
    requireNonNull(environment, "environment");
  }

  /** The binding chosen. */
  public BindingKind kind() {
    return address.kind();
  }

  /**
   * Several lines: the binding, the rule that chose it, the trigger, both votes, the cost model and
   * its calibration, the facts.
   */
  public String explain() {
    List<String> lines = new ArrayList<>();
    lines.add("binding: " + address);
    lines.add("because: " + decision.reason());
    decision.passedOver().forEach(p -> lines.add("passed over: " + p));
    lines.add("selected: " + trigger + " at " + environment.discoveredAt());
    lines.add("prediction by time: " + timePrediction.describe());
    lines.add("prediction by size: " + prediction.describe());
    lines.add("cost model: " + timePrediction.model().describe());
    calibration.forEach(line -> lines.add("calibration: " + line));
    environment.describe().forEach(line -> lines.add("environment: " + line));
    return String.join("\n", lines);
  }
}

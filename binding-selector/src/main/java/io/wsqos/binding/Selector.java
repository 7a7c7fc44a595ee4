package io.wsqos.binding;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The choice of a binding as a function of what a selection found: the descriptor, the environment,
 * the cost model and the bindings already failed give a {@link Selection}, with no I/O, no lock and
 * nothing remembered between calls that changes the answer. The predictor's estimates of the
 * interface's messages over the hints' parameter space, and the size vote on them, are made once,
 * when the selector is created; a time vote is counted from those estimates (no estimating) and
 * kept for the last cost model it was asked for. {@link BindingProxy} discovers, calibrates and
 * connects around it.
 */
final class Selector {

  /** The estimates and the size vote on them. */
  private record Estimates(Predictor.Votes votes, Prediction sizeVote) {}

  private final Class<?> sei;
  private final Predictor predictor;
  private final Hints hints;
  private final PolicyRules rules;
  private final CostModel costModel;
  private volatile Estimates estimates;
  // The time vote of the last model asked for: the configured one, or one calibration's.
  private volatile TimePrediction timeVote;

  /**
   * A selector of a binding of {@code sei}; estimates nothing yet.
   *
   * @param costModel the configured cost model, before the rule file's {@code cost} lines
   */
  Selector(Class<?> sei, Predictor predictor, Hints hints, PolicyRules rules, CostModel costModel) {
    this.sei = requireNonNull(sei, "sei");
    this.predictor = requireNonNull(predictor, "predictor");
    this.hints = requireNonNull(hints, "hints");
    this.rules = requireNonNull(rules, "rules");
    this.costModel = rules.applyCosts(requireNonNull(costModel, "costModel"));
  }

  /** The cost model of a selection without calibration: the configured one and the rule file's. */
  CostModel costModel() {
    return costModel;
  }

  /**
   * Chooses: the first rule that holds for the environment's facts and the two votes, among the
   * bindings the descriptor publishes, the environment finds usable and {@code failed} does not
   * name; else the first such default.
   *
   * @param trigger why the selection runs, for {@link Selection#trigger()}
   * @param costs the cost model of the time vote and how its calibration went (no notes when none
   *     ran)
   * @param failed bindings not to choose, each with why, in the order they failed; each becomes a
   *     line of {@link PolicyRules.Decision#passedOver()}, e.g. {@code soap could not be connected:
   *     ...}
   * @throws BindingFailureException if no binding is left to choose
   */
  Selection select(
      String trigger,
      ServiceDescriptor descriptor,
      Environment environment,
      Calibration.Result costs,
      Map<BindingKind, String> failed) {
    requireNonNull(trigger, "trigger");
    requireNonNull(descriptor, "descriptor");
    requireNonNull(environment, "environment");
    requireNonNull(costs, "costs");
    requireNonNull(failed, "failed");
    Estimates made = estimates();
    TimePrediction byTime = timeVote(made.votes(), costs.model());
    Set<String> facts = new LinkedHashSet<>(environment.facts());
    facts.add("predicted:" + byTime.choice().token());
    facts.add("size-predicted:" + made.sizeVote().choice().token());
    PolicyRules.Decision decision =
        rules.decide(
            facts,
            kind ->
                environment.usable(kind)
                    && descriptor.binding(kind).isPresent()
                    && !failed.containsKey(kind));
    List<String> passed = new ArrayList<>();
    failed.forEach((kind, why) -> passed.add(kind + " " + why));
    passed.addAll(decision.passedOver());
    return new Selection(
        descriptor.binding(decision.kind()).orElseThrow(),
        trigger,
        new PolicyRules.Decision(decision.kind(), decision.reason(), passed),
        made.sizeVote(),
        byTime,
        costs.notes(),
        environment);
  }

  private Estimates estimates() {
    Estimates made = estimates;
    if (made == null) {
      // Selections at the same time wait for one estimate rather than each making its own.
      synchronized (this) {
        made = estimates;
        if (made == null) {
          Predictor.Votes votes = predictor.votes(sei, hints);
          made = new Estimates(votes, votes.size());
          estimates = made;
        }
      }
    }
    return made;
  }

  private TimePrediction timeVote(Predictor.Votes votes, CostModel model) {
    requireNonNull(model, "model");
    TimePrediction last = timeVote;
    if (last != null && last.model().equals(model)) {
      return last;
    }
    TimePrediction counted = votes.time(model);
    timeVote = counted;
    return counted;
  }
}

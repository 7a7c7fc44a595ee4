package io.wsqos.monitor.diagnosis;

import static java.util.Objects.requireNonNull;

import io.wsqos.core.Checks;
import java.util.Optional;
import java.util.function.DoublePredicate;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;

/** A figure crossing a limit in K windows in a row, raised once per episode. */
final class ConsecutiveWindowsRule implements DiagnosisRule {

  /** Most consecutive windows a rule may ask for. */
  static final int MAX_CONSECUTIVE_WINDOWS = 1_000;

  private final String name;
  private final String figure;
  private final double limit;
  private final int consecutiveWindows;
  private final Predicate<WindowStats> applies;
  private final ToDoubleFunction<WindowStats> figureOf;
  private final DoublePredicate degraded;

  ConsecutiveWindowsRule(
      String name,
      String figure,
      double limit,
      int consecutiveWindows,
      Predicate<WindowStats> applies,
      ToDoubleFunction<WindowStats> figureOf,
      DoublePredicate degraded) {
    this.name = Checks.notBlank("name", name);
    this.figure = requireNonNull(figure, "figure");
    this.limit = limit;
    this.consecutiveWindows =
        Checks.inRange("consecutiveWindows", consecutiveWindows, 1, MAX_CONSECUTIVE_WINDOWS);
    this.applies = requireNonNull(applies, "applies");
    this.figureOf = requireNonNull(figureOf, "figureOf");
    this.degraded = requireNonNull(degraded, "degraded");
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public Evaluator newEvaluator() {
    return new Evaluator() {
      private int badInARow;

      @Override
      public Optional<Alarm> evaluate(WindowStats window) {
        if (!applies.test(window)) {
          badInARow = 0;
          return Optional.empty();
        }
        double observed = figureOf.applyAsDouble(window);
        if (!degraded.test(observed)) {
          badInARow = 0;
          return Optional.empty();
        }
        // Counting on past K (capped) keeps the episode raised once, however long it lasts.
        badInARow = Math.min(badInARow + 1, consecutiveWindows + 1);
        if (badInARow != consecutiveWindows) {
          return Optional.empty();
        }
        return Optional.of(
            new Alarm(
                window.to(),
                window.endpoint(),
                name,
                figure,
                observed,
                limit,
                consecutiveWindows,
                window));
      }
    };
  }

  @Override
  public String toString() {
    return name + "(" + figure + ", limit " + limit + ", " + consecutiveWindows + " windows)";
  }
}

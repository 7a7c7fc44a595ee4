package io.wsqos.benchmarks.experiment;

import io.wsqos.benchmarks.report.Template;
import io.wsqos.cli.Option;
import java.time.Duration;
import java.util.List;

/**
 * A load experiment that {@code benchmarks/run-experiment.sh NAME} runs: its name, what it shows,
 * the typed options it takes, and what it does within a {@link Run}, which holds its servers and
 * variants, runs its interleaved sweep over its points and writes its report's sections.
 */
public interface Experiment {

  /** The command-line name, e.g. {@code compression-rate}. */
  String name();

  /**
   * What it measures and how, for its usage, its report and {@code benchmarks/EXPERIMENTS.md}: by
   * default the Markdown resource {@code io/wsqos/benchmarks/experiments/NAME.md}.
   */
  default String summary() {
    return Template.text("experiments/" + name() + ".md");
  }

  /** The options it takes, each with its default ({@code --out} is every experiment's). */
  List<Option<?>> options();

  /**
   * About how long a run with {@code options} takes, added up from what {@link #run} does with them
   * (its runs with their warm-ups and pauses, its JVMs' starts and warm-ups): {@code
   * EXPERIMENTS.md} gives it at the defaults and for the {@link #quickArguments quick form}.
   */
  Duration estimatedDuration(OptionValues options);

  /**
   * The options of its shorter form, e.g. {@code --reps 1}: {@code EXPERIMENTS.md} lists the
   * experiments whose shorter form takes a few minutes at most, with this command. By default one
   * repetition where it takes {@code --reps}, else its defaults.
   */
  default List<String> quickArguments() {
    return options().stream().anyMatch(o -> o.name().equals(Run.REPS.name()))
        ? List.of("--" + Run.REPS.name(), "1")
        : List.of();
  }

  /** Starts its servers in {@code run}, runs its points and writes its report. */
  void run(Run run) throws Exception;
}

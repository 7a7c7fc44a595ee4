package io.wsqos.benchmarks.experiment;

import io.wsqos.benchmarks.report.Template;
import io.wsqos.cli.Options;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.stream.Stream;

/**
 * The command line of the load experiments: {@code Experiments NAME [--option value ...]}, run from
 * the repository root by {@code benchmarks/run-experiment.sh}; {@code NAME --help} prints an
 * experiment's options. Each experiment writes its CSV, Markdown report and PNG plots to {@code
 * benchmarks/results/NAME/} unless {@code --out} says otherwise.
 */
public final class Experiments {

  /**
   * Every experiment, in the order the usage and {@code benchmarks/EXPERIMENTS.md} list them: the
   * load experiments of this package, then those other packages provide as services of {@link
   * Experiment} ({@code META-INF/services}: the store's and the codecs'), so that this package does
   * not depend on theirs.
   */
  static final List<Experiment> ALL =
      Stream.concat(
              Stream.<Experiment>of(
                  new BaselineExperiment(BaselineExperiment.Kind.RATE),
                  new BaselineExperiment(BaselineExperiment.Kind.REQUESTERS),
                  new BaselineExperiment(BaselineExperiment.Kind.DRIVER_LIMIT),
                  new CompressionExperiment(false),
                  new CompressionExperiment(true),
                  new SlowClientExperiment(),
                  new PacketLossExperiment(),
                  new SlowLinksExperiment(),
                  new MonitoringExperiment(),
                  new MonitoringClientExperiment(),
                  new BrokerExperiment(false),
                  new BrokerExperiment(true),
                  new DiffServExperiment(),
                  new DiffServShareExperiment(),
                  new BindingWorkloadExperiment(),
                  new GranularityExperiment(),
                  new AdaptiveOffersExperiment(),
                  new OverloadExperiment()),
              ServiceLoader.load(Experiment.class).stream().map(ServiceLoader.Provider::get))
          .toList();

  /** At most this long, an experiment's quick form is listed at the top of EXPERIMENTS.md. */
  static final Duration QUICK = Duration.ofMinutes(5);

  private Experiments() {}

  public static void main(String[] argv) throws Exception {
    if (argv.length == 1 && argv[0].equals("--markdown")) {
      System.out.print(markdown());
      return;
    }
    if (argv.length == 0 || argv[0].equals("--help")) {
      System.err.print(usage());
      System.exit(argv.length == 0 ? 2 : 0);
    }
    Optional<Experiment> experiment = find(argv[0]);
    if (experiment.isEmpty()) {
      System.err.println(
          "unknown experiment: '" + argv[0] + "' (expected: one of " + names() + ")");
      System.exit(2);
    }
    try {
      Run.execute(experiment.get(), Arrays.asList(argv).subList(1, argv.length), System.err);
    } catch (IllegalArgumentException e) {
      System.err.println(e.getMessage());
      System.exit(2);
    }
  }

  static Optional<Experiment> find(String name) {
    return ALL.stream().filter(e -> e.name().equals(name)).findFirst();
  }

  private static String names() {
    return String.join(", ", ALL.stream().map(Experiment::name).toList());
  }

  /** The usage: every experiment by name. */
  static String usage() {
    return "usage: benchmarks/run-experiment.sh NAME [--option value ...]\n"
        + "       benchmarks/run-experiment.sh NAME --help\n"
        + "       benchmarks/run-experiment.sh --markdown > benchmarks/EXPERIMENTS.md\n"
        + "  NAME: "
        + names()
        + "\n";
  }

  /** {@code benchmarks/EXPERIMENTS.md}: every experiment with what it does and its options. */
  static String markdown() {
    StringBuilder md = new StringBuilder(Template.text("reports/experiments-header.md") + "\n");
    md.append(quickTable());
    for (Experiment e : ALL) {
      md.append("\n## ").append(e.name()).append("\n\n").append(e.summary()).append("\n\n");
      md.append("Estimated run time at the defaults: ")
          .append(approximately(estimate(e, List.of())))
          .append(".\n\n");
      md.append(Run.declared(e).markdownTable());
    }
    return md.toString();
  }

  /**
   * The experiments whose {@linkplain Experiment#quickArguments quick form} takes at most {@link
   * #QUICK}, quickest first, with the command that runs it.
   */
  static String quickTable() {
    StringBuilder md =
        new StringBuilder(
            "\n## Quick experiments\n\n"
                + "Those that take "
                + QUICK.toMinutes()
                + " minutes or less (estimated from their options), with the command to run"
                + " them:\n\n| Experiment | Command | Estimated time |\n|---|---|---|\n");
    ALL.stream()
        .filter(e -> estimate(e, e.quickArguments()).compareTo(QUICK) <= 0)
        .sorted(Comparator.comparing(e -> estimate(e, e.quickArguments())))
        .forEach(
            e ->
                md.append(
                    "| [`%s`](#%s) | `%s` | %s |\n"
                        .formatted(
                            e.name(),
                            e.name(),
                            quickCommand(e),
                            approximately(estimate(e, e.quickArguments())))));
    return md.toString();
  }

  /** The command of an experiment's quick form, its results outside the checkout. */
  static String quickCommand(Experiment e) {
    List<String> words = new ArrayList<>(List.of("benchmarks/run-experiment.sh", e.name()));
    words.addAll(e.quickArguments());
    words.addAll(List.of("--out", "/tmp/" + e.name()));
    return String.join(" ", words);
  }

  /** {@code e}'s estimated run time with {@code args} (else its defaults), start to report. */
  static Duration estimate(Experiment e, List<String> args) {
    Options declared = Run.declared(e);
    return Estimates.OWN_START_AND_REPORT.plus(
        e.estimatedDuration(
            new OptionValues(declared, declared.parse(args.toArray(String[]::new)))));
  }

  /** A run time as a reader plans by it: seconds under two minutes, else minutes or hours. */
  static String approximately(Duration d) {
    long seconds = d.toSeconds();
    if (seconds < 120) {
      return "~" + Math.max(10, Math.round(seconds / 10.0) * 10) + " s";
    }
    long minutes = Math.round(seconds / 60.0);
    return minutes < 120
        ? "~" + minutes + " min"
        : String.format(Locale.ROOT, "~%.1f h", seconds / 3600.0);
  }
}

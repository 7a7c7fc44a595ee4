package io.wsqos.benchmarks.experiment;

import io.wsqos.benchmarks.load.ClosedLoopDriver;
import io.wsqos.benchmarks.load.DriverOptions;
import io.wsqos.cli.Option;
import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * Brings each server JVM of a sweep to its steady state before the first measured point.
 *
 * <p>Closed loop, not a fixed rate: a cold JVM serves CXF interpreted, so a fixed warm-up rate
 * either overloads it (its accept queue fills and the first measured points inherit the backlog) or
 * is too slow to give the JIT enough calls. With {@code --server-warmup-requesters=N} above {@value
 * #REQUESTERS}, the second half runs at N requesters, because the JIT compiles for the profile it
 * sees and would otherwise compile again during the measurement.
 */
final class ServerWarmup {

  /** Default seconds per server. */
  static final long DEFAULT_SECONDS = 20;

  /** Requesters: enough to keep both cores busy through the server's blocking hand-offs. */
  static final int REQUESTERS = 16;

  static final Option<Duration> OPTION =
      Run.seconds("server-warmup", DEFAULT_SECONDS, "warm-up of each server JVM, 0 to skip");

  static final Option<Integer> REQUESTERS_OPTION =
      Option.integer(
          "server-warmup-requesters",
          REQUESTERS,
          1,
          100_000,
          "requesters for the second half of the warm-up, e.g. the sweep's own concurrency");

  /** Both options. */
  static final List<Option<?>> OPTIONS = List.of(OPTION, REQUESTERS_OPTION);

  private ServerWarmup() {}

  /** Warms each variant's server in turn, printing what it achieved. */
  static void run(
      String experiment,
      OptionValues args,
      DriverOptions options,
      List<Variant> variants,
      PrintStream progress) {
    Duration duration = args.get(OPTION);
    if (duration.isZero()) {
      return;
    }
    int settleRequesters = args.get(REQUESTERS_OPTION);
    Duration settle = settleRequesters > REQUESTERS ? duration.dividedBy(2) : Duration.ZERO;
    ClosedLoopDriver driver = ClosedLoopDriver.create(options);
    for (Variant v : variants) {
      warm(experiment, driver, v, REQUESTERS, duration.minus(settle), progress);
      if (!settle.isZero()) {
        warm(experiment, driver, v, settleRequesters, settle, progress);
      }
    }
  }

  private static void warm(
      String experiment,
      ClosedLoopDriver driver,
      Variant v,
      int requesters,
      Duration duration,
      PrintStream progress) {
    progress.printf(
        Locale.ROOT,
        "[%s] warming %s up: %s with %d requesters%n",
        experiment,
        v.name(),
        duration,
        requesters);
    progress.printf(
        "[%s]   %s%n", experiment, driver.run(v.source(), requesters, Duration.ZERO, duration));
  }

  /** The settings line of a report. */
  static String describe(OptionValues args) {
    long millis = args.get(OPTION).toMillis();
    int settleRequesters = args.get(REQUESTERS_OPTION);
    boolean settles = settleRequesters > REQUESTERS && millis > 0;
    return String.format(
        Locale.ROOT,
        "each server warmed up %d ms by %d back-to-back requesters%s before the sweep",
        settles ? millis - millis / 2 : millis,
        REQUESTERS,
        settles ? ", then " + millis / 2 + " ms by " + settleRequesters + "," : "");
  }
}

package io.wsqos.benchmarks.experiment;

import io.wsqos.benchmarks.load.ClosedLoopDriver;
import io.wsqos.benchmarks.load.DriverOptions;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * Brings each server JVM of a sweep to its steady state before the first measured point.
 *
 * <p>Closed loop, not a fixed rate: a cold JVM serves CXF interpreted at a few hundred requests per
 * second, so a fixed warm-up rate either overloads it (its accept queue fills, connects time out,
 * and the first measured points inherit the backlog) or is too slow to give the JIT enough calls.
 * Back-to-back requesters run it exactly as fast as it can go, at every stage of its compilation.
 */
final class ServerWarmup {

  /** Option: seconds per server, 0 to skip. */
  static final String OPTION = "server-warmup";

  /** Default seconds per server: on 2 cores CXF's throughput still grows after 10 s. */
  static final long DEFAULT_SECONDS = 20;

  /** Requesters: enough to keep both cores busy through the server's blocking hand-offs. */
  static final int REQUESTERS = 16;

  private ServerWarmup() {}

  /** Warms each variant's server in turn, printing what it achieved. */
  static void run(String experiment, Args args, DriverOptions options, List<Variant> variants) {
    Duration duration = duration(args);
    if (duration.isZero()) {
      return;
    }
    ClosedLoopDriver driver = ClosedLoopDriver.create(options);
    for (Variant v : variants) {
      System.err.printf(
          Locale.ROOT,
          "[%s] warming %s up: %s with %d requesters%n",
          experiment,
          v.name(),
          duration,
          REQUESTERS);
      System.err.printf(
          "[%s]   %s%n", experiment, driver.run(v.source(), REQUESTERS, Duration.ZERO, duration));
    }
  }

  /** The settings line of a report. */
  static String describe(Args args) {
    return "each server warmed up "
        + duration(args).toMillis()
        + " ms by "
        + REQUESTERS
        + " back-to-back requesters before the sweep";
  }

  private static Duration duration(Args args) {
    return args.seconds(OPTION, DEFAULT_SECONDS);
  }
}

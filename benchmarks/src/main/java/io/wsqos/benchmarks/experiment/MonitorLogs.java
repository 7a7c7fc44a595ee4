package io.wsqos.benchmarks.experiment;

import io.wsqos.cli.Option;
import io.wsqos.monitor.QosLog;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Stream;

/**
 * What the monitoring experiments ({@code monitoring-rate}, {@code monitoring-requesters}, {@code
 * monitoring-client}) share: the options of the monitors' logs, the temp directory their databases
 * and counters go to, and the counters each JVM writes on stop.
 */
final class MonitorLogs {

  private MonitorLogs() {}

  static final Option<Boolean> KEEP_DB =
      Option.flag("keep-db", "keep the monitors' databases and counters (temp directory)");
  static final Option<String> JDBC_URL =
      Option.string("monitor-jdbc-url", null, "where the monitors log, instead of H2 files");
  static final Option<String> JDBC_USER =
      Option.string("monitor-jdbc-user", "", "the user of --monitor-jdbc-url");
  static final Option<Duration> FLUSH =
      Run.millis(
          "monitor-flush-interval-ms",
          QosLog.DEFAULT_FLUSH_INTERVAL_MILLIS,
          "the QosLog's flush interval");
  static final Option<Duration> STORE =
      Run.millis(
          "monitor-store-interval-ms",
          QosLog.DEFAULT_STORE_INTERVAL_MILLIS,
          "the QosLog's store interval");

  /** {@code --variants}: monitoring modes, the first the baseline. */
  static Option<List<MonitoringMode>> variants(List<MonitoringMode> defaults) {
    return Option.listOf(
        Option.of(
            "variants",
            "MODE",
            (MonitoringMode) null,
            "the variants, the first the baseline",
            token ->
                MonitoringMode.fromToken(token)
                    .orElseThrow(
                        () ->
                            new IllegalArgumentException(
                                "plain, monitored, monitor-only or cxf-metrics"))),
        defaults);
  }

  /**
   * The counters each JVM wrote on stop ({@code work/PREFIX TOKEN.properties}), copied into the
   * results; a missing file is said in {@code settings} and on the progress stream.
   */
  static Map<String, Properties> readStats(
      Run run, Path work, String prefix, List<String> tokens, List<String> settings)
      throws IOException {
    Map<String, Properties> stats = new LinkedHashMap<>();
    for (String token : tokens) {
      Path file = work.resolve(prefix + token + ".properties");
      if (!Files.isRegularFile(file)) {
        // Killed after the stop timeout, or failed while stopping: its counters are missing.
        String missing =
            prefix.replace("-", " ")
                + token
                + " wrote no counters on stop (killed after "
                + ChildProcess.STOP_TIMEOUT_SECONDS
                + " s, or failed while stopping): its CPU and records-written figures are missing";
        run.progress().println("WARNING: " + missing);
        settings.add("**" + missing + "**");
        continue;
      }
      Properties p = new Properties();
      try (Reader in = Files.newBufferedReader(file)) {
        p.load(in);
      }
      stats.put(token, p);
      Files.createDirectories(run.out());
      Files.copy(file, run.out().resolve(file.getFileName()), StandardCopyOption.REPLACE_EXISTING);
    }
    return stats;
  }

  /**
   * A fresh temp directory for the monitors' databases and counters, held by {@code run} and
   * deleted when it ends unless {@code --keep-db}.
   */
  static Path workDirectory(Run run, String name) throws IOException {
    Path work = Files.createTempDirectory("wsqos-" + name + "-");
    run.hold(() -> cleanUp(run, work));
    return work;
  }

  /** Deletes {@code work} unless {@code --keep-db=true}. */
  private static void cleanUp(Run run, Path work) {
    if (run.get(KEEP_DB)) {
      run.progress().println("kept the databases and counters in " + work);
      return;
    }
    try (Stream<Path> paths = Files.walk(work)) {
      for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    } catch (IOException e) {
      run.progress().println("could not delete " + work + ": " + e);
    }
  }
}

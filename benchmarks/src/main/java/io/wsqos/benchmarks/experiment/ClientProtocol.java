package io.wsqos.benchmarks.experiment;

import io.wsqos.benchmarks.load.RequestCounts;
import io.wsqos.benchmarks.load.RunResult;
import io.wsqos.monitor.Outcome;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Arrays;
import java.util.Base64;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;

/**
 * The line protocol between the monitoring-client experiment and its {@link MonitoringClient} JVMs,
 * one command or answer per line: the experiment writes {@code run CALLERS WARMUP_MS MEASURE_MS} or
 * {@code stop} on the client's stdin; the client prints {@value #READY} once, then one {@code
 * result ...} line per run (or {@code error WHY} for a command it cannot take), holding the outcome
 * counts, the window and the compressed HdrHistogram of the successes' latencies.
 */
final class ClientProtocol {

  /** The line a client prints when its proxy is built and it reads commands. */
  static final String READY = "Client ready";

  static final String RESULT = "result ";

  /** The answer to a command the client could not take, followed by why. */
  static final String ERROR = "error ";

  static final String STOP = "stop";
  private static final String RUN = "run ";

  private ClientProtocol() {}

  /** One run's command. */
  record Run(int callers, Duration warmup, Duration measure) {
    Run {
      if (callers < 1) {
        throw new IllegalArgumentException("callers: " + callers + " (expected: >= 1)");
      }
      if (warmup.isNegative() || measure.isNegative()) {
        throw new IllegalArgumentException(
            "warmup, measure: " + warmup + ", " + measure + " (expected: >= 0)");
      }
    }

    String line() {
      return RUN + callers + ' ' + warmup.toMillis() + ' ' + measure.toMillis();
    }

    /**
     * The run a {@code run} line asks for.
     *
     * @throws IllegalArgumentException if the line is not {@code run CALLERS WARMUP_MS MEASURE_MS}
     */
    static Run parse(String line) {
      String[] parts = line.strip().split(" ");
      if (parts.length != 4 || !parts[0].equals(RUN.strip())) {
        throw new IllegalArgumentException(
            "command: '" + line + "' (expected: run CALLERS WARMUP_MS MEASURE_MS, or stop)");
      }
      try {
        return new Run(
            Integer.parseInt(parts[1]),
            Duration.ofMillis(Long.parseLong(parts[2])),
            Duration.ofMillis(Long.parseLong(parts[3])));
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(
            "command: '" + line + "' (expected: run CALLERS WARMUP_MS MEASURE_MS, integers)", e);
      }
    }
  }

  /**
   * {@code result counts=SUCCESS:n,... connect_timeouts=N dropped=N window_ns=N latency=BASE64}.
   */
  static String encode(RunResult result) {
    RequestCounts counts = result.counts();
    Histogram latency = result.latencyMicros();
    ByteBuffer buffer = ByteBuffer.allocate(latency.getNeededByteBufferCapacity());
    byte[] bytes = Arrays.copyOf(buffer.array(), latency.encodeIntoCompressedByteBuffer(buffer));
    return RESULT
        + "counts="
        + counts.outcomes().entrySet().stream()
            .map(count -> count.getKey().name() + ":" + count.getValue())
            .collect(Collectors.joining(","))
        + " connect_timeouts="
        + counts.connectTimeouts()
        + " dropped="
        + counts.dropped()
        + " window_ns="
        + result.window().toNanos()
        + " latency="
        + Base64.getEncoder().encodeToString(bytes);
  }

  /**
   * The run a {@code result} line describes.
   *
   * @throws IllegalArgumentException if the line is not one {@link #encode} writes
   */
  static RunResult decode(String line) {
    if (!line.startsWith(RESULT)) {
      throw new IllegalArgumentException("answer: '" + shorten(line) + "' (expected: result ...)");
    }
    Map<String, String> fields = new HashMap<>();
    for (String field : line.substring(RESULT.length()).split(" ")) {
      int eq = field.indexOf('=');
      if (eq > 0) {
        fields.put(field.substring(0, eq), field.substring(eq + 1));
      }
    }
    try {
      Map<Outcome, Long> counts = new EnumMap<>(Outcome.class);
      for (String count : fields.getOrDefault("counts", "").split(",")) {
        int colon = count.indexOf(':');
        counts.put(
            Outcome.valueOf(count.substring(0, colon).toUpperCase(Locale.ROOT)),
            Long.parseLong(count.substring(colon + 1)));
      }
      long connectTimeouts = Long.parseLong(fields.getOrDefault("connect_timeouts", "0"));
      long dropped = Long.parseLong(fields.getOrDefault("dropped", "0"));
      Duration window = Duration.ofNanos(Long.parseLong(fields.get("window_ns")));
      Histogram latency =
          Histogram.decodeFromCompressedByteBuffer(
              ByteBuffer.wrap(Base64.getDecoder().decode(fields.get("latency"))), 0);
      return RunResult.of(new RequestCounts(counts, connectTimeouts, dropped), window, latency);
    } catch (RuntimeException | DataFormatException e) {
      throw new IllegalArgumentException(
          "answer: '" + shorten(line) + "' (expected: counts, window_ns and latency): " + e, e);
    }
  }

  private static String shorten(String line) {
    return line.length() <= 200 ? line : line.substring(0, 200) + "...";
  }
}

package io.wsqos.benchmarks.experiment;

import static java.util.Objects.requireNonNull;

import io.wsqos.benchmarks.report.Plot;
import io.wsqos.benchmarks.report.Summary;
import io.wsqos.benchmarks.report.Table;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.IntConsumer;
import java.util.stream.IntStream;

/**
 * Interleaved rounds over the four clients of a binding experiment (SOAP, RMI, a local call through
 * the binding proxy, a direct call), run by the sweep's loop ({@link Sweep#interleave}) round after
 * round: each round times every workload on every client, the clients' order rotated each round,
 * and every figure is the median over the rounds. The binding experiments share it so that they
 * measure and tabulate alike.
 *
 * @param <W> a workload; distinct workloads must not be equal
 */
final class InterleavedRounds<W> {

  /** The clients every experiment measures, in the order of the first round. */
  static final List<String> CLIENTS = List.of("soap", "rmi", "local", "direct");

  /** The columns {@link #timeCells} fills, in its order. */
  static final List<String> TIME_COLUMNS =
      List.of(
          "soap_us",
          "rmi_us",
          "local_us",
          "direct_us",
          "soap_over_rmi",
          "local_over_direct",
          "soap_cpu_us",
          "rmi_cpu_us");

  /** One round's figures: wall-clock and whole-process CPU microseconds per operation. */
  record Round(double micros, double cpuMicros) {}

  private final List<W> workloads;
  private final Map<W, Map<String, List<Round>>> rounds;

  private InterleavedRounds(List<W> workloads, Map<W, Map<String, List<Round>>> rounds) {
    this.workloads = workloads;
    this.rounds = rounds;
  }

  /**
   * Runs {@code reps} rounds; in each, for every workload and every client, {@code operation} runs
   * for {@code warmup} (not counted), then for {@code measure} (at least once).
   *
   * @param clients one client for each of {@link #CLIENTS}
   * @param afterRound called with the number of the round just done, from 1
   */
  static <W, C> InterleavedRounds<W> measure(
      List<W> workloads,
      Map<String, C> clients,
      BiConsumer<? super C, ? super W> operation,
      int reps,
      Duration warmup,
      Duration measure,
      IntConsumer afterRound) {
    if (!clients.keySet().equals(Set.copyOf(CLIENTS))) {
      throw new IllegalArgumentException(
          "clients: " + clients.keySet() + " (expected: one for each of " + CLIENTS + ")");
    }
    Map<W, Map<String, List<Round>>> rounds = new LinkedHashMap<>();
    workloads.forEach(w -> rounds.put(w, new LinkedHashMap<>()));
    int perRound = workloads.size() * CLIENTS.size();
    int[] done = {0};
    Sweep.interleave(
        workloads,
        reps,
        CLIENTS,
        true,
        (workload, index, round, client) -> {
          C target = clients.get(client);
          Round figures = time(() -> operation.accept(target, workload), warmup, measure);
          rounds.get(workload).computeIfAbsent(client, k -> new ArrayList<>()).add(figures);
          if (++done[0] % perRound == 0) {
            afterRound.accept(round);
          }
          return figures;
        });
    return new InterleavedRounds<>(List.copyOf(workloads), rounds);
  }

  /**
   * How long {@link #measure} runs: every workload on every client, warmed up and measured, in each
   * of {@code reps} rounds.
   */
  static Duration estimate(int workloads, int reps, Duration warmup, Duration measure) {
    return warmup.plus(measure).multipliedBy((long) workloads * CLIENTS.size() * reps);
  }

  /** The median over rounds of the workload's mean wall-clock microseconds on the client. */
  double micros(W workload, String client) {
    return Summary.of(of(workload, client), Round::micros).median();
  }

  /** The median over rounds of the workload's mean whole-process CPU microseconds on the client. */
  double cpuMicros(W workload, String client) {
    return Summary.of(of(workload, client), Round::cpuMicros).median();
  }

  /**
   * The cells of {@link #TIME_COLUMNS} for the workload: times with one decimal, those of the local
   * and direct calls with {@code inJvmDecimals}, ratios with two.
   */
  List<String> timeCells(W workload, int inJvmDecimals) {
    double soap = micros(workload, "soap");
    double rmi = micros(workload, "rmi");
    double local = micros(workload, "local");
    double direct = micros(workload, "direct");
    return List.of(
        Table.fixed(soap, 1),
        Table.fixed(rmi, 1),
        Table.fixed(local, inJvmDecimals),
        Table.fixed(direct, inJvmDecimals),
        Table.fixed(soap / rmi, 2),
        Table.fixed(local / direct, 2),
        Table.fixed(cpuMicros(workload, "soap"), 1),
        Table.fixed(cpuMicros(workload, "rmi"), 1));
  }

  /** Adds one series per client to the plot: the workloads' median times at x = 0, 1, 2, ... */
  void addSeries(Plot plot) {
    List<Double> xs = IntStream.range(0, workloads.size()).mapToObj(i -> (double) i).toList();
    for (String client : CLIENTS) {
      plot.series(client, xs, workloads.stream().map(w -> micros(w, client)).toList());
    }
  }

  private List<Round> of(W workload, String client) {
    Map<String, List<Round>> byClient = rounds.get(workload);
    if (byClient == null) {
      throw new IllegalArgumentException("workload: " + workload + " (expected: one measured)");
    }
    return requireNonNull(byClient.get(client), () -> "client: " + client + " (no rounds)");
  }

  private static Round time(Runnable operation, Duration warmup, Duration measure) {
    long warmEnd = System.nanoTime() + warmup.toNanos();
    while (System.nanoTime() < warmEnd) {
      operation.run();
    }
    com.sun.management.OperatingSystemMXBean os =
        ManagementFactory.getPlatformMXBean(com.sun.management.OperatingSystemMXBean.class);
    long cpuStart = os.getProcessCpuTime();
    long start = System.nanoTime();
    long end = start + measure.toNanos();
    long operations = 0;
    long now;
    do {
      operation.run();
      operations++;
      now = System.nanoTime();
    } while (now < end);
    long cpu = os.getProcessCpuTime() - cpuStart;
    return new Round((now - start) / 1e3 / operations, cpu / 1e3 / operations);
  }
}

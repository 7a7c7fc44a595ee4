package io.wsqos.benchmarks.experiment;

import java.io.PrintStream;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.ToLongFunction;

/**
 * One measured run's window, on this JVM's wall clock (the server's shares the machine's), with the
 * responses the driver counted in it and its server's (or client's) CPU over it by thread category
 * (empty where {@code /proc} could not be read).
 */
record RunWindow(
    String variant,
    double x,
    int repetition,
    Instant from,
    Instant to,
    long responses,
    Map<CpuCategory, Long> cpuNanos) {

  RunWindow {
    cpuNanos = Map.copyOf(cpuNanos);
  }

  long allNanos() {
    return cpuNanos.values().stream().mapToLong(Long::longValue).sum();
  }

  long withoutJitNanos() {
    return allNanos() - cpuNanos.getOrDefault(CpuCategory.JIT, 0L);
  }

  /**
   * Records each run's measured window (after its warm-up) into {@code windows}, and reads the
   * threads' CPU of the process {@code pid} gives for the variant (its server, or its client) at
   * the window's start and end.
   */
  static PointRunner windowed(
      List<RunWindow> windows, PointRunner runner, ToLongFunction<Variant> pid, PrintStream log) {
    Map<String, Integer> repetitions = new HashMap<>();
    return (v, x, warmup, measure) -> {
      long processId = pid.applyAsLong(v);
      Instant start = Instant.now();
      ScheduledExecutorService clock =
          Executors.newSingleThreadScheduledExecutor(
              r -> {
                Thread t = new Thread(r, "wsqos-cpu-reader");
                t.setDaemon(true);
                return t;
              });
      try {
        Future<Optional<ThreadCpu>> atStart =
            clock.schedule(() -> ThreadCpu.read(processId), warmup.toNanos(), TimeUnit.NANOSECONDS);
        Future<Optional<ThreadCpu>> atEnd =
            clock.schedule(
                () -> ThreadCpu.read(processId),
                warmup.plus(measure).toNanos(),
                TimeUnit.NANOSECONDS);
        var result = runner.run(v, x, warmup, measure);
        Map<CpuCategory, Long> cpu = Map.of();
        try {
          Optional<ThreadCpu> first = atStart.get(10, TimeUnit.SECONDS);
          Optional<ThreadCpu> last = atEnd.get(10, TimeUnit.SECONDS);
          if (first.isPresent() && last.isPresent()) {
            cpu = last.get().since(first.get());
          }
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
          log.println("WARNING: could not read a process's CPU around a run: " + e);
        }
        int rep = repetitions.merge(v.name() + "@" + x, 1, Integer::sum);
        Instant from = start.plus(warmup);
        windows.add(
            new RunWindow(v.name(), x, rep, from, from.plus(measure), result.requests(), cpu));
        return result;
      } finally {
        clock.shutdownNow();
      }
    };
  }
}

package io.wsqos.benchmarks.experiment;

import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

/**
 * Waits until processes are idle: each under {@link #IDLE_SHARE} of a core over a probe of {@link
 * #PROBE}. Servers pinned to shared cores are measured one run at a time, and a server overloaded
 * in one run goes on answering what it queued for seconds after the driver gave up on it; a run
 * started meanwhile, on it or on a sibling, would share the core with that backlog.
 */
final class IdleWait {

  /** How long each reading of the processes' CPU lasts. */
  static final Duration PROBE = Duration.ofMillis(500);

  /** The share of one core under which a process counts as idle. */
  static final double IDLE_SHARE = 0.05;

  /**
   * What a wait found.
   *
   * @param waited how long it took, probes included
   * @param idle whether every process was idle by then; false if {@code limit} passed first
   */
  record Result(Duration waited, boolean idle) {}

  private IdleWait() {}

  /**
   * Reads the processes' CPU over one probe after another until every one was idle in the same
   * probe, or {@code limit} has passed. A process that has ended counts as idle.
   */
  static Result await(List<Long> pids, Duration limit) {
    long start = System.nanoTime();
    while (true) {
      double[] before = new double[pids.size()];
      for (int i = 0; i < before.length; i++) {
        before[i] = cpuSeconds(pids.get(i));
      }
      long probeStart = System.nanoTime();
      LockSupport.parkNanos(PROBE.toNanos());
      double seconds = (System.nanoTime() - probeStart) / 1e9;
      boolean idle = true;
      for (int i = 0; i < before.length && idle; i++) {
        double after = cpuSeconds(pids.get(i));
        idle = Double.isNaN(after) || after - before[i] < IDLE_SHARE * seconds;
      }
      Duration waited = Duration.ofNanos(System.nanoTime() - start);
      if (idle || waited.compareTo(limit) >= 0) {
        return new Result(waited, idle);
      }
    }
  }

  /** The process's CPU time so far, NaN once it has ended. */
  private static double cpuSeconds(long pid) {
    try {
      return ProcessCpuLoad.cpuSeconds(pid);
    } catch (UncheckedIOException e) {
      if (ProcessHandle.of(pid).isPresent()) {
        throw e;
      }
      return Double.NaN;
    }
  }
}

package io.wsqos.benchmarks.experiment;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.DoubleSupplier;

/**
 * Another process's CPU load over the cores it may use, 0..1, from Linux's {@code /proc/PID/stat}
 * (user and system time, in clock ticks of 10 ms): the CPU time it used since the last reading over
 * the wall time passed times its cores. So a server pinned to one core reads its own load, not the
 * shared machine's. A signal for {@code LoadProbe.sampling}: read from one thread only.
 */
final class ProcessCpuLoad implements DoubleSupplier {

  /** Linux's {@code USER_HZ}, the unit of {@code /proc/PID/stat}'s times on every architecture. */
  static final double TICKS_PER_SECOND = 100;

  private final Path stat;
  private final int cores;
  private long lastTicks = -1;
  private long lastNanos;

  ProcessCpuLoad(long pid, int cores) {
    if (cores < 1) {
      throw new IllegalArgumentException("cores: " + cores + " (expected: >= 1)");
    }
    this.stat = Path.of("/proc", Long.toString(pid), "stat");
    this.cores = cores;
  }

  /** How many CPUs a {@code taskset -c} list names, e.g. 3 for {@code 0,2-3}. */
  static int count(String cpuList) {
    int n = 0;
    for (String part : cpuList.split(",")) {
      String[] range = part.split("-");
      n += range.length == 1 ? 1 : Integer.parseInt(range[1]) - Integer.parseInt(range[0]) + 1;
    }
    return n;
  }

  /** The CPU time process {@code pid} has used so far, in seconds. */
  static double cpuSeconds(long pid) {
    try {
      return ticks(Files.readString(Path.of("/proc", Long.toString(pid), "stat")))
          / TICKS_PER_SECOND;
    } catch (IOException e) {
      throw new UncheckedIOException("the CPU time of process " + pid, e);
    }
  }

  /** The process's user and system time so far, in clock ticks. */
  static long ticks(String statLine) {
    // The command name, in parentheses, may hold spaces: fields are counted after its end.
    String[] f = statLine.substring(statLine.lastIndexOf(')') + 2).split(" ");
    return Long.parseLong(f[11]) + Long.parseLong(f[12]); // fields 14 and 15: utime, stime
  }

  @Override
  public double getAsDouble() {
    long ticks;
    try {
      ticks = ticks(Files.readString(stat));
    } catch (IOException e) {
      throw new UncheckedIOException("the process's CPU time: " + stat, e);
    }
    long now = System.nanoTime();
    double load = 0;
    if (lastTicks >= 0 && now > lastNanos) {
      double cpuSeconds = (ticks - lastTicks) / TICKS_PER_SECOND;
      load = Math.min(1, cpuSeconds / ((now - lastNanos) / 1e9 * cores));
    }
    lastTicks = ticks;
    lastNanos = now;
    return load;
  }
}

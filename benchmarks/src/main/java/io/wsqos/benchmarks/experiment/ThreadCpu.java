package io.wsqos.benchmarks.experiment;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The CPU time each live thread of a process has used so far, read from Linux's {@code
 * /proc/PID/task/TID/schedstat} (nanoseconds on a CPU, not 10 ms ticks) and {@code comm}. Two
 * readings around a measured run give that run's CPU by {@link CpuCategory}: a per-response cost
 * that other load on a shared machine distorts far less than it distorts throughput.
 *
 * <p>A thread that ends between the two readings takes its CPU with it; the bookstore's threads
 * (Jetty's pool, the log's writer, GC, JIT) live as long as the server.
 *
 * @param threads CPU nanoseconds and name by thread id
 */
record ThreadCpu(Map<Long, Sample> threads) {

  /** One thread's name and CPU nanoseconds. */
  record Sample(String name, long nanos) {}

  ThreadCpu {
    threads = Map.copyOf(threads);
  }

  /** The process's threads now; empty where {@code /proc} has no schedstat (not Linux). */
  static Optional<ThreadCpu> read(long pid) {
    return read(Path.of("/proc", Long.toString(pid), "task"));
  }

  static Optional<ThreadCpu> read(Path tasks) {
    if (!Files.isDirectory(tasks)) {
      return Optional.empty();
    }
    Map<Long, Sample> threads = new HashMap<>();
    try (Stream<Path> list = Files.list(tasks)) {
      for (Path task : (Iterable<Path>) list::iterator) {
        try {
          String schedstat = Files.readString(task.resolve("schedstat"), StandardCharsets.US_ASCII);
          String comm = Files.readString(task.resolve("comm"), StandardCharsets.UTF_8).strip();
          long nanos = Long.parseLong(schedstat.substring(0, schedstat.indexOf(' ')));
          threads.put(Long.parseLong(task.getFileName().toString()), new Sample(comm, nanos));
        } catch (NoSuchFileException e) {
          // The thread ended while the directory was listed.
        }
      }
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
    return Optional.of(new ThreadCpu(threads));
  }

  /**
   * The CPU nanoseconds used since {@code earlier}, by category: a thread started since then counts
   * from zero; a thread that ended since then is missing.
   */
  Map<CpuCategory, Long> since(ThreadCpu earlier) {
    Map<CpuCategory, Long> used = new EnumMap<>(CpuCategory.class);
    for (CpuCategory category : CpuCategory.values()) {
      used.put(category, 0L);
    }
    threads.forEach(
        (tid, now) -> {
          Sample before = earlier.threads.get(tid);
          long base = before != null && before.name().equals(now.name()) ? before.nanos() : 0;
          used.merge(CpuCategory.of(now.name()), Math.max(0, now.nanos() - base), Long::sum);
        });
    return used;
  }
}

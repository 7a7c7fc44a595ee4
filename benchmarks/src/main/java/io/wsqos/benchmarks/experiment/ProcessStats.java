package io.wsqos.benchmarks.experiment;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.wsqos.monitor.QosLog;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/**
 * The counters a {@link MonitoringClient} JVM writes when it stops (a properties file the
 * experiment reads): its CPU time, its threads' CPU by name, the monitor's record counters and its
 * timers' counts.
 */
final class ProcessStats {

  private ProcessStats() {}

  /**
   * CPU time of the live threads by name, digits folded ({@code qtp1-23} becomes {@code qtp#-#}):
   * where the difference between modes goes (Jetty's pool, the log's writer, H2's background
   * writer). GC and JIT threads are not Java threads and are not listed. Read it before stopping
   * the pools whose threads it should count.
   */
  static Map<String, Long> threadCpuByName() {
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    Map<String, Long> byName = new TreeMap<>();
    for (ThreadInfo info : threads.getThreadInfo(threads.getAllThreadIds())) {
      if (info != null) {
        long cpu = threads.getThreadCpuTime(info.getThreadId());
        if (cpu > 0) {
          String name = info.getThreadName();
          byName.merge(
              name.equals(QosLog.DEFAULT_THREAD_NAME) ? name : name.replaceAll("\\d+", "#"),
              cpu,
              Long::sum);
        }
      }
    }
    return byName;
  }

  /**
   * Adds the JVM's CPU time, the log writer's and every thread's ({@code threadCpu}), the monitor's
   * {@code wsqos.monitor.records.*} counters and each timer's count to {@code stats}, and writes
   * them to {@code file} atomically (a half-written file is never read).
   */
  static void write(
      Path file, Properties stats, MeterRegistry registry, Map<String, Long> threadCpu) {
    // The whole JVM's CPU (request threads, JIT, GC, the log's writer), for CPU per call.
    stats.setProperty(
        "process.cpu.ns",
        Long.toString(
            ((com.sun.management.OperatingSystemMXBean)
                    ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime()));
    Long writerCpuNanos = threadCpu.get(QosLog.DEFAULT_THREAD_NAME);
    if (writerCpuNanos != null) {
      stats.setProperty("writer.cpu.ns", Long.toString(writerCpuNanos));
    }
    threadCpu.forEach(
        (name, cpu) -> stats.setProperty("thread.cpu.ns." + name, Long.toString(cpu)));
    registry
        .getMeters()
        .forEach(
            meter -> {
              String name = meter.getId().getName();
              if (name.startsWith("wsqos.monitor.records.")) {
                double sum =
                    registry.find(name).counters().stream().mapToDouble(c -> c.count()).sum();
                stats.setProperty(name, String.format(Locale.ROOT, "%.0f", sum));
              } else if (meter instanceof Timer) {
                long count = registry.find(name).timers().stream().mapToLong(Timer::count).sum();
                stats.setProperty("timer." + name, Long.toString(count));
              }
            });
    try {
      Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
      try (var out = Files.newBufferedWriter(tmp)) {
        stats.store(out, "counters at stop");
      }
      Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}

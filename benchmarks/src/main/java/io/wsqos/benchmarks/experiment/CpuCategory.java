package io.wsqos.benchmarks.experiment;

import java.util.Arrays;
import java.util.List;

/**
 * What a server or client JVM's thread works for, from its Linux thread name ({@code comm}: the
 * Java name cut to 15 characters), so that a run's CPU can be split into the parts monitoring may
 * change.
 */
enum CpuCategory {
  /**
   * Jetty's pool (the bookstore's, the broker's), where CXF and the interceptors run, Jetty's
   * scheduler (each connection's idle timeout) and the launcher's main thread; in a {@link
   * MonitoringClient}, the caller threads, where the client's CXF chain and its interceptors run.
   */
  REQUEST(
      "request threads",
      List.of(
          "bookstore-jetty",
          "wsqos-broker-ht",
          "qtp",
          "Scheduler-",
          "java",
          Callers.THREAD_NAME_PREFIX)),
  /**
   * The JDK's {@code java.net.http.HttpClient} (CXF 4's default client conduit): its selector
   * manager and the executor that completes responses, where a client's call changes threads.
   */
  HTTP_CLIENT("HTTP client", List.of("HttpClient-")),
  /** The monitor's {@code QosLog} writer and its timer. */
  LOG_WRITER("log writer", List.of("wsqos-monitor-w")),
  /** H2's own threads: the MVStore writer and its serialization and save threads. */
  H2("H2", List.of("MVStore", "H2-")),
  /** Garbage collection, and the VM thread that runs its pauses and other safepoints. */
  GC("GC and VM", List.of("GC Thread", "G1 ", "VM Thread")),
  /** The JIT compilers. */
  JIT("JIT", List.of("C1 CompilerThre", "C2 CompilerThre", "Sweeper thread")),
  /** Everything else (JVM housekeeping, Micrometer, CXF's timers). */
  OTHER("other", List.of());

  private final String label;
  private final List<String> prefixes;

  CpuCategory(String label, List<String> prefixes) {
    this.label = label;
    this.prefixes = prefixes;
  }

  /** A short name for a report's column. */
  String label() {
    return label;
  }

  /** The category of a thread named {@code comm}; {@link #OTHER} when no prefix matches. */
  static CpuCategory of(String comm) {
    return Arrays.stream(values())
        .filter(category -> category.prefixes.stream().anyMatch(comm::startsWith))
        .findFirst()
        .orElse(OTHER);
  }
}

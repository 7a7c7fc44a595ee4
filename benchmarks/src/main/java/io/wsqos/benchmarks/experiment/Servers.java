package io.wsqos.benchmarks.experiment;

import java.net.URI;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * One {@link CompressionServer} JVM per mode, all started before a sweep and kept running, so that
 * variants can be interleaved (A B A B ...) without restarting servers. The idle ones cost a little
 * memory and no CPU. Closing stops them all.
 */
final class Servers implements AutoCloseable {

  private final Map<ServerMode, BookstoreProcess> processes = new EnumMap<>(ServerMode.class);
  private final List<String> jvmOptions;

  private Servers(List<String> jvmOptions) {
    this.jvmOptions = List.copyOf(jvmOptions);
  }

  /** Starts a server for each distinct mode, on the classpath of this JVM (the benchmarks jar). */
  static Servers start(Args args, List<ServerMode> modes) {
    List<String> jvmOptions =
        args.has("server-jvm-opt")
            ? args.all("server-jvm-opt")
            : CompressionExperiments.SERVER_JVM_OPTIONS;
    Servers servers = new Servers(jvmOptions);
    try {
      for (ServerMode mode : new LinkedHashSet<>(modes)) {
        // Fail here, with the reason, rather than in the child JVM.
        mode.features();
        List<String> command = new ArrayList<>();
        command.add(BookstoreProcess.javaCommand());
        command.addAll(jvmOptions);
        command.addAll(
            List.of(
                "-cp",
                System.getProperty("java.class.path"),
                CompressionServer.class.getName(),
                "--mode=" + mode.token(),
                "--port=0"));
        BookstoreProcess process = BookstoreProcess.start(command);
        servers.processes.put(mode, process);
        System.err.printf(
            "server %s: pid %d at %s%n", mode.token(), process.pid(), process.address());
      }
      return servers;
    } catch (RuntimeException e) {
      servers.close();
      throw e;
    }
  }

  URI address(ServerMode mode) {
    BookstoreProcess process = processes.get(mode);
    if (process == null) {
      throw new IllegalArgumentException("mode: " + mode.token() + " (expected: a started one)");
    }
    return process.address();
  }

  List<String> jvmOptions() {
    return jvmOptions;
  }

  @Override
  public void close() {
    processes.values().forEach(BookstoreProcess::close);
    processes.clear();
  }
}

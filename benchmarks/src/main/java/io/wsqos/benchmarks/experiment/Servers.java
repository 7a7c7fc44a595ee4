package io.wsqos.benchmarks.experiment;

import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * One server JVM per mode ({@link CompressionServer} or {@link MonitoringServer}), all started
 * before a sweep and kept running, so that variants can be interleaved (A B A B ...) without
 * restarting servers. The idle ones cost a little memory and no CPU. Closing stops them all.
 */
final class Servers implements AutoCloseable {

  private final Map<String, BookstoreProcess> processes = new LinkedHashMap<>();
  private final List<String> jvmOptions;

  private Servers(List<String> jvmOptions) {
    this.jvmOptions = List.copyOf(jvmOptions);
  }

  /** Starts a {@link CompressionServer} for each distinct mode. */
  static Servers start(Args args, List<ServerMode> modes) {
    return start(
        args,
        CompressionServer.class,
        modes.stream().map(ServerMode::token).toList(),
        token -> List.of());
  }

  /**
   * Starts {@code mainClass --mode=TOKEN --port=0 EXTRA...} for each distinct token, on the
   * classpath of this JVM (the benchmarks jar), with {@code extraArgs.apply(token)} appended.
   */
  static Servers start(
      Args args,
      Class<?> mainClass,
      List<String> tokens,
      Function<String, List<String>> extraArgs) {
    List<String> jvmOptions =
        args.has("server-jvm-opt")
            ? args.all("server-jvm-opt")
            : CompressionExperiments.SERVER_JVM_OPTIONS;
    Servers servers = new Servers(jvmOptions);
    try {
      for (String token : new LinkedHashSet<>(tokens)) {
        List<String> command = new ArrayList<>();
        command.add(BookstoreProcess.javaCommand());
        command.addAll(jvmOptions);
        command.addAll(
            List.of(
                "-cp",
                System.getProperty("java.class.path"),
                mainClass.getName(),
                "--mode=" + token,
                "--port=0"));
        command.addAll(extraArgs.apply(token));
        BookstoreProcess process = BookstoreProcess.start(command);
        servers.processes.put(token, process);
        System.err.printf("server %s: pid %d at %s%n", token, process.pid(), process.address());
      }
      return servers;
    } catch (RuntimeException e) {
      servers.close();
      throw e;
    }
  }

  URI address(ServerMode mode) {
    return address(mode.token());
  }

  URI address(String token) {
    BookstoreProcess process = processes.get(token);
    if (process == null) {
      throw new IllegalArgumentException("mode: " + token + " (expected: a started one)");
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

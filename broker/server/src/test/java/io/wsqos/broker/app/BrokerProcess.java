package io.wsqos.broker.app;

import io.wsqos.testing.ChildOutput;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * {@link BrokerLauncher#main} in a JVM of its own, on this JVM's class path, as an operator starts
 * the broker: its options from the environment ({@code WSQOS_BROKER_*}), port 0 on 127.0.0.1, and
 * its address read from the line it prints. Its stdout and stderr go to files in a directory of the
 * test's, shown by {@link #log()} when an assertion fails. {@link #kill()} is {@code kill -9};
 * {@link #close()} asks it to stop (SIGTERM) and kills it if it does not, so that no test leaves a
 * broker running.
 */
final class BrokerProcess implements AutoCloseable {

  /** The administrator's token every broker of these tests is given, so that it outlives a kill. */
  static final String ADMIN = "process-test-admin-token-0123456789";

  private static final String LISTENING = "Broker listening at ";
  private static final Duration START_TIMEOUT = Duration.ofSeconds(90);
  private static final Duration STOP_TIMEOUT = Duration.ofSeconds(30);

  private final String name;
  private final Process process;
  private final Path stdout;
  private final Path stderr;
  private final String address;

  private BrokerProcess(String name, Process process, Path stdout, Path stderr, String address) {
    this.name = name;
    this.process = process;
    this.stdout = stdout;
    this.stderr = stderr;
    this.address = address;
  }

  /**
   * Starts a broker named {@code name} (its log files are named after it in {@code directory}) on
   * database {@code jdbcUrl} as {@code user}, and returns once it has printed its address.
   *
   * @throws IllegalStateException with its output if it exits or prints nothing in time
   */
  static BrokerProcess start(Path directory, String name, String jdbcUrl, String user)
      throws IOException, InterruptedException {
    Path stdout = directory.resolve(name + ".out");
    Path stderr = directory.resolve(name + ".err");
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    // A small heap and the serial collector: several of these run beside the test's JVM on 2 cores.
    command.add("-Xmx256m");
    command.add("-XX:+UseSerialGC");
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(BrokerLauncher.class.getName());
    command.addAll(List.of("--port", "0"));
    ProcessBuilder builder =
        new ProcessBuilder(command).redirectOutput(stdout.toFile()).redirectError(stderr.toFile());
    Map<String, String> env = builder.environment();
    env.put(BrokerOptions.ENV_PREFIX + "JDBC_URL", jdbcUrl);
    env.put(BrokerOptions.ENV_PREFIX + "JDBC_USER", user);
    env.put(BrokerOptions.ENV_PREFIX + "ADMIN_TOKEN", ADMIN);
    Process process = builder.start();
    try {
      String address =
          ChildOutput.awaitLine(process, stdout, stderr, LISTENING, START_TIMEOUT, "the broker");
      return new BrokerProcess(name, process, stdout, stderr, address);
    } catch (IOException | InterruptedException | RuntimeException e) {
      process.destroyForcibly().waitFor(STOP_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
      throw e;
    }
  }

  /** The base URL, e.g. {@code http://127.0.0.1:40123}. */
  String address() {
    return address;
  }

  /** The operating system's id of the process. */
  long pid() {
    return process.pid();
  }

  boolean isAlive() {
    return process.isAlive();
  }

  /**
   * {@code kill -9}: no shutdown hook runs, nothing is flushed or closed; returns once it is gone.
   */
  void kill() throws InterruptedException {
    process.destroyForcibly();
    if (!process.waitFor(STOP_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
      throw new IllegalStateException(name + " survived SIGKILL");
    }
  }

  /** Its stdout and stderr, for assertion messages. */
  String log() {
    try {
      return name
          + " stdout:\n"
          + Files.readString(stdout)
          + "\n"
          + name
          + " stderr:\n"
          + Files.readString(stderr);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** SIGTERM, then SIGKILL if it has not stopped in time. Idempotent. */
  @Override
  public void close() throws InterruptedException {
    if (!process.isAlive()) {
      return;
    }
    process.destroy();
    if (!process.waitFor(STOP_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
      kill();
    }
  }

  @Override
  public String toString() {
    return name + "[pid " + process.pid() + ", " + address + "]";
  }
}

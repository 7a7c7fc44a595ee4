package io.wsqos.broker.app;

import io.wsqos.testing.ChildJvm;
import java.nio.file.Path;
import java.time.Duration;
import java.util.regex.Pattern;

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

  private static final Pattern LISTENING = Pattern.compile("^Broker listening at (\\S+)");
  private static final Duration START_TIMEOUT = Duration.ofSeconds(90);

  private final ChildJvm jvm;

  private BrokerProcess(ChildJvm jvm) {
    this.jvm = jvm;
  }

  /**
   * Starts a broker named {@code name} (its log files are named after it in {@code directory}) on
   * database {@code jdbcUrl} as {@code user}, and returns once it has printed its address.
   *
   * @throws IllegalStateException with its output if it exits or prints nothing in time
   */
  static BrokerProcess start(Path directory, String name, String jdbcUrl, String user) {
    return new BrokerProcess(
        ChildJvm.builder(BrokerLauncher.class)
            .name(name)
            // A small heap and the serial collector: several of these run beside the test's JVM
            // on 2 cores.
            .jvmOptions("-Xmx256m", "-XX:+UseSerialGC")
            .args("--port", "0")
            .environment(BrokerOptions.ENV_PREFIX + "JDBC_URL", jdbcUrl)
            .environment(BrokerOptions.ENV_PREFIX + "JDBC_USER", user)
            .environment(BrokerOptions.ENV_PREFIX + "ADMIN_TOKEN", ADMIN)
            .logDirectory(directory)
            .readyLine(LISTENING)
            .startTimeout(START_TIMEOUT)
            .start());
  }

  /** The base URL, e.g. {@code http://127.0.0.1:40123}. */
  String address() {
    return jvm.ready().group(1);
  }

  /** The operating system's id of the process. */
  long pid() {
    return jvm.pid();
  }

  boolean isAlive() {
    return jvm.isAlive();
  }

  /**
   * {@code kill -9}: no shutdown hook runs, nothing is flushed or closed; returns once it is gone.
   */
  void kill() {
    jvm.kill();
  }

  /** Its stdout and stderr, for assertion messages. */
  String log() {
    return jvm.log();
  }

  /** SIGTERM, then SIGKILL if it has not stopped in time. Idempotent. */
  @Override
  public void close() {
    jvm.close();
  }

  @Override
  public String toString() {
    return jvm + "[" + address() + "]";
  }
}

package io.wsqos.benchmarks.experiment;

import io.wsqos.testing.ChildJvm;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * A JVM an experiment starts (a server, a client, a sender), so that driver, server and clients do
 * not share a heap or a garbage collector: a {@link ChildJvm} whose lines {@code isAnswer} accepts
 * are its answers, read in turn, and whose other lines are echoed while an answer is awaited.
 */
final class ChildProcess implements AutoCloseable {

  static final long START_TIMEOUT_SECONDS = 60;

  /** How long {@link #close()} waits for the process to stop by itself before killing it. */
  static final long STOP_TIMEOUT_SECONDS = 30;

  private final ChildJvm jvm;
  private final Predicate<String> isAnswer;
  private final Thread stopOnExit;

  private ChildProcess(ChildJvm jvm, Predicate<String> isAnswer) {
    this.jvm = jvm;
    this.isAnswer = isAnswer;
    // Also stopped when this JVM exits (Ctrl-C) without closing it, e.g. in try-with-resources.
    this.stopOnExit = new Thread(jvm::close, "wsqos-stop-" + jvm);
    Runtime.getRuntime().addShutdownHook(stopOnExit);
  }

  /**
   * Starts {@code command}, its output (stderr too) in a log file of its own.
   *
   * @param stopLine what to write on its stdin to stop it; null to send SIGTERM
   */
  static ChildProcess start(
      String name,
      List<String> command,
      Predicate<String> isAnswer,
      String stopLine,
      PrintStream log) {
    ChildJvm.Builder builder =
        ChildJvm.commandLine(name, command)
            .stderrToStdout()
            .echo(log)
            .stopGrace(Duration.ofSeconds(STOP_TIMEOUT_SECONDS));
    if (stopLine != null) {
      builder.stopLine(stopLine);
    }
    return new ChildProcess(builder.start(), isAnswer);
  }

  /** {@code command} run by {@code prefix}, e.g. {@code nice -n 5}; as it is for an empty one. */
  static List<String> prefixed(List<String> prefix, List<String> command) {
    return Stream.concat(prefix.stream(), command.stream()).toList();
  }

  /** {@code command} pinned to the CPUs {@code cpus} by {@code taskset -c}; as it is for null. */
  static List<String> taskset(String cpus, List<String> command) {
    return cpus == null ? command : prefixed(List.of("taskset", "-c", cpus), command);
  }

  /** The {@code java} launcher of the running JVM. */
  static String javaCommand() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  /** {@code main} in a JVM with {@code jvmOptions} on this JVM's classpath, given {@code args}. */
  static List<String> javaCommand(List<String> jvmOptions, Class<?> main, List<String> args) {
    List<String> command = new ArrayList<>(List.of(javaCommand()));
    command.addAll(jvmOptions);
    command.addAll(List.of("-cp", System.getProperty("java.class.path"), main.getName()));
    command.addAll(args);
    return command;
  }

  /**
   * Its next answer.
   *
   * @throws IllegalStateException if it has not answered within {@code timeout} or has ended
   */
  String answer(Duration timeout) {
    return jvm.nextLine(isAnswer, timeout);
  }

  /**
   * Its first answer, once it is ready to take commands.
   *
   * @throws IllegalStateException, having stopped it, if it has not answered within {@code timeout}
   */
  String ready(Duration timeout) {
    try {
      return answer(timeout);
    } catch (RuntimeException e) {
      close();
      throw e;
    }
  }

  /** Writes {@code line} on its stdin. */
  void send(String line) {
    jvm.send(line);
  }

  long pid() {
    return jvm.pid();
  }

  /** Its stop line or SIGTERM, then SIGKILL after {@link #STOP_TIMEOUT_SECONDS}. */
  @Override
  public void close() {
    jvm.close();
    try {
      Runtime.getRuntime().removeShutdownHook(stopOnExit);
    } catch (IllegalStateException e) {
      // Already shutting down: the hook stops it again, which does nothing.
    }
  }
}

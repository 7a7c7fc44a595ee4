package io.wsqos.benchmarks.experiment;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * A JVM an experiment starts (a server or a client), so that driver, server and clients do not
 * share a heap or a garbage collector. The lines it prints that {@code isAnswer} accepts are its
 * answers, read in turn with {@link #answer}; the others go to this JVM's stderr prefixed with its
 * name. Closing it asks it to stop (its {@code stopLine} on stdin, else SIGTERM, so that its
 * shutdown hooks run) and kills it if it has not stopped within {@link #STOP_TIMEOUT_SECONDS}; the
 * driver's JVM exiting kills it too.
 */
final class ChildProcess implements AutoCloseable {

  static final long START_TIMEOUT_SECONDS = 60;

  /** How long {@link #close()} waits for the process to stop by itself before killing it. */
  static final long STOP_TIMEOUT_SECONDS = 30;

  /** Put on the answers queue when the process's output ends. */
  private static final String ENDED = "\0ended";

  private final String name;
  private final Process process;
  private final String stopLine;
  private final Writer commands;
  private final Thread shutdownHook;
  private final BlockingQueue<String> answers = new LinkedBlockingQueue<>();

  private ChildProcess(String name, Process process, String stopLine) {
    this.name = name;
    this.process = process;
    this.stopLine = stopLine;
    this.commands = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
    this.shutdownHook = new Thread(process::destroyForcibly, "wsqos-kill-" + name);
  }

  /**
   * Starts {@code command}.
   *
   * @param quietAfterAnswer whether its other lines stop being shown after its first answer (a
   *     server's request logs would drown the progress lines)
   * @param stopLine what to write on its stdin to stop it; null to send SIGTERM
   */
  static ChildProcess start(
      String name,
      List<String> command,
      Predicate<String> isAnswer,
      boolean quietAfterAnswer,
      String stopLine,
      PrintStream log) {
    Process process;
    try {
      process = new ProcessBuilder(command).redirectErrorStream(true).start();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    ChildProcess child = new ChildProcess(name, process, stopLine);
    Runtime.getRuntime().addShutdownHook(child.shutdownHook);
    Thread reader =
        new Thread(
            () -> {
              boolean answered = false;
              try (BufferedReader in =
                  new BufferedReader(
                      new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line = in.readLine(); line != null; line = in.readLine()) {
                  if (isAnswer.test(line)) {
                    child.answers.offer(line);
                    answered = true;
                  } else if (!(answered && quietAfterAnswer)) {
                    log.println("[" + name + "] " + line);
                  }
                }
              } catch (IOException e) {
                // The process ended; the waiting side reports it.
              } finally {
                child.answers.offer(ENDED);
              }
            },
            "wsqos-output-" + name);
    reader.setDaemon(true);
    reader.start();
    return child;
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
    try {
      String line = answers.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
      if (line == null) {
        throw new IllegalStateException(
            name + " did not answer within " + timeout.toSeconds() + " s");
      }
      if (line.equals(ENDED)) {
        answers.offer(ENDED);
        throw new IllegalStateException(
            name + " ended (exit " + exitValue() + "); see its output above");
      }
      return line;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for " + name, e);
    }
  }

  /** Writes {@code line} on its stdin. */
  void send(String line) {
    try {
      commands.write(line + "\n");
      commands.flush();
    } catch (IOException e) {
      throw new IllegalStateException(name + " is gone: " + e, e);
    }
  }

  long pid() {
    return process.pid();
  }

  @Override
  public void close() {
    if (stopLine == null) {
      process.destroy();
    } else {
      try {
        send(stopLine);
        commands.close();
      } catch (IllegalStateException | IOException e) {
        // Already gone: waitFor below returns at once.
      }
    }
    try {
      if (!process.waitFor(STOP_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        System.err.println(name + " did not stop within " + STOP_TIMEOUT_SECONDS + " s: killed");
        process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
    try {
      Runtime.getRuntime().removeShutdownHook(shutdownHook);
    } catch (IllegalStateException e) {
      // Already shutting down: the hook runs anyway.
    }
  }

  private String exitValue() {
    try {
      return process.waitFor(5, TimeUnit.SECONDS) ? Integer.toString(process.exitValue()) : "?";
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "?";
    }
  }
}

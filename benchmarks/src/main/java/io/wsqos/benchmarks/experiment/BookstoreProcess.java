package io.wsqos.benchmarks.experiment;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The bookstore server in its own JVM ({@code java -jar bookstore.jar --port 0}), so that driver
 * and server do not share a heap or a garbage collector. Closing it (or the driver's JVM exiting)
 * kills it.
 */
final class BookstoreProcess implements AutoCloseable {

  static final long START_TIMEOUT_SECONDS = 60;
  private static final Pattern LISTENING = Pattern.compile("Bookstore listening at (http://\\S+)");

  private final Process process;
  private final URI address;
  private final Thread shutdownHook;

  private BookstoreProcess(Process process, URI address, Thread shutdownHook) {
    this.process = process;
    this.address = address;
    this.shutdownHook = shutdownHook;
  }

  /** Starts {@code jar} and waits for its "listening" line. */
  static BookstoreProcess start(Path jar, List<String> jvmOptions) {
    if (!Files.isRegularFile(jar)) {
      throw new IllegalArgumentException(
          "bookstore jar: "
              + jar
              + " (expected: a file; build it with ./mvnw -pl examples/bookstore -am package"
              + " -DskipTests)");
    }
    List<String> command = new ArrayList<>();
    command.add(javaCommand());
    command.addAll(jvmOptions);
    command.addAll(List.of("-jar", jar.toString(), "--port", "0"));
    return start(command);
  }

  /** The {@code java} launcher of the running JVM. */
  static String javaCommand() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  /**
   * Starts any {@code command} that prints the bookstore's "listening" line (e.g. {@link
   * CompressionServer}) and waits for that line.
   */
  static BookstoreProcess start(List<String> command) {
    Process process;
    try {
      process = new ProcessBuilder(command).redirectErrorStream(true).start();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    Thread hook = new Thread(process::destroyForcibly, "wsqos-bookstore-kill");
    Runtime.getRuntime().addShutdownHook(hook);
    BlockingQueue<String> found = new ArrayBlockingQueue<>(1);
    Thread reader =
        new Thread(
            () -> {
              try (BufferedReader in =
                  new BufferedReader(
                      new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = in.readLine()) != null) {
                  Matcher m = LISTENING.matcher(line);
                  if (m.find()) {
                    found.offer(m.group(1));
                  } else if (found.isEmpty()) {
                    System.err.println("[bookstore] " + line);
                  }
                }
              } catch (IOException e) {
                // The process ended; its exit is reported by close().
              }
            },
            "wsqos-bookstore-output");
    reader.setDaemon(true);
    reader.start();
    try {
      String url = found.poll(START_TIMEOUT_SECONDS, TimeUnit.SECONDS);
      if (url == null) {
        process.destroyForcibly();
        throw new IllegalStateException(
            "bookstore did not print 'Bookstore listening at ...' within "
                + START_TIMEOUT_SECONDS
                + " s (alive: "
                + process.isAlive()
                + ")");
      }
      return new BookstoreProcess(process, URI.create(url), hook);
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while starting the bookstore", e);
    }
  }

  /** E.g. {@code http://127.0.0.1:PORT/bookstore}. */
  URI address() {
    return address;
  }

  long pid() {
    return process.pid();
  }

  /** How long {@link #close()} waits for the process to stop by itself before killing it. */
  static final long STOP_TIMEOUT_SECONDS = 30;

  /**
   * Asks the process to stop (SIGTERM, so its shutdown hooks run: the monitored server writes what
   * its log holds) and kills it if it has not stopped within {@link #STOP_TIMEOUT_SECONDS}.
   */
  @Override
  public void close() {
    process.destroy();
    awaitStop(process, shutdownHook, "bookstore " + address);
  }

  /**
   * Waits up to {@link #STOP_TIMEOUT_SECONDS} for a process asked to stop, kills it if it has not
   * by then (saying so), and removes the shutdown hook that would have killed it.
   */
  static void awaitStop(Process process, Thread shutdownHook, String name) {
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
}

package io.wsqos.benchmarks.experiment;

import io.wsqos.benchmarks.load.RunResult;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A {@link MonitoringClient} JVM, driven over its stdin and stdout ({@link ClientProtocol}). Its
 * other output goes to this JVM's stderr, prefixed. Closing it asks it to stop (it then writes what
 * its log holds and its counters) and kills it if it does not within {@link
 * BookstoreProcess#STOP_TIMEOUT_SECONDS}.
 */
final class ClientProcess implements AutoCloseable {

  /** A run may take this much longer than its warm-up and window: the last calls, the answer. */
  static final Duration RUN_GRACE = Duration.ofSeconds(90);

  /** Put on the answers queue when the client's stdout ends. */
  private static final String ENDED = "\0ended";

  private final String name;
  private final Process process;
  private final Writer commands;
  private final BlockingQueue<String> answers = new LinkedBlockingQueue<>();
  private final Thread shutdownHook;
  private String ready = "";

  private ClientProcess(String name, Process process) {
    this.name = name;
    this.process = process;
    this.commands = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
    this.shutdownHook = new Thread(process::destroyForcibly, "wsqos-client-kill");
  }

  /** Starts {@code command} (a {@link MonitoringClient}) and waits for its ready line. */
  static ClientProcess start(String name, List<String> command) {
    Process process;
    try {
      process = new ProcessBuilder(command).redirectErrorStream(true).start();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    ClientProcess client = new ClientProcess(name, process);
    Runtime.getRuntime().addShutdownHook(client.shutdownHook);
    Thread reader = new Thread(client::readOutput, "wsqos-client-output-" + name);
    reader.setDaemon(true);
    reader.start();
    try {
      String ready = client.answer(Duration.ofSeconds(BookstoreProcess.START_TIMEOUT_SECONDS));
      if (!ready.startsWith(ClientProtocol.READY)) {
        throw new IllegalStateException("client " + name + " answered '" + ready + "' at start");
      }
      System.err.printf("client %s: pid %d, %s%n", name, process.pid(), ready);
      client.ready = ready;
      return client;
    } catch (RuntimeException e) {
      client.close();
      throw e;
    }
  }

  /**
   * What the client said when it was ready: its mode, transport and the CXF conduit it really got,
   * e.g. {@code Client ready (mode plain, transport urlconnection, conduit
   * URLConnectionHTTPConduit)}.
   */
  String ready() {
    return ready;
  }

  /** The client JVM's process id, for reading its threads' CPU. */
  long pid() {
    return process.pid();
  }

  /**
   * Runs {@code callers} closed-loop callers for {@code warmup}, then measures for {@code measure}.
   */
  RunResult run(int callers, Duration warmup, Duration measure) {
    send(new ClientProtocol.Run(callers, warmup, measure).line());
    String answer = answer(warmup.plus(measure).plus(RUN_GRACE));
    if (!answer.startsWith(ClientProtocol.RESULT)) {
      throw new IllegalStateException("client " + name + " answered '" + answer + "' to a run");
    }
    return ClientProtocol.decode(answer);
  }

  @Override
  public void close() {
    try {
      send(ClientProtocol.STOP);
      commands.close();
    } catch (IllegalStateException | IOException e) {
      // Already gone: waitFor below returns at once.
    }
    BookstoreProcess.awaitStop(process, shutdownHook, "client " + name);
  }

  private void send(String line) {
    try {
      commands.write(line + "\n");
      commands.flush();
    } catch (IOException e) {
      throw new IllegalStateException("client " + name + " is gone: " + e, e);
    }
  }

  /** The client's next protocol line ({@code Client ready}, {@code result}, {@code error}). */
  private String answer(Duration timeout) {
    try {
      String line = answers.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
      if (line == null) {
        throw new IllegalStateException(
            "client " + name + " did not answer within " + timeout.toSeconds() + " s");
      }
      if (line.equals(ENDED)) {
        answers.offer(ENDED);
        throw new IllegalStateException(
            "client " + name + " ended (exit " + exitValue() + "); see its output above");
      }
      return line;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for client " + name, e);
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

  private void readOutput() {
    try (BufferedReader in =
        new BufferedReader(
            new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = in.readLine()) != null) {
        if (line.startsWith(ClientProtocol.READY)
            || line.startsWith(ClientProtocol.RESULT)
            || line.startsWith(ClientProtocol.ERROR)) {
          answers.offer(line);
        } else {
          System.err.println("[client " + name + "] " + line);
        }
      }
    } catch (IOException e) {
      // The process ended; the waiting side reports it.
    } finally {
      answers.offer(ENDED);
    }
  }
}

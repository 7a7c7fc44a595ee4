package io.wsqos.benchmarks.experiment;

import io.wsqos.benchmarks.load.RunResult;
import java.time.Duration;
import java.util.List;

/**
 * A {@link MonitoringClient} JVM, driven over its stdin and stdout ({@link ClientProtocol}) as a
 * {@link ChildProcess}.
 */
final class ClientProcess implements AutoCloseable {

  /** A run may take this much longer than its warm-up and window: the last calls, the answer. */
  static final Duration RUN_GRACE = Duration.ofSeconds(90);

  private final String name;
  private final ChildProcess process;
  private final String ready;

  private ClientProcess(String name, ChildProcess process, String ready) {
    this.name = name;
    this.process = process;
    this.ready = ready;
  }

  /** Starts {@code command} (a {@link MonitoringClient}) and waits for its ready line. */
  static ClientProcess start(String name, List<String> command) {
    ChildProcess process =
        ChildProcess.start(
            "client " + name,
            command,
            line ->
                line.startsWith(ClientProtocol.READY)
                    || line.startsWith(ClientProtocol.RESULT)
                    || line.startsWith(ClientProtocol.ERROR),
            ClientProtocol.STOP,
            System.err);
    String ready = process.ready(Duration.ofSeconds(ChildProcess.START_TIMEOUT_SECONDS));
    if (!ready.startsWith(ClientProtocol.READY)) {
      process.close();
      throw new IllegalStateException("client " + name + " answered '" + ready + "' at start");
    }
    System.err.printf("client %s: pid %d, %s%n", name, process.pid(), ready);
    return new ClientProcess(name, process, ready);
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
    process.send(new ClientProtocol.Run(callers, warmup, measure).line());
    String answer = process.answer(warmup.plus(measure).plus(RUN_GRACE));
    if (!answer.startsWith(ClientProtocol.RESULT)) {
      throw new IllegalStateException("client " + name + " answered '" + answer + "' to a run");
    }
    return ClientProtocol.decode(answer);
  }

  /**
   * Asks it to stop (it then writes what its log holds and its counters), as {@link ChildProcess}.
   */
  @Override
  public void close() {
    process.close();
  }
}

package io.wsqos.benchmarks.net;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A network namespace joined to the root namespace by a veth pair whose two ends are shaped with
 * {@code tc qdisc ... tbf}: the root end (server to client) at the link's downlink rate, the
 * namespace end (client to server) at its uplink rate. Programs run inside with {@link
 * #command(List)} reach the root namespace at {@link #hostAddress()}. Needs root, {@code ip} and
 * {@code tc}; {@code netem} is not needed (delay is added in user space by {@link DelayRelay}).
 *
 * <p>Closing deletes the namespace (which deletes the veth pair); a shutdown hook does the same if
 * the JVM exits first, and {@code benchmarks/scripts/slowlink-cleanup.sh} removes leftovers of a
 * killed run.
 */
public final class SlowLink implements AutoCloseable {

  /** The prefix of the namespaces this class creates; the cleanup script looks for it. */
  public static final String NAMESPACE_PREFIX = "wsqos-link-";

  /**
   * The burst of each token bucket: one full-size Ethernet frame, so the link never sends faster
   * than its rate for more than one packet.
   */
  static final int BURST_BYTES = 1_600;

  /**
   * How long a packet may wait in a bucket's queue before tbf drops it. Long enough that nothing is
   * dropped for the few responses in flight on the slow link (30 s at 4 kbit/s is 15 KB of queue).
   */
  static final int QUEUE_LATENCY_MILLIS = 30_000;

  private static final long COMMAND_TIMEOUT_SECONDS = 10;

  private final String namespace;
  private final String hostInterface;
  private final String hostAddress;
  private final String clientAddress;
  private final LinkProfile profile;
  private final Thread shutdownHook;
  private boolean closed;

  private SlowLink(
      String namespace,
      String hostInterface,
      String hostAddress,
      String clientAddress,
      LinkProfile profile) {
    this.namespace = namespace;
    this.hostInterface = hostInterface;
    this.hostAddress = hostAddress;
    this.clientAddress = clientAddress;
    this.profile = profile;
    this.shutdownHook = new Thread(this::deleteQuietly, "wsqos-slowlink-cleanup");
  }

  /**
   * Creates the namespace, the veth pair (addresses {@code 198.18.N.1/30} in the root namespace,
   * {@code 198.18.N.2/30} inside, N from {@code id}) and the two token buckets.
   *
   * @param id tells concurrent links apart, 1..250
   * @throws IllegalStateException with the failing command and its output if a step fails; what was
   *     already created is deleted again
   */
  public static SlowLink create(int id, LinkProfile profile) {
    requireNonNull(profile, "profile");
    if (id < 1 || id > 250) {
      throw new IllegalArgumentException("id: " + id + " (expected: 1..250)");
    }
    long pid = ProcessHandle.current().pid();
    String namespace = NAMESPACE_PREFIX + pid + "-" + id;
    String suffix = Long.toString(pid % 100_000) + "x" + id;
    String hostInterface = "wq" + suffix + "h";
    String clientInterface = "wq" + suffix + "c";
    String net = "198.18." + id + ".";
    SlowLink link = new SlowLink(namespace, hostInterface, net + "1", net + "2", profile);
    Runtime.getRuntime().addShutdownHook(link.shutdownHook);
    try {
      run("ip", "netns", "add", namespace);
      run("ip", "link", "add", hostInterface, "type", "veth", "peer", "name", clientInterface);
      run("ip", "link", "set", clientInterface, "netns", namespace);
      run("ip", "addr", "add", net + "1/30", "dev", hostInterface);
      run("ip", "link", "set", hostInterface, "up");
      run("ip", "-n", namespace, "addr", "add", net + "2/30", "dev", clientInterface);
      run("ip", "-n", namespace, "link", "set", clientInterface, "up");
      run("ip", "-n", namespace, "link", "set", "lo", "up");
      run(tbf(hostInterface, profile.downBitsPerSecond()));
      List<String> up = new ArrayList<>(List.of("ip", "netns", "exec", namespace));
      up.addAll(tbf(clientInterface, profile.upBitsPerSecond()));
      run(up);
      return link;
    } catch (RuntimeException e) {
      link.close();
      throw e;
    }
  }

  private static List<String> tbf(String device, long bitsPerSecond) {
    return List.of(
        "tc",
        "qdisc",
        "add",
        "dev",
        device,
        "root",
        "tbf",
        "rate",
        bitsPerSecond + "bit",
        "burst",
        Integer.toString(BURST_BYTES),
        "latency",
        QUEUE_LATENCY_MILLIS + "ms");
  }

  /** The root namespace's end of the link, where servers and relays inside are reached. */
  public String hostAddress() {
    return hostAddress;
  }

  /** The client's address inside the namespace. */
  public String clientAddress() {
    return clientAddress;
  }

  public LinkProfile profile() {
    return profile;
  }

  public String namespace() {
    return namespace;
  }

  /** {@code command} prefixed so that it runs inside the namespace. */
  public List<String> command(List<String> command) {
    List<String> inside = new ArrayList<>(List.of("ip", "netns", "exec", namespace));
    inside.addAll(command);
    return inside;
  }

  /**
   * Forgets what the kernel cached about this link's past connections (RTT, cwnd, ssthresh in
   * {@code ip tcp_metrics}), on both ends and for this link's addresses only, so that no fetch
   * starts from what an earlier one measured. (It does not explain why a second fetch in a row
   * through the shaped link can take longer than the first; that cause is still unknown.)
   */
  public void forgetTcpMetrics() {
    tryRun(List.of("ip", "tcp_metrics", "delete", clientAddress));
    tryRun(List.of("ip", "-n", namespace, "tcp_metrics", "flush"));
  }

  /** The qdiscs as {@code tc} reports them, both ends: for the experiment's record. */
  public String describe() {
    return run("tc", "qdisc", "show", "dev", hostInterface).trim()
        + " | "
        + run(command(List.of("tc", "qdisc", "show"))).trim().replace('\n', ';');
  }

  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    deleteQuietly();
    try {
      Runtime.getRuntime().removeShutdownHook(shutdownHook);
    } catch (IllegalStateException e) {
      // Already shutting down: the hook deletes the namespace anyway.
    }
  }

  private void deleteQuietly() {
    // Deleting the namespace destroys the veth end inside it and with it the pair.
    tryRun(List.of("ip", "netns", "del", namespace));
    tryRun(List.of("ip", "link", "del", hostInterface));
  }

  private static void tryRun(List<String> command) {
    try {
      exec(command);
    } catch (RuntimeException e) {
      // Best effort: the thing may not exist.
    }
  }

  private static String run(String... command) {
    return run(List.of(command));
  }

  private static String run(List<String> command) {
    Result result = exec(command);
    if (result.exitCode != 0) {
      throw new IllegalStateException(
          "'"
              + String.join(" ", command)
              + "' failed with exit code "
              + result.exitCode
              + ": "
              + result.output.trim());
    }
    return result.output;
  }

  private record Result(int exitCode, String output) {}

  private static Result exec(List<String> command) {
    try {
      Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
      process.getOutputStream().close();
      byte[] output = process.getInputStream().readAllBytes();
      if (!process.waitFor(COMMAND_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        throw new IllegalStateException("'" + String.join(" ", command) + "' timed out");
      }
      return new Result(process.exitValue(), new String(output, StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException("'" + String.join(" ", command) + "'", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted running '" + String.join(" ", command) + "'");
    }
  }
}

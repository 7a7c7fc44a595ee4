package io.wsqos.benchmarks.net;

import static java.util.Objects.requireNonNull;

import io.wsqos.testing.net.NetworkNamespace;
import io.wsqos.testing.net.NetworkNamespace.End;
import java.util.List;

/**
 * A network namespace joined to the root namespace by a veth pair (testing's {@link
 * NetworkNamespace}) whose two ends are shaped with {@code tc qdisc ... tbf}: the root end (server
 * to client) at the link's downlink rate, the namespace end (client to server) at its uplink rate.
 * Programs run inside with {@link #command(List)} reach the root namespace at {@link
 * #hostAddress()}. Needs root, {@code ip} and {@code tc}; {@code netem} is not needed (delay is
 * added in user space by {@link DelayRelay}).
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

  private final NetworkNamespace namespace;
  private final LinkProfile profile;

  private SlowLink(NetworkNamespace namespace, LinkProfile profile) {
    this.namespace = namespace;
    this.profile = profile;
  }

  /**
   * Creates the namespace, the veth pair (a {@code /30} of 198.18.0.0/15) and the two token
   * buckets.
   *
   * @throws IllegalStateException with the failing command and its output if a step fails; what was
   *     already created is deleted again
   */
  public static SlowLink create(LinkProfile profile) {
    requireNonNull(profile, "profile");
    NetworkNamespace namespace = NetworkNamespace.create("link");
    SlowLink link = new SlowLink(namespace, profile);
    try {
      tbf(namespace, End.HOST, profile.downBitsPerSecond());
      tbf(namespace, End.INNER, profile.upBitsPerSecond());
      return link;
    } catch (RuntimeException e) {
      link.close();
      throw e;
    }
  }

  private static void tbf(NetworkNamespace namespace, End end, long bitsPerSecond) {
    namespace.tc(
        end,
        "qdisc",
        "add",
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
    return namespace.hostAddress();
  }

  /** The client's address inside the namespace. */
  public String clientAddress() {
    return namespace.innerAddress();
  }

  public LinkProfile profile() {
    return profile;
  }

  public String namespace() {
    return namespace.name();
  }

  /** {@code command} prefixed so that it runs inside the namespace. */
  public List<String> command(List<String> command) {
    return namespace.command(command);
  }

  /**
   * Forgets what the kernel cached about this link's past connections (RTT, cwnd, ssthresh in
   * {@code ip tcp_metrics}), on both ends and for this link's addresses only, so that no fetch
   * starts from what an earlier one measured. (It does not explain why a second fetch in a row
   * through the shaped link can take longer than the first; that cause is still unknown.)
   */
  public void forgetTcpMetrics() {
    try {
      NetworkNamespace.run("ip", "tcp_metrics", "delete", clientAddress());
    } catch (IllegalStateException e) {
      // Nothing cached for it yet.
    }
    try {
      namespace.exec("ip", "tcp_metrics", "flush");
    } catch (IllegalStateException e) {
      // Nothing cached yet.
    }
  }

  /** The qdiscs as {@code tc} reports them, both ends: for the experiment's record. */
  public String describe() {
    return namespace.tc(End.HOST, "qdisc", "show").trim()
        + " | "
        + namespace.tc(End.INNER, "qdisc", "show").trim().replace('\n', ';');
  }

  @Override
  public void close() {
    namespace.close();
  }
}

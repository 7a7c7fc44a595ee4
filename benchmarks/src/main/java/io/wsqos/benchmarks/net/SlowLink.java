package io.wsqos.benchmarks.net;

import static java.util.Objects.requireNonNull;

import io.wsqos.testing.net.DelayRelay;
import io.wsqos.testing.net.NetworkNamespace;
import io.wsqos.testing.net.NetworkNamespace.End;
import java.net.InetSocketAddress;
import java.util.List;

/**
 * A network namespace behind a veth pair ({@link NetworkNamespace}) whose ends are shaped with
 * {@code tc tbf} ({@link NetworkNamespace#impose}): the root end at the link's downlink rate, the
 * namespace's at its uplink rate; {@link #relayTo} adds the delays, {@link #loss} random loss.
 * Closing deletes the namespace; {@code benchmarks/scripts/slowlink-cleanup.sh} removes what a
 * killed run left.
 */
public final class SlowLink implements AutoCloseable {

  /** The prefix of the namespaces this class creates; the cleanup script looks for it. */
  public static final String NAMESPACE_PREFIX = "wsqos-link-";

  private final NetworkNamespace namespace;

  private SlowLink(NetworkNamespace namespace) {
    this.namespace = namespace;
  }

  /**
   * Creates the namespace, the veth pair and the two token buckets.
   *
   * @throws IllegalStateException with the failing command and its output if a step fails; what was
   *     already created is deleted again
   */
  public static SlowLink create(LinkProfile profile) {
    requireNonNull(profile, "profile");
    SlowLink link = new SlowLink(NetworkNamespace.create("link"));
    try {
      link.namespace.impose(End.HOST, profile.down());
      link.namespace.impose(End.INNER, profile.up());
      return link;
    } catch (RuntimeException e) {
      link.close();
      throw e;
    }
  }

  /**
   * Makes both directions drop {@code percent} of their packets at random, on top of the profile's
   * rates (0 for none again).
   */
  public void loss(double percent) {
    for (End end : End.values()) {
      namespace.impose(end, namespace.conditions(end).withLossPercent(percent));
    }
  }

  /**
   * A relay at {@link #hostAddress()} to {@code target} adding the profile's delays, for clients
   * inside; closed with the link.
   */
  public DelayRelay relayTo(InetSocketAddress target) {
    return namespace.delayRelayTo(target);
  }

  /** The root namespace's end of the link, where servers and relays are reached from inside. */
  public String hostAddress() {
    return namespace.hostAddress();
  }

  /** The client's address inside the namespace. */
  public String clientAddress() {
    return namespace.innerAddress();
  }

  public String namespace() {
    return namespace.name();
  }

  /** {@code command} prefixed so that it runs inside the namespace. */
  public List<String> command(List<String> command) {
    return namespace.command(command);
  }

  /**
   * Forgets what the kernel cached of this link's past connections ({@code ip tcp_metrics}) on both
   * ends, so that no fetch starts from the RTT or window an earlier one measured.
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

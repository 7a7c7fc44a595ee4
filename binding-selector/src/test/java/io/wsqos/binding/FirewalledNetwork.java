package io.wsqos.binding;

import io.wsqos.testing.net.LinuxHost;
import io.wsqos.testing.net.LinuxHost.Capability;
import io.wsqos.testing.net.NetworkNamespace;
import io.wsqos.testing.net.NetworkNamespace.End;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * testing's {@link NetworkNamespace} (198.18.0.0/15 behind a veth pair) with a listener inside and,
 * on demand, a firewall that silently drops every TCP SYN sent to it. The drop is an htb class
 * whose queue holds no packet ({@code pfifo limit 0}) on the host's end of the pair, fed by a u32
 * filter on the TCP flags byte: these kernels have the u32 classifier but no tc action module, so
 * {@code action drop} is not available. Needs root ({@link #missingPrerequisite} says what is
 * missing); {@link #close()} removes everything.
 */
final class FirewalledNetwork implements AutoCloseable {

  private static final Pattern DROPPED = Pattern.compile("dropped (\\d+)");

  private final NetworkNamespace namespace;
  private final List<Process> listeners = new ArrayList<>();

  private FirewalledNetwork(NetworkNamespace namespace) {
    this.namespace = namespace;
  }

  /** The programs the network needs: iproute2's {@code ip} and {@code tc}, and socat. */
  static final List<String> TOOLS = List.of("ip", "tc", "socat");

  /**
   * Why this process cannot make the network at all, or empty if it has everything it needs: Linux,
   * the {@link #TOOLS} on the path, and CAP_SYS_ADMIN ({@code ip netns add} unshares and
   * bind-mounts) and CAP_NET_ADMIN (veth pairs, addresses, qdiscs) in its effective set. With all
   * of them, a failure to make the network is a failure, not a reason to skip.
   */
  static Optional<String> missingPrerequisite() {
    return LinuxHost.notLinux()
        .or(() -> LinuxHost.missingTools(TOOLS.toArray(String[]::new)))
        .or(() -> LinuxHost.missingCapabilities(Capability.SYS_ADMIN, Capability.NET_ADMIN))
        .map(why -> why + " (Debian packages iproute2 and socat)");
  }

  /**
   * Creates the namespace and the pair.
   *
   * @throws IllegalStateException with the command's output if a step fails; what was made is
   *     removed
   */
  static FirewalledNetwork create() {
    return new FirewalledNetwork(NetworkNamespace.create("fw"));
  }

  /** The address inside the namespace. */
  String innerAddress() {
    return namespace.innerAddress();
  }

  /** Starts a TCP listener on {@code port} inside the namespace (socat), stopped by close(). */
  void listen(int port) {
    try {
      listeners.add(
          new ProcessBuilder(
                  namespace.command(
                      List.of(
                          "socat",
                          "-u",
                          "TCP-LISTEN:" + port + ",bind=" + innerAddress() + ",fork,reuseaddr",
                          "OPEN:/dev/null")))
              .redirectErrorStream(true)
              .redirectOutput(ProcessBuilder.Redirect.DISCARD)
              .start());
    } catch (IOException e) {
      throw new IllegalStateException("socat: " + e.getMessage(), e);
    }
  }

  /** From now on, every SYN sent into the namespace is dropped without an answer. */
  void dropSyns() {
    namespace.tc(End.HOST, "qdisc", "add", "root", "handle", "1:", "htb", "default", "10");
    namespace.tc(
        End.HOST, "class", "add", "parent", "1:", "classid", "1:10", "htb", "rate", "1gbit");
    namespace.tc(
        End.HOST, "class", "add", "parent", "1:", "classid", "1:20", "htb", "rate", "1gbit");
    namespace.tc(
        End.HOST, "qdisc", "add", "parent", "1:20", "handle", "20:", "pfifo", "limit", "0");
    // IPv4, protocol TCP, SYN bit of the flags byte (offset 20 + 13 with a 20-byte IP header).
    namespace.tc(
        End.HOST,
        "filter",
        "add",
        "parent",
        "1:",
        "protocol",
        "ip",
        "prio",
        "1",
        "u32",
        "match",
        "ip",
        "protocol",
        "6",
        "0xff",
        "match",
        "u8",
        "0x02",
        "0x02",
        "at",
        "33",
        "flowid",
        "1:20");
  }

  /** Packets the firewall dropped so far, as {@code tc -s} counts them. */
  long dropped() {
    Matcher m = DROPPED.matcher(namespace.tcStats(End.HOST, "qdisc", "parent", "1:20"));
    return m.find() ? Long.parseLong(m.group(1)) : 0;
  }

  /** Whether the namespace still exists. */
  boolean exists() {
    return namespace.exists();
  }

  /** Stops the listeners and deletes the namespace and the pair; safe after a failed create. */
  @Override
  public void close() {
    for (Process listener : listeners) {
      listener.destroy();
      try {
        if (!listener.waitFor(5, TimeUnit.SECONDS)) {
          listener.destroyForcibly();
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    namespace.close();
  }
}

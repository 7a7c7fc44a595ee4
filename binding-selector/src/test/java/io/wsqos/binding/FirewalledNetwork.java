package io.wsqos.binding;

import io.wsqos.testing.net.NetworkNamespace;
import io.wsqos.testing.net.NetworkNamespace.End;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
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

  /** CAP_NET_ADMIN: veth pairs, addresses, qdiscs. */
  static final int CAP_NET_ADMIN = 12;

  /** CAP_SYS_ADMIN: {@code ip netns add} unshares a network namespace and bind-mounts it. */
  static final int CAP_SYS_ADMIN = 21;

  private static final Pattern CAP_EFF = Pattern.compile("(?m)^CapEff:\\s*([0-9a-fA-F]+)$");

  /**
   * Why this process cannot make the network at all, or empty if it has everything it needs: Linux,
   * the {@link #TOOLS} on the path, and CAP_SYS_ADMIN and CAP_NET_ADMIN in its effective set. With
   * all of them, a failure to make the network is a failure, not a reason to skip.
   */
  static Optional<String> missingPrerequisite() {
    if (!System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("linux")) {
      return Optional.of("network namespaces need Linux");
    }
    List<String> missingTools = TOOLS.stream().filter(tool -> !onPath(tool)).toList();
    if (!missingTools.isEmpty()) {
      return Optional.of(
          "not installed: "
              + String.join(", ", missingTools)
              + " (Debian packages iproute2 and socat)");
    }
    try {
      return missingCapabilities(Files.readString(Path.of("/proc/self/status")));
    } catch (IOException e) {
      return Optional.of("cannot read /proc/self/status: " + e.getMessage());
    }
  }

  /** Which of CAP_SYS_ADMIN and CAP_NET_ADMIN the {@code CapEff} line of {@code status} lacks. */
  static Optional<String> missingCapabilities(String status) {
    Matcher m = CAP_EFF.matcher(status);
    if (!m.find()) {
      return Optional.of("no CapEff line in /proc/self/status");
    }
    BigInteger effective = new BigInteger(m.group(1), 16);
    List<String> missing = new ArrayList<>();
    if (!effective.testBit(CAP_SYS_ADMIN)) {
      missing.add("CAP_SYS_ADMIN");
    }
    if (!effective.testBit(CAP_NET_ADMIN)) {
      missing.add("CAP_NET_ADMIN");
    }
    return missing.isEmpty()
        ? Optional.empty()
        : Optional.of(
            "the process lacks "
                + String.join(" and ", missing)
                + " (run as root with them, e.g. not in an unprivileged container)");
  }

  private static boolean onPath(String tool) {
    for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
      if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, tool))) {
        return true;
      }
    }
    return Files.isExecutable(Path.of("/usr/sbin", tool))
        || Files.isExecutable(Path.of("/sbin", tool));
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

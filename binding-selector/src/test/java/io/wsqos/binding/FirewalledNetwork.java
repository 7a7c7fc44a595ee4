package io.wsqos.binding;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * A network namespace behind a veth pair (198.18.0.0/15, the benchmarking range), with a listener
 * inside and, on demand, a firewall that silently drops every TCP SYN sent to it. The drop is an
 * htb class whose queue holds no packet ({@code pfifo limit 0}) on the host's end of the pair, fed
 * by a u32 filter on the TCP flags byte: these kernels have the u32 classifier but no tc action
 * module, so {@code action drop} is not available. Needs root; {@link #close()} removes everything.
 */
final class FirewalledNetwork implements AutoCloseable {

  private final String namespace;
  private final String hostDevice;
  private final String hostAddress;
  private final String innerAddress;
  private final List<Process> listeners = new ArrayList<>();

  private FirewalledNetwork(String suffix, int subnet) {
    this.namespace = "wsqos-fw-" + suffix;
    this.hostDevice = "wqfw" + suffix + "h";
    this.hostAddress = "198.19." + subnet + ".1";
    this.innerAddress = "198.19." + subnet + ".2";
  }

  /**
   * Creates the namespace and the pair.
   *
   * @throws IllegalStateException with the command's output if a step fails (not root, no
   *     namespaces); what was made is removed
   */
  static FirewalledNetwork create() {
    String suffix = Integer.toString(ThreadLocalRandom.current().nextInt(0x1000, 0x10000), 16);
    FirewalledNetwork network =
        new FirewalledNetwork(suffix, ThreadLocalRandom.current().nextInt(1, 255));
    String inner = "wqfw" + suffix + "n";
    try {
      run("ip", "netns", "add", network.namespace);
      run("ip", "link", "add", network.hostDevice, "type", "veth", "peer", "name", inner);
      run("ip", "link", "set", inner, "netns", network.namespace);
      run("ip", "addr", "add", network.hostAddress + "/30", "dev", network.hostDevice);
      run("ip", "link", "set", network.hostDevice, "up");
      run("ip", "-n", network.namespace, "addr", "add", network.innerAddress + "/30", "dev", inner);
      run("ip", "-n", network.namespace, "link", "set", inner, "up");
      run("ip", "-n", network.namespace, "link", "set", "lo", "up");
      return network;
    } catch (RuntimeException e) {
      network.close();
      throw e;
    }
  }

  /** The address inside the namespace. */
  String innerAddress() {
    return innerAddress;
  }

  /** Starts a TCP listener on {@code port} inside the namespace (socat), stopped by close(). */
  void listen(int port) {
    try {
      listeners.add(
          new ProcessBuilder(
                  "ip",
                  "netns",
                  "exec",
                  namespace,
                  "socat",
                  "-u",
                  "TCP-LISTEN:" + port + ",bind=" + innerAddress + ",fork,reuseaddr",
                  "OPEN:/dev/null")
              .redirectErrorStream(true)
              .redirectOutput(ProcessBuilder.Redirect.DISCARD)
              .start());
    } catch (IOException e) {
      throw new IllegalStateException("socat: " + e.getMessage(), e);
    }
  }

  /** From now on, every SYN sent into the namespace is dropped without an answer. */
  void dropSyns() {
    run("tc", "qdisc", "add", "dev", hostDevice, "root", "handle", "1:", "htb", "default", "10");
    run(
        "tc",
        "class",
        "add",
        "dev",
        hostDevice,
        "parent",
        "1:",
        "classid",
        "1:10",
        "htb",
        "rate",
        "1gbit");
    run(
        "tc",
        "class",
        "add",
        "dev",
        hostDevice,
        "parent",
        "1:",
        "classid",
        "1:20",
        "htb",
        "rate",
        "1gbit");
    run(
        "tc",
        "qdisc",
        "add",
        "dev",
        hostDevice,
        "parent",
        "1:20",
        "handle",
        "20:",
        "pfifo",
        "limit",
        "0");
    // IPv4, protocol TCP, SYN bit of the flags byte (offset 20 + 13 with a 20-byte IP header).
    run(
        "tc",
        "filter",
        "add",
        "dev",
        hostDevice,
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
    String stats = run("tc", "-s", "qdisc", "show", "dev", hostDevice, "parent", "1:20");
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("dropped (\\d+)").matcher(stats);
    return m.find() ? Long.parseLong(m.group(1)) : 0;
  }

  /** Whether the namespace still exists. */
  boolean exists() {
    return run("ip", "netns", "list")
        .lines()
        .anyMatch(line -> line.startsWith(namespace + " ") || line.equals(namespace));
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
    tryRun("ip", "netns", "del", namespace); // its end of the pair goes with it, and so the pair
    tryRun("ip", "link", "del", hostDevice);
  }

  private static void tryRun(String... command) {
    try {
      run(command);
    } catch (RuntimeException e) {
      // Already gone, or never made.
    }
  }

  private static String run(String... command) {
    try {
      Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
      String output = new String(process.getInputStream().readAllBytes(), UTF_8);
      if (!process.waitFor(30, TimeUnit.SECONDS) || process.exitValue() != 0) {
        throw new IllegalStateException(String.join(" ", command) + ": " + output.strip());
      }
      return output;
    } catch (IOException e) {
      throw new IllegalStateException(String.join(" ", command) + ": " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(String.join(" ", command) + ": interrupted", e);
    }
  }
}

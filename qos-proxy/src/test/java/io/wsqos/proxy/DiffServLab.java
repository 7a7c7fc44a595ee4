package io.wsqos.proxy;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.wsqos.core.header.TransportPriority;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A DiffServ network of one link, made for one test: a network namespace for the client, a veth
 * pair between it and the root namespace (where the test's server listens on the host side's
 * address, in 198.18.0.0/15), and on the host side, towards the client, an HTB qdisc whose u32
 * filters put packets by their DS field in an AF, an EF or (by default) a best-effort class, as the
 * seed's router did. Needs root and {@code ip}, {@code tc}; {@link #open} skips the test, saying
 * why, where a namespace cannot be made. {@link #close} removes the namespace and the link, also
 * after a failed setup.
 */
final class DiffServLab implements AutoCloseable {

  /** HTB class of the assured (AF) class. */
  static final String AF_CLASS = "1:10";

  /** HTB class of best effort, the default. */
  static final String BE_CLASS = "1:20";

  /** HTB class of the expedited (EF) class. */
  static final String EF_CLASS = "1:30";

  // Far above anything these commands take; a stalled command must not hang the build.
  private static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(60);
  private static final Pattern CLASS_STATS =
      Pattern.compile("class htb (\\S+) .*?\\n\\s*Sent (\\d+) bytes (\\d+) pkt", Pattern.DOTALL);

  private final String namespace;
  private final String hostLink;
  private final String clientLink;
  private final String hostAddress;
  private final String clientAddress;

  private DiffServLab(String id, int subnet) {
    namespace = "wsqos-" + id;
    hostLink = "wq" + id + "h";
    clientLink = "wq" + id + "c";
    int third = subnet >> 6;
    int fourth = (subnet & 0x3f) << 2;
    String prefix = "198.19." + third + ".";
    hostAddress = prefix + (fourth + 1);
    clientAddress = prefix + (fourth + 2);
  }

  /**
   * Makes the network, with the filters of {@code mapping}; skips the calling test (JUnit
   * assumption) when namespaces cannot be made here.
   */
  static DiffServLab open(DscpMapping mapping) {
    String why = whyNot();
    assumeTrue(why == null, () -> "DiffServ wire test skipped: " + why);
    ThreadLocalRandom random = ThreadLocalRandom.current();
    String id = Integer.toHexString(0x100000 + random.nextInt(0xf00000));
    DiffServLab lab = new DiffServLab(id, random.nextInt(1 << 14));
    try {
      lab.setUp(mapping);
      return lab;
    } catch (RuntimeException | Error e) {
      lab.close();
      throw e;
    }
  }

  /** Why this machine cannot run the lab, or null if it can. */
  private static String whyNot() {
    if (!System.getProperty("os.name", "").toLowerCase(java.util.Locale.ROOT).contains("linux")) {
      return "network namespaces need Linux";
    }
    for (String tool : List.of("ip", "tc", "curl", "tshark")) {
      if (!onPath(tool)) {
        return "'" + tool + "' is not installed";
      }
    }
    String probe = "wsqos-probe-" + ProcessHandle.current().pid();
    Result made = run(List.of("ip", "netns", "add", probe));
    if (made.exitCode() != 0) {
      return "cannot create a network namespace (needs root): " + made.output().trim();
    }
    run(List.of("ip", "netns", "del", probe));
    return null;
  }

  private static boolean onPath(String tool) {
    for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
      if (Files.isExecutable(Path.of(dir, tool))) {
        return true;
      }
    }
    return Files.isExecutable(Path.of("/usr/sbin", tool))
        || Files.isExecutable(Path.of("/sbin", tool));
  }

  private void setUp(DscpMapping mapping) {
    must("ip", "netns", "add", namespace);
    must("ip", "link", "add", hostLink, "type", "veth", "peer", "name", clientLink);
    must("ip", "link", "set", clientLink, "netns", namespace);
    must("ip", "addr", "add", hostAddress + "/30", "dev", hostLink);
    must("ip", "link", "set", hostLink, "up");
    inNamespace("ip", "addr", "add", clientAddress + "/30", "dev", clientLink);
    inNamespace("ip", "link", "set", clientLink, "up");
    inNamespace("ip", "link", "set", "lo", "up");
    // The seed's router: AF 30% and BE 70% of the link, each borrowing what the other leaves.
    must("tc", "qdisc", "add", "dev", hostLink, "root", "handle", "1:", "htb", "default", "20");
    htbClass("1:1", "1:", "100mbit");
    htbClass(AF_CLASS, "1:1", "30mbit");
    htbClass(BE_CLASS, "1:1", "60mbit");
    htbClass(EF_CLASS, "1:1", "10mbit");
    filter(mapping.tos(TransportPriority.ASSURED), AF_CLASS);
    filter(mapping.tos(TransportPriority.EXPEDITED), EF_CLASS);
  }

  private void htbClass(String id, String parent, String rate) {
    must(
        "tc", "class", "add", "dev", hostLink, "parent", parent, "classid", id, "htb", "rate", rate,
        "ceil", "100mbit", "quantum", "1514");
  }

  private void filter(int tos, String flowId) {
    // The DS field's six DSCP bits; the two ECN bits are the kernel's.
    must(
        "tc",
        "filter",
        "add",
        "dev",
        hostLink,
        "parent",
        "1:",
        "protocol",
        "ip",
        "prio",
        "1",
        "u32",
        "match",
        "ip",
        "dsfield",
        "0x" + Integer.toHexString(tos),
        "0xfc",
        "flowid",
        flowId);
  }

  /** The address of the server's side, in the root namespace. */
  String hostAddress() {
    return hostAddress;
  }

  /** The address of the client's side, in the namespace. */
  String clientAddress() {
    return clientAddress;
  }

  /** The host side of the link, where the shaping is and where captures listen. */
  String hostLink() {
    return hostLink;
  }

  /** Runs {@code command} in the client's namespace and returns its output; fails unless 0. */
  String inNamespace(String... command) {
    List<String> all = new ArrayList<>(List.of("ip", "netns", "exec", namespace));
    all.addAll(List.of(command));
    return must(all.toArray(String[]::new));
  }

  /** What each HTB class has sent so far. */
  Map<String, ClassStats> classStats() {
    String out = must("tc", "-s", "class", "show", "dev", hostLink);
    Map<String, ClassStats> stats = new HashMap<>();
    Matcher m = CLASS_STATS.matcher(out);
    while (m.find()) {
      stats.put(m.group(1), new ClassStats(Long.parseLong(m.group(2)), Long.parseLong(m.group(3))));
    }
    return stats;
  }

  /** Bytes and packets an HTB class sent. */
  record ClassStats(long bytes, long packets) {}

  /** Removes the namespace and with it the veth pair; never throws. */
  @Override
  public void close() {
    run(List.of("ip", "netns", "del", namespace));
    // Normally gone with its peer; removed here too should the namespace not have been made.
    if (Files.exists(Path.of("/sys/class/net", hostLink))) {
      run(List.of("ip", "link", "del", hostLink));
    }
  }

  static String must(String... command) {
    Result result = run(List.of(command));
    if (result.exitCode() != 0) {
      throw new IllegalStateException(
          String.join(" ", command) + " exited " + result.exitCode() + ": " + result.output());
    }
    return result.output();
  }

  record Result(int exitCode, String output) {}

  static Result run(List<String> command) {
    try {
      Path output = Files.createTempFile("wsqos-lab", ".out");
      try {
        Process process =
            new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(output.toFile())
                .start();
        if (!process.waitFor(COMMAND_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
          process.destroyForcibly();
          throw new IllegalStateException(
              String.join(" ", command) + " did not finish in " + COMMAND_TIMEOUT);
        }
        return new Result(process.exitValue(), Files.readString(output, StandardCharsets.UTF_8));
      } finally {
        Files.deleteIfExists(output);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(String.join(" ", command), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted: " + String.join(" ", command), e);
    }
  }

  @Override
  public String toString() {
    return "DiffServLab{" + namespace + ", " + hostAddress + " <-> " + clientAddress + "}";
  }
}

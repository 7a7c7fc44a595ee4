package io.wsqos.testing.net;

import static java.util.Objects.requireNonNull;

import java.io.File;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Linux network namespace joined to the root namespace by a veth pair, with a {@code /30} of
 * 198.18.0.0/15 (the benchmarking range, RFC 2544): the host end in the root namespace, the inner
 * end inside. Tests and experiments shape either end with {@code tc} ({@link #tc}) and run programs
 * inside ({@link #command}, {@link #exec}). Needs Linux, {@code ip} and the capabilities {@code
 * CAP_SYS_ADMIN} and {@code CAP_NET_ADMIN} (root has them); {@link #unavailableReason} says why not
 * before anything is made.
 *
 * <p>{@link #impose} makes either direction lossy (an nftables rule on the receiving side drops
 * packets at random) or slow ({@code tc tbf} on the sending side); {@link #delayRelayTo} delays it,
 * per connection, with a {@link DelayRelay}.
 *
 * <p>{@link #close()} deletes the namespace and the pair, with every qdisc and rule on them, and
 * stops the relays; a shutdown hook does the same if the JVM exits first. Names start with {@code
 * wsqos-PREFIX-}, the devices with {@code wq} and the root namespace's loss table is {@code ip
 * wsqos_ID}, so that leftovers of a killed JVM can be found.
 *
 * <pre>{@code
 * try (NetworkNamespace ns = NetworkNamespace.create("lab")) {
 *   ns.tc(End.HOST, "qdisc", "add", "root", "handle", "1:", "htb", "default", "20");
 *   ns.exec("curl", "-s", "http://" + ns.hostAddress() + ":8080/");
 * }
 * }</pre>
 */
public final class NetworkNamespace implements AutoCloseable {

  /** One end of the veth pair. */
  public enum End {
    /** In the root namespace, at {@link #hostAddress()}: shapes what goes into the namespace. */
    HOST,
    /** Inside the namespace, at {@link #innerAddress()}: shapes what leaves it. */
    INNER
  }

  /** Bytes and packets an HTB class has sent, as {@code tc -s class show} counts them. */
  public record ClassStats(long bytes, long packets) {}

  /** Far above anything {@code ip} and {@code tc} take; a stalled command must not hang a build. */
  static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(60);

  private static final Pattern CLASS_STATS =
      Pattern.compile("class htb (\\S+) .*?\\n\\s*Sent (\\d+) bytes (\\d+) pkt", Pattern.DOTALL);
  private static final Pattern PREFIX = Pattern.compile("[a-z][a-z0-9]{0,7}");
  private static final int SUBNETS = 1 << 15; // /30s in a /15
  private static final int ATTEMPTS = 20;

  /** One full-size Ethernet frame: the least burst a rate limit allows. */
  private static final int MIN_BURST_BYTES = 1_600;

  /** Long enough that tbf drops nothing of the few transfers in flight on a slow link. */
  private static final int QUEUE_LATENCY_MILLIS = 30_000;

  /** The nftables table of the namespace's loss rule; one namespace, so one name. */
  private static final String INNER_LOSS_TABLE = "wsqos_loss";

  private final String name;
  private final String lossTable;
  private final String hostDevice;
  private final String innerDevice;
  private final String hostAddress;
  private final String innerAddress;
  private final Thread shutdownHook;
  private final Map<End, LinkConditions> conditions = new EnumMap<>(End.class);
  private final List<DelayRelay> relays = new ArrayList<>();
  private boolean closed;

  private NetworkNamespace(String name, String id, int subnet) {
    this.name = name;
    this.lossTable = "wsqos_" + id;
    this.hostDevice = "wq" + id + "h";
    this.innerDevice = "wq" + id + "n";
    int base = subnet << 2;
    String prefix = "198." + (18 + (base >> 16)) + "." + ((base >> 8) & 0xff) + ".";
    this.hostAddress = prefix + ((base & 0xff) + 1);
    this.innerAddress = prefix + ((base & 0xff) + 2);
    this.shutdownHook = new Thread(this::delete, "wsqos-netns-cleanup-" + name);
    for (End end : End.values()) {
      conditions.put(end, LinkConditions.NONE);
    }
  }

  /**
   * Why namespaces cannot be made here (not Linux, {@code ip} or one of {@code tools} not
   * installed, no {@code CAP_SYS_ADMIN} and {@code CAP_NET_ADMIN}, or the kernel refuses), or empty
   * if they can. Checks the capabilities, not the user's name, then creates and deletes a probe
   * namespace to be sure.
   */
  public static Optional<String> unavailableReason(String... tools) {
    List<String> needed = new ArrayList<>(List.of("ip"));
    needed.addAll(List.of(tools));
    Optional<String> missing =
        LinuxHost.notLinux()
            .or(() -> LinuxHost.missingTools(needed.toArray(String[]::new)))
            .or(
                () ->
                    LinuxHost.missingCapabilities(
                        LinuxHost.Capability.SYS_ADMIN, LinuxHost.Capability.NET_ADMIN));
    if (missing.isPresent()) {
      return missing.map(why -> "network namespaces: " + why);
    }
    String probe = "wsqos-probe-" + ProcessHandle.current().pid();
    Result made = execute(List.of("ip", "netns", "add", probe));
    if (made.exitCode() != 0) {
      return Optional.of("network namespaces: cannot create one: " + made.output().trim());
    }
    execute(List.of("ip", "netns", "del", probe));
    return Optional.empty();
  }

  /**
   * Creates a namespace {@code wsqos-PREFIX-ID}, its veth pair, and their addresses (a free {@code
   * /30} of 198.18.0.0/15, chosen at random), with both ends and the namespace's loopback up.
   *
   * @param prefix tells what made it, 1 to 8 lowercase letters or digits, starting with a letter
   * @throws IllegalStateException with the failing command and its output if a step fails (not
   *     root, no namespaces); what was already made is deleted again
   */
  public static NetworkNamespace create(String prefix) {
    requireNonNull(prefix, "prefix");
    if (!PREFIX.matcher(prefix).matches()) {
      throw new IllegalArgumentException(
          "prefix: '" + prefix + "' (expected: 1-8 lowercase letters or digits, a letter first)");
    }
    ThreadLocalRandom random = ThreadLocalRandom.current();
    for (int attempt = 1; ; attempt++) {
      String id = Integer.toHexString(0x100000 + random.nextInt(0xf00000));
      NetworkNamespace ns =
          new NetworkNamespace("wsqos-" + prefix + "-" + id, id, random.nextInt(SUBNETS));
      // Another test may have taken the name or the subnet meanwhile: try another.
      if (ns.taken() && attempt < ATTEMPTS) {
        continue;
      }
      Runtime.getRuntime().addShutdownHook(ns.shutdownHook);
      try {
        ns.setUp();
        return ns;
      } catch (RuntimeException | Error e) {
        ns.close();
        throw e;
      }
    }
  }

  private boolean taken() {
    String subnet = hostAddress.substring(0, hostAddress.lastIndexOf('.') + 1);
    String addresses = check(List.of("ip", "-4", "-o", "addr", "show"));
    return addresses.contains(" " + subnet)
        || Files.exists(Path.of("/var/run/netns", name))
        || Files.exists(Path.of("/sys/class/net", hostDevice));
  }

  private void setUp() {
    run("ip", "netns", "add", name);
    run("ip", "link", "add", hostDevice, "type", "veth", "peer", "name", innerDevice);
    run("ip", "link", "set", innerDevice, "netns", name);
    run("ip", "addr", "add", hostAddress + "/30", "dev", hostDevice);
    run("ip", "link", "set", hostDevice, "up");
    run("ip", "-n", name, "addr", "add", innerAddress + "/30", "dev", innerDevice);
    run("ip", "-n", name, "link", "set", innerDevice, "up");
    run("ip", "-n", name, "link", "set", "lo", "up");
  }

  /** The namespace's name, as {@code ip netns list} shows it. */
  public String name() {
    return name;
  }

  /** The root namespace's end of the pair, where programs inside reach the host. */
  public String hostAddress() {
    return hostAddress;
  }

  /** The address inside the namespace. */
  public String innerAddress() {
    return innerAddress;
  }

  /** The device of {@code end}: in the root namespace for HOST, inside for INNER. */
  public String device(End end) {
    return end == End.HOST ? hostDevice : innerDevice;
  }

  /** {@code command} prefixed so that it runs inside the namespace, for a long-running process. */
  public List<String> command(List<String> command) {
    List<String> inside = new ArrayList<>(List.of("ip", "netns", "exec", name));
    inside.addAll(command);
    return inside;
  }

  /**
   * Runs {@code command} inside the namespace and returns its output (stdout and stderr).
   *
   * @throws IllegalStateException with the output if it exits other than 0 or takes over a minute
   */
  public String exec(String... command) {
    return check(command(List.of(command)));
  }

  /**
   * Runs {@code tc OBJECT VERB dev DEVICE ARGS...} on {@code end}'s device (inside the namespace
   * for INNER) and returns its output, e.g. {@code tc(End.HOST, "class", "add", "parent", "1:",
   * "classid", "1:10", "htb", "rate", "30mbit")}.
   *
   * @throws IllegalStateException with the output if tc exits other than 0
   */
  public String tc(End end, String object, String verb, String... args) {
    List<String> command = new ArrayList<>(List.of("tc", object, verb, "dev", device(end)));
    command.addAll(List.of(args));
    return check(end == End.HOST ? command : command(command));
  }

  /** {@code tc -s OBJECT show dev DEVICE ARGS...} on {@code end}'s device: counters included. */
  public String tcStats(End end, String object, String... args) {
    List<String> command = new ArrayList<>(List.of("tc", "-s", object, "show", "dev", device(end)));
    command.addAll(List.of(args));
    return check(end == End.HOST ? command : command(command));
  }

  /**
   * Adds a u32 filter to the root qdisc {@code 1:} of {@code end} that sends IPv4 packets whose DS
   * field carries {@code tos} (its six DSCP bits; the two ECN bits are the kernel's) to the class
   * {@code flowId}.
   */
  public void dsFieldFilter(End end, int tos, String flowId) {
    if (tos < 0 || tos > 0xff) {
      throw new IllegalArgumentException("tos: " + tos + " (expected: 0..255)");
    }
    tc(
        end,
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
        "dsfield",
        "0x" + Integer.toHexString(tos),
        "0xfc",
        "flowid",
        requireNonNull(flowId, "flowId"));
  }

  /** What each HTB class on {@code end} has sent so far, by class id (e.g. {@code 1:10}). */
  public Map<String, ClassStats> htbClasses(End end) {
    Map<String, ClassStats> stats = new HashMap<>();
    Matcher m = CLASS_STATS.matcher(tcStats(end, "class"));
    while (m.find()) {
      stats.put(m.group(1), new ClassStats(Long.parseLong(m.group(2)), Long.parseLong(m.group(3))));
    }
    return stats;
  }

  /**
   * Imposes {@code imposed}'s loss and rate on what {@code sender} sends, replacing what was
   * imposed on it before ({@link LinkConditions#NONE} removes it all). {@code End.HOST} is the
   * direction into the namespace, {@code End.INNER} the one out of it.
   *
   * <p>Loss: an nftables rule drops that share of the IPv4 packets, each at random, where they
   * arrive (the prerouting hook of the other end, before anything else sees them), so that the
   * sender's TCP loses them as on a real path. Rate: a {@code tc tbf} root qdisc on the sender's
   * device, replacing any root qdisc a caller put there. The delay is not applied here: relays
   * started by {@link #delayRelayTo} afterwards add it.
   *
   * @throws IllegalStateException with the failing command and its output (nftables missing: {@code
   *     unavailableReason("nft")} tells before)
   */
  public synchronized void impose(End sender, LinkConditions imposed) {
    requireNonNull(sender, "sender");
    requireNonNull(imposed, "imposed");
    LinkConditions before = conditions.get(sender);
    if (before.lossy()) {
      nft(sender, "delete table ip " + lossTable(sender));
    }
    if (before.rateLimited() && !imposed.rateLimited()) {
      tc(sender, "qdisc", "del", "root");
    }
    conditions.put(sender, LinkConditions.NONE);
    if (imposed.lossy()) {
      String table = "ip " + lossTable(sender);
      nft(
          sender,
          "add table "
              + table
              + "\nadd chain "
              + table
              + " prerouting { type filter hook prerouting priority -300; policy accept; }"
              + "\nadd rule "
              + table
              + " prerouting iifname "
              + device(receiver(sender))
              + " numgen random mod 10000 < "
              + imposed.lossPerTenThousand()
              + " counter drop");
    }
    if (imposed.rateLimited()) {
      long burst = Math.max(MIN_BURST_BYTES, imposed.rateBitsPerSecond() / 8 / 100);
      tc(
          sender,
          "qdisc",
          "replace",
          "root",
          "tbf",
          "rate",
          imposed.rateBitsPerSecond() + "bit",
          "burst",
          Long.toString(burst),
          "latency",
          QUEUE_LATENCY_MILLIS + "ms");
    }
    conditions.put(sender, imposed);
  }

  /** What {@link #impose} last imposed on what {@code sender} sends; NONE at first. */
  public synchronized LinkConditions conditions(End sender) {
    return conditions.get(requireNonNull(sender, "sender"));
  }

  /**
   * The packets the loss rule on what {@code sender} sends has dropped so far, as its nftables
   * counter says; 0 when that direction is not lossy.
   */
  public synchronized long droppedPackets(End sender) {
    if (!conditions.get(requireNonNull(sender, "sender")).lossy()) {
      return 0;
    }
    String rules = nft(sender, "list table ip " + lossTable(sender));
    Matcher m = Pattern.compile("counter packets (\\d+)").matcher(rules);
    if (!m.find()) {
      throw new IllegalStateException("no counter in the loss rule: " + rules.trim());
    }
    return Long.parseLong(m.group(1));
  }

  /**
   * Starts a relay at {@link #hostAddress()} (a free port) to {@code target}, for programs inside
   * the namespace to connect to instead: it delays what they send by the delay imposed on {@code
   * End.INNER} and the answers by the one imposed on {@code End.HOST}, as imposed now. It relays
   * whole TCP connections, so the delay is added to each request and response once but not to the
   * handshake. Closed with the namespace.
   */
  public synchronized DelayRelay delayRelayTo(InetSocketAddress target) {
    requireNonNull(target, "target");
    if (closed) {
      throw new IllegalStateException("closed: " + this);
    }
    InetAddress host;
    try {
      host = InetAddress.getByName(hostAddress);
    } catch (UnknownHostException e) {
      throw new IllegalStateException("not an address: " + hostAddress, e);
    }
    DelayRelay relay =
        DelayRelay.start(
            host,
            target,
            conditions.get(End.INNER).delay().toMillis(),
            conditions.get(End.HOST).delay().toMillis());
    relays.add(relay);
    return relay;
  }

  private static End receiver(End sender) {
    return sender == End.HOST ? End.INNER : End.HOST;
  }

  /** The table of the rule dropping what {@code sender} sends: where it arrives. */
  private String lossTable(End sender) {
    return sender == End.HOST ? INNER_LOSS_TABLE : lossTable;
  }

  /** Runs an nftables script where what {@code sender} sends arrives. */
  private String nft(End sender, String script) {
    List<String> command = List.of("nft", script);
    return check(receiver(sender) == End.INNER ? command(command) : command);
  }

  /** Whether the namespace still exists. */
  public boolean exists() {
    return Files.exists(Path.of("/var/run/netns", name));
  }

  /** Deletes the namespace and the pair; never throws, runs once. */
  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    relays.forEach(DelayRelay::close);
    relays.clear();
    delete();
    try {
      Runtime.getRuntime().removeShutdownHook(shutdownHook);
    } catch (IllegalStateException e) {
      // Already shutting down: the hook deletes it anyway.
    }
  }

  private void delete() {
    // The namespace's own rules and qdiscs go with it; the root namespace's table does not.
    if (conditions(End.INNER).lossy()) {
      execute(List.of("nft", "delete table ip " + lossTable));
    }
    // Deleting the namespace destroys the end inside it, and with it the pair.
    execute(List.of("ip", "netns", "del", name));
    if (Files.exists(Path.of("/sys/class/net", hostDevice))) {
      execute(List.of("ip", "link", "del", hostDevice));
    }
  }

  /**
   * Runs {@code command} in the root namespace and returns its output.
   *
   * @throws IllegalStateException with the output if it exits other than 0 or takes over a minute
   */
  public static String run(String... command) {
    return check(List.of(command));
  }

  private static String check(List<String> command) {
    return execute(command).orThrow(command);
  }

  private record Result(int exitCode, String output) {
    String orThrow(List<String> command) {
      if (exitCode != 0) {
        throw new IllegalStateException(
            "'" + String.join(" ", command) + "' exited " + exitCode + ": " + output.trim());
      }
      return output;
    }
  }

  // Output goes to a file, not a pipe: a command that hangs cannot block the reader past the
  // timeout, and a chatty one cannot block on a full pipe.
  private static Result execute(List<String> command) {
    try {
      Path output = Files.createTempFile("wsqos-netns", ".out");
      try {
        Process process =
            new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(output.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .start();
        if (!process.waitFor(COMMAND_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
          process.destroyForcibly();
          return new Result(-1, "did not finish in " + COMMAND_TIMEOUT.toSeconds() + " s");
        }
        return new Result(process.exitValue(), Files.readString(output, StandardCharsets.UTF_8));
      } finally {
        Files.deleteIfExists(output);
      }
    } catch (IOException e) {
      return new Result(-1, e.toString());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new Result(-1, "interrupted");
    }
  }

  @Override
  public String toString() {
    return "NetworkNamespace{" + name + ", " + hostAddress + " <-> " + innerAddress + "}";
  }
}

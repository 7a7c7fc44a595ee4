package io.wsqos.testing.net;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * What this Linux machine lets a test do: the capabilities this JVM holds (its {@code CapEff} in
 * {@code /proc/self/status}) and the tools on the PATH. Tests ask for the privilege they need, not
 * for the user {@code root}: a root without {@code CAP_NET_ADMIN} (a default container) cannot make
 * namespaces, and a user granted the capabilities can. Each check answers why not, or empty, for
 * {@link io.wsqos.testing.Prerequisites#assume(Optional)}.
 */
public final class LinuxHost {

  /** The capabilities the kit's network tests need, with their bit in the capability sets. */
  public enum Capability {
    /** Interfaces, addresses, routes, qdiscs; namespaces' links; packet capture's set-up. */
    NET_ADMIN(12),
    /** Raw and packet sockets: capturing packets. */
    NET_RAW(13),
    /** Mounting and unsharing namespaces ({@code ip netns add}). */
    SYS_ADMIN(21);

    private final int bit;

    Capability(int bit) {
      this.bit = bit;
    }

    /** The capability's name as the kernel's headers and {@code capsh} write it. */
    public String capName() {
      return "CAP_" + name();
    }
  }

  private static final Path PROC_STATUS = Path.of("/proc/self/status");
  private static final String EFFECTIVE = "CapEff:";

  private LinuxHost() {}

  /** Empty on Linux; otherwise why not, for tests that need Linux. */
  public static Optional<String> notLinux() {
    if (!System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("linux")) {
      return Optional.of("needs Linux (os.name is " + System.getProperty("os.name") + ")");
    }
    return Optional.empty();
  }

  /**
   * Which of {@code needed} this JVM lacks in its effective set, and so the programs it starts as
   * root; empty if it holds them all.
   */
  public static Optional<String> missingCapabilities(Capability... needed) {
    Optional<String> notLinux = notLinux();
    if (notLinux.isPresent()) {
      return notLinux;
    }
    try {
      return missingCapabilities(Files.readString(PROC_STATUS), needed);
    } catch (IOException e) {
      return Optional.of("cannot read " + PROC_STATUS + ": " + e.getMessage());
    }
  }

  /** {@link #missingCapabilities(Capability...)} as read from {@code procStatus}'s text. */
  static Optional<String> missingCapabilities(String procStatus, Capability... needed) {
    requireNonNull(procStatus, "procStatus");
    Optional<String> line =
        procStatus.lines().filter(l -> l.startsWith(EFFECTIVE)).findFirst().map(String::strip);
    if (line.isEmpty()) {
      return Optional.of("no " + EFFECTIVE + " line in " + PROC_STATUS);
    }
    String hex = line.get().substring(EFFECTIVE.length()).strip();
    BigInteger effective;
    try {
      effective = new BigInteger(hex, 16);
    } catch (NumberFormatException e) {
      return Optional.of("unreadable " + line.get() + " in " + PROC_STATUS);
    }
    List<String> missing = new ArrayList<>();
    for (Capability capability : needed) {
      if (!effective.testBit(requireNonNull(capability, "capability").bit)) {
        missing.add(capability.capName());
      }
    }
    if (missing.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(
        "needs "
            + String.join(" and ", missing)
            + " (run as root with them, or grant them; effective set "
            + hex
            + ")");
  }

  /** Which of {@code tools} is not on the PATH (nor in /usr/sbin, /sbin); empty if all are. */
  public static Optional<String> missingTools(String... tools) {
    List<String> missing = new ArrayList<>();
    for (String tool : tools) {
      if (!onPath(requireNonNull(tool, "tool"))) {
        missing.add("'" + tool + "'");
      }
    }
    if (missing.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(
        String.join(", ", missing) + (missing.size() == 1 ? " is" : " are") + " not installed");
  }

  /**
   * Empty where tshark can capture packets on any interface here (Linux, {@code tshark} installed,
   * {@code CAP_NET_RAW} and {@code CAP_NET_ADMIN}); otherwise why not.
   */
  public static Optional<String> packetCaptureUnavailableReason() {
    return notLinux()
        .or(() -> missingTools("tshark"))
        .or(() -> missingCapabilities(Capability.NET_RAW, Capability.NET_ADMIN))
        .map(why -> "packet capture: " + why);
  }

  static boolean onPath(String tool) {
    for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
      if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, tool))) {
        return true;
      }
    }
    return Files.isExecutable(Path.of("/usr/sbin", tool))
        || Files.isExecutable(Path.of("/sbin", tool));
  }
}

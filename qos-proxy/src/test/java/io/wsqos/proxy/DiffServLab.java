package io.wsqos.proxy;

import io.wsqos.core.header.TransportPriority;
import io.wsqos.testing.Prerequisites;
import io.wsqos.testing.net.NetworkNamespace;
import io.wsqos.testing.net.NetworkNamespace.End;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;

/**
 * A DiffServ network of one link, made for one test: testing's {@link NetworkNamespace} for the
 * client, the test's server listening in the root namespace on the host end's address, and on the
 * host end, towards the client, an HTB qdisc whose u32 filters put packets by their DS field in an
 * AF, an EF or (by default) a best-effort class, as the seed's router did. Needs the capabilities
 * to make namespaces and {@code ip}, {@code tc}, {@code curl}, {@code bash}, {@code tshark}; {@link
 * #open} skips the test, saying why, where a namespace cannot be made (fails it under CI: {@link
 * Prerequisites}). {@link #close} removes the namespace and the link.
 */
final class DiffServLab implements AutoCloseable {

  /** HTB class of the assured (AF) class. */
  static final String AF_CLASS = "1:10";

  /** HTB class of best effort, the default. */
  static final String BE_CLASS = "1:20";

  /** HTB class of the expedited (EF) class. */
  static final String EF_CLASS = "1:30";

  private final NetworkNamespace namespace;

  private DiffServLab(NetworkNamespace namespace) {
    this.namespace = namespace;
  }

  /**
   * Makes the network, with the filters of {@code mapping}; skips the calling test when namespaces
   * cannot be made here, and fails it under CI.
   */
  static DiffServLab open(DscpMapping mapping) {
    Prerequisites.assume(NetworkNamespace.unavailableReason("tc", "curl", "bash", "tshark"));
    DiffServLab lab = new DiffServLab(NetworkNamespace.create("lab"));
    try {
      lab.shape(mapping);
      return lab;
    } catch (RuntimeException | Error e) {
      lab.close();
      throw e;
    }
  }

  private void shape(DscpMapping mapping) {
    // The seed's router: AF 30% and BE 70% of the link, each borrowing what the other leaves.
    namespace.tc(End.HOST, "qdisc", "add", "root", "handle", "1:", "htb", "default", "20");
    htbClass("1:1", "1:", "100mbit");
    htbClass(AF_CLASS, "1:1", "30mbit");
    htbClass(BE_CLASS, "1:1", "60mbit");
    htbClass(EF_CLASS, "1:1", "10mbit");
    namespace.dsFieldFilter(End.HOST, mapping.tos(TransportPriority.ASSURED), AF_CLASS);
    namespace.dsFieldFilter(End.HOST, mapping.tos(TransportPriority.EXPEDITED), EF_CLASS);
  }

  private void htbClass(String id, String parent, String rate) {
    namespace.tc(
        End.HOST, "class", "add", "parent", parent, "classid", id, "htb", "rate", rate, "ceil",
        "100mbit", "quantum", "1514");
  }

  /** The address of the server's side, in the root namespace. */
  String hostAddress() {
    return namespace.hostAddress();
  }

  /** The address of the client's side, in the namespace. */
  String clientAddress() {
    return namespace.innerAddress();
  }

  /** The host side of the link, where the shaping is and where captures listen. */
  String hostLink() {
    return namespace.device(End.HOST);
  }

  /** Runs {@code command} in the client's namespace and returns its output; fails unless 0. */
  String inNamespace(String... command) {
    return namespace.exec(command);
  }

  /** {@code command} prefixed so that it runs in the client's namespace, for a long-running one. */
  List<String> inNamespaceCommand(List<String> command) {
    return namespace.command(command);
  }

  /**
   * Sends one UDP datagram carrying {@code payload} from the client's namespace to {@code target}
   * (with bash's {@code /dev/udp}): it enters the host end, so none of the HTB classes, which shape
   * what leaves the host end, counts it. A capture's probe on {@link #hostLink()}.
   */
  void sendDatagram(InetSocketAddress target, String payload) {
    namespace.exec(
        "bash",
        "-c",
        "printf %s \"$0\" > \"/dev/udp/$1/$2\"",
        payload,
        target.getAddress().getHostAddress(),
        Integer.toString(target.getPort()));
  }

  /** What each HTB class has sent so far. */
  Map<String, NetworkNamespace.ClassStats> classStats() {
    return namespace.htbClasses(End.HOST);
  }

  /** Removes the namespace and with it the veth pair; never throws. */
  @Override
  public void close() {
    namespace.close();
  }

  @Override
  public String toString() {
    return "DiffServLab{" + namespace + "}";
  }
}

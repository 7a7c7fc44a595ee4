package io.wsqos.testing.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.wsqos.testing.Prerequisites;
import io.wsqos.testing.net.NetworkNamespace.End;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardProtocolFamily;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class NetworkNamespaceTest {

  private static void assumeNamespaces() {
    Prerequisites.assume(NetworkNamespace.unavailableReason("tc"));
  }

  @Test
  void theInnerEndHasItsAddressInsideAndReachesTheHostEnd() {
    assumeNamespaces();

    try (NetworkNamespace ns = NetworkNamespace.create("nstest")) {
      String inside = ns.exec("ip", "-4", "-o", "addr", "show", "dev", ns.device(End.INNER));
      String route = ns.exec("ip", "-4", "route", "get", ns.hostAddress());

      assertThat(ns.name()).startsWith("wsqos-nstest-");
      assertThat(inside).contains("inet " + ns.innerAddress() + "/30");
      assertThat(route).contains("dev " + ns.device(End.INNER));
      assertThat(ns.hostAddress()).startsWith("198.1");
    }
  }

  @Test
  void closeDeletesTheNamespaceAndThePair() {
    assumeNamespaces();
    NetworkNamespace ns = NetworkNamespace.create("nstest");
    String hostDevice = ns.device(End.HOST);

    ns.close();
    ns.close();

    assertThat(ns.exists()).isFalse();
    assertThat(Files.exists(Path.of("/sys/class/net", hostDevice))).isFalse();
  }

  @Test
  void anHtbClassCountsWhatItsDsFieldFilterSendsIt() throws IOException {
    assumeNamespaces();

    try (NetworkNamespace ns = NetworkNamespace.create("nstest")) {
      ns.tc(End.HOST, "qdisc", "add", "root", "handle", "1:", "htb", "default", "20");
      ns.tc(End.HOST, "class", "add", "parent", "1:", "classid", "1:10", "htb", "rate", "10mbit");
      ns.tc(End.HOST, "class", "add", "parent", "1:", "classid", "1:20", "htb", "rate", "10mbit");
      ns.dsFieldFilter(End.HOST, 0x28, "1:10");
      send(ns.innerAddress(), 0x28, 3);
      send(ns.innerAddress(), 0, 2);

      assertThat(ns.htbClasses(End.HOST).get("1:10").packets()).isEqualTo(3);
      assertThat(ns.htbClasses(End.HOST).get("1:20").packets()).isGreaterThanOrEqualTo(2);
      assertThat(ns.tcStats(End.HOST, "qdisc")).contains("qdisc htb 1:");
    }
  }

  /** UDP datagrams with {@code tos} from the root namespace into the namespace (none listens). */
  private static void send(String address, int tos, int datagrams) throws IOException {
    // An IPv4 channel: on JDK 17 a dual-stack socket's IP_TOS does not reach IPv4 packets.
    try (DatagramChannel channel = DatagramChannel.open(StandardProtocolFamily.INET)) {
      channel.setOption(StandardSocketOptions.IP_TOS, tos);
      for (int i = 0; i < datagrams; i++) {
        channel.send(ByteBuffer.wrap(new byte[] {1}), new InetSocketAddress(address, 9));
      }
    }
  }

  @Test
  void aPrefixThatCannotNameADeviceIsRefused() {
    assertThatThrownBy(() -> NetworkNamespace.create("Bad-Prefix"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("prefix: 'Bad-Prefix'");
  }
}

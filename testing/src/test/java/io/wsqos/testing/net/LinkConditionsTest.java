package io.wsqos.testing.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.wsqos.testing.Prerequisites;
import io.wsqos.testing.net.NetworkNamespace.End;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.DatagramPacket;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.StandardProtocolFamily;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class LinkConditionsTest {

  private static final int ECHO_PORT = 7;
  private static final int DATAGRAMS = 1_000;
  private static final int BATCH = 50;
  private static final int DATAGRAM_BYTES = 8;

  /** How long an echo may take before its datagram counts as lost: far above a veth's. */
  private static final Duration ECHO_WAIT = Duration.ofMillis(300);

  private static void assumeNamespaces() {
    Prerequisites.assume(NetworkNamespace.unavailableReason("tc", "nft", "socat"));
  }

  @Test
  void eachDirectionLosesAboutItsShareOfDatagrams() throws Exception {
    assumeNamespaces();
    try (NetworkNamespace ns = NetworkNamespace.create("lctest");
        UdpEcho echo = UdpEcho.start(ns)) {
      ns.impose(End.HOST, LinkConditions.NONE.withLossPercent(20));
      int intoLossy = echo.echoed(DATAGRAMS);
      long droppedInto = ns.droppedPackets(End.HOST);
      ns.impose(End.HOST, LinkConditions.NONE);
      ns.impose(End.INNER, LinkConditions.NONE.withLossPercent(20));
      int outOfLossy = echo.echoed(DATAGRAMS);
      long droppedOutOf = ns.droppedPackets(End.INNER);
      ns.impose(End.INNER, LinkConditions.NONE);
      int clear = echo.echoed(DATAGRAMS);

      // 20% of 1000 independent drops: 200 expected, 12.6 standard deviation; the bounds are 8.
      assertThat(intoLossy).isBetween(700, 900);
      assertThat(outOfLossy).isBetween(700, 900);
      assertThat(droppedInto).isEqualTo(DATAGRAMS - intoLossy);
      // An echo may carry several datagrams (socat's pipe joins them): fewer packets than lost.
      assertThat(droppedOutOf).isPositive().isLessThanOrEqualTo(DATAGRAMS - outOfLossy);
      assertThat(clear).isEqualTo(DATAGRAMS);
    }
  }

  @Test
  void tcpRetransmitsWhatALossyLinkDropsAndDeliversEveryByte() throws Exception {
    assumeNamespaces();
    byte[] sent = new byte[256 * 1024];
    new Random(43).nextBytes(sent);
    Path file = Files.write(Files.createTempFile("lossy-link", ".bin"), sent);
    try (NetworkNamespace ns = NetworkNamespace.create("lctest")) {
      // The namespace sends the bytes through its lossy end and closes: no echo, whose half-close
      // socat would cut short after 0.5 s while retransmissions are still under way.
      Process echo =
          new ProcessBuilder(
                  ns.command(
                      List.of(
                          "socat",
                          "-u",
                          "OPEN:" + file,
                          "TCP4-LISTEN:"
                              + ECHO_PORT
                              + ",bind="
                              + ns.innerAddress()
                              + ",reuseaddr")))
              .redirectErrorStream(true)
              .redirectOutput(ProcessBuilder.Redirect.DISCARD)
              .start();
      try {
        awaitListening(ns);
        long before = retransmittedSegments(ns);
        ns.impose(End.INNER, LinkConditions.NONE.withLossPercent(10));
        byte[] received = receive(new InetSocketAddress(ns.innerAddress(), ECHO_PORT));

        assertThat(received).isEqualTo(sent);
        // Over 180 full segments sent at 10% loss: no retransmission has a chance below 1e-8.
        assertThat(retransmittedSegments(ns) - before).isPositive();
        assertThat(ns.droppedPackets(End.INNER)).isPositive();
      } finally {
        echo.destroy();
        echo.waitFor(10, TimeUnit.SECONDS);
      }
    } finally {
      Files.delete(file);
    }
  }

  /** Reads what {@code from} sends until it closes. */
  private static byte[] receive(InetSocketAddress from) throws IOException {
    try (Socket socket = new Socket()) {
      socket.connect(from, 10_000);
      socket.setSoTimeout(60_000);
      return socket.getInputStream().readAllBytes();
    }
  }

  @Test
  void aRateLimitIsATokenBucketOnTheSenderRemovedWithNone() {
    assumeNamespaces();
    try (NetworkNamespace ns = NetworkNamespace.create("lctest")) {
      ns.impose(End.INNER, LinkConditions.NONE.withRateBitsPerSecond(40_200));
      ns.impose(End.HOST, LinkConditions.NONE.withRateBitsPerSecond(11_000_000));

      assertThat(ns.tcStats(End.INNER, "qdisc")).contains("qdisc tbf").contains("rate 40200bit");
      assertThat(ns.tcStats(End.HOST, "qdisc")).contains("qdisc tbf").contains("rate 11Mbit");
      assertThat(ns.conditions(End.HOST).rateBitsPerSecond()).isEqualTo(11_000_000);

      ns.impose(End.INNER, LinkConditions.NONE);
      ns.impose(End.HOST, LinkConditions.NONE.withRateBitsPerSecond(1_000_000));

      assertThat(ns.tcStats(End.INNER, "qdisc")).doesNotContain("tbf");
      assertThat(ns.tcStats(End.HOST, "qdisc")).contains("rate 1Mbit");
    }
  }

  @Test
  void removingAndClosingLeaveNoRuleQdiscOrRelayBehind() throws Exception {
    assumeNamespaces();
    NetworkNamespace ns = NetworkNamespace.create("lctest");
    String hostDevice = ns.device(End.HOST);
    InetSocketAddress relay;
    try (ServerSocket target = new ServerSocket(0)) {
      LinkConditions lossy = new LinkConditions(5, 1_000_000, Duration.ofMillis(20));
      ns.impose(End.HOST, lossy);
      ns.impose(End.INNER, lossy);
      ns.impose(End.HOST, LinkConditions.NONE);

      assertThat(ns.exec("nft", "list", "ruleset")).doesNotContain("numgen");
      assertThat(NetworkNamespace.run("nft", "list", "ruleset")).contains(hostDevice);

      relay =
          ns.delayRelayTo(new InetSocketAddress(ns.hostAddress(), target.getLocalPort())).address();
      ns.close();
    }

    assertThat(NetworkNamespace.run("nft", "list", "ruleset")).doesNotContain(hostDevice);
    assertThat(ns.exists()).isFalse();
    assertThat(Files.exists(Path.of("/sys/class/net", hostDevice))).isFalse();
    assertThatThrownBy(() -> new Socket(relay.getAddress(), relay.getPort()).close())
        .isInstanceOf(IOException.class);
  }

  @Test
  void aRelayStartedAfterwardsCarriesEveryByteBothWays() throws Exception {
    assumeNamespaces();
    byte[] sent = "relayed".repeat(1_000).getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    try (NetworkNamespace ns = NetworkNamespace.create("lctest");
        ServerSocket target = new ServerSocket(0)) {
      ns.impose(End.HOST, LinkConditions.NONE.withDelay(Duration.ofMillis(10)));
      ns.impose(End.INNER, LinkConditions.NONE.withDelay(Duration.ofMillis(5)));
      Thread server = new Thread(() -> echoOne(target), "echo");
      server.start();
      DelayRelay relay = ns.delayRelayTo(new InetSocketAddress("127.0.0.1", target.getLocalPort()));

      assertThat(relay.address().getAddress().getHostAddress()).isEqualTo(ns.hostAddress());
      assertThat(exchange(relay.address(), sent)).isEqualTo(sent);
      server.join(10_000);
    }
  }

  @Test
  void refusesConditionsNoLinkCanHave() {
    assertThatThrownBy(() -> LinkConditions.NONE.withLossPercent(-1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("lossPercent: -1.0 (expected: 0..100)");
    assertThatThrownBy(() -> LinkConditions.NONE.withLossPercent(Double.NaN))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> LinkConditions.NONE.withRateBitsPerSecond(999))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("rateBitsPerSecond: 999 (expected: 0 for no limit, or >= 1000)");
    assertThatThrownBy(() -> LinkConditions.NONE.withDelay(Duration.ofNanos(1_500_000)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("whole milliseconds");
    assertThatThrownBy(() -> LinkConditions.NONE.withDelay(Duration.ofMillis(-1)))
        .isInstanceOf(IllegalArgumentException.class);
    assertThat(LinkConditions.NONE.withLossPercent(0.004).lossy()).isFalse();
    assertThat(LinkConditions.NONE.withLossPercent(0.01).lossPerTenThousand()).isEqualTo(1);
  }

  private static void echoOne(ServerSocket listener) {
    try (Socket s = listener.accept();
        InputStream in = s.getInputStream();
        OutputStream out = s.getOutputStream()) {
      in.transferTo(out);
    } catch (IOException e) {
      // The test failed elsewhere; nothing to echo to.
    }
  }

  /** Sends {@code bytes}, half-closes, and reads the answer to its end. */
  private static byte[] exchange(InetSocketAddress to, byte[] bytes) throws IOException {
    try (Socket socket = new Socket()) {
      socket.connect(to, 10_000);
      socket.setSoTimeout(60_000);
      // Written on its own thread: the echo fills the socket's buffers long before the end.
      Thread writer =
          new Thread(
              () -> {
                try {
                  socket.getOutputStream().write(bytes);
                  socket.shutdownOutput();
                } catch (IOException e) {
                  // The read below fails too.
                }
              },
              "writer");
      writer.start();
      byte[] answer = socket.getInputStream().readAllBytes();
      try {
        writer.join(60_000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      return answer;
    }
  }

  private static void awaitListening(NetworkNamespace ns) throws InterruptedException {
    for (int i = 0; i < 100; i++) {
      if (ns.exec("ss", "-ltn").contains(ns.innerAddress() + ":" + ECHO_PORT)) {
        return;
      }
      Thread.sleep(50);
    }
    throw new IllegalStateException("socat does not listen inside " + ns);
  }

  private static final Pattern TCP_LINE = Pattern.compile("(?m)^Tcp: (\\d.*)$");

  /** The namespace's own TCP RetransSegs ({@code /proc/net/snmp} is per namespace). */
  private static long retransmittedSegments(NetworkNamespace ns) {
    String snmp = ns.exec("cat", "/proc/net/snmp");
    String header = snmp.lines().filter(l -> l.startsWith("Tcp: R")).findFirst().orElseThrow();
    Matcher values = TCP_LINE.matcher(snmp);
    if (!values.find()) {
      throw new IllegalStateException("no Tcp values in " + snmp);
    }
    List<String> names = Arrays.asList(header.split(" "));
    return Long.parseLong(values.group(0).split(" ")[names.indexOf("RetransSegs")]);
  }

  /** socat echoing UDP datagrams inside a namespace, and a channel sending them from outside. */
  private record UdpEcho(Process socat, DatagramChannel channel, InetSocketAddress at)
      implements AutoCloseable {

    static UdpEcho start(NetworkNamespace ns) throws IOException {
      InetSocketAddress at = new InetSocketAddress(ns.innerAddress(), ECHO_PORT);
      Process socat =
          new ProcessBuilder(
                  ns.command(
                      List.of(
                          "socat",
                          "UDP4-LISTEN:" + ECHO_PORT + ",bind=" + ns.innerAddress(),
                          "PIPE")))
              .redirectErrorStream(true)
              .redirectOutput(ProcessBuilder.Redirect.DISCARD)
              .start();
      DatagramChannel channel = DatagramChannel.open(StandardProtocolFamily.INET);
      UdpEcho echo = new UdpEcho(socat, channel, at);
      try {
        channel.socket().setSoTimeout((int) ECHO_WAIT.toMillis());
        // Until socat listens, and has taken this channel as its peer, nothing comes back.
        for (int i = 0; i < 100 && echo.echoed(1) == 0; i++) {
          if (!socat.isAlive()) {
            throw new IllegalStateException("socat ended: exit " + socat.exitValue());
          }
        }
        return echo;
      } catch (IOException | RuntimeException e) {
        echo.close();
        throw e;
      }
    }

    /**
     * Sends {@code n} numbered datagrams of {@value #DATAGRAM_BYTES} bytes in batches and counts
     * those that come back: by their bytes, as socat's pipe may join several in one echo.
     */
    int echoed(int n) throws IOException {
      int received = 0;
      ByteBuffer in = ByteBuffer.allocate(BATCH * DATAGRAM_BYTES);
      for (int first = 0; first < n; first += BATCH) {
        int batch = Math.min(BATCH, n - first);
        for (int i = 0; i < batch; i++) {
          channel.send(ByteBuffer.allocate(DATAGRAM_BYTES).putLong(0, first + i), at);
        }
        int got = 0;
        try {
          while (got < batch) {
            DatagramPacket packet = new DatagramPacket(in.array(), in.capacity());
            channel.socket().receive(packet);
            got += packet.getLength() / DATAGRAM_BYTES;
          }
        } catch (SocketTimeoutException lost) {
          // The rest of the batch is lost.
        }
        received += got;
      }
      return received;
    }

    @Override
    public void close() throws IOException {
      channel.close();
      socat.destroy();
      try {
        socat.waitFor(10, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }
}

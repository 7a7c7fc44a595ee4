package io.wsqos.proxy;

import static io.wsqos.core.header.TransportPriority.ASSURED;
import static io.wsqos.core.header.TransportPriority.BEST_EFFORT;
import static io.wsqos.core.header.TransportPriority.EXPEDITED;
import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.wsqos.core.entitlement.PriorityEntitlement;
import io.wsqos.proxy.PacketCapture.Segment;
import io.wsqos.server.EmbeddedServer;
import io.wsqos.testing.Closer;
import io.wsqos.testing.net.NetworkNamespace.ClassStats;
import io.wsqos.testing.service.EchoService;
import io.wsqos.testing.service.EchoServiceImpl;
import java.io.IOException;
import java.net.InetAddress;
import java.net.StandardProtocolFamily;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The marks on the wire: a client in a network namespace ({@code curl}, one kept-alive connection)
 * calls a server of this JVM across a veth link shaped by HTB with u32 filters on the DS field;
 * each test checks the bytes each class forwarded ({@code tc -s class show}) and the DSCP of every
 * data segment of the responses as {@code tshark} captured them (its probes come from the
 * namespace, so that no class counts them). Runs as root; skipped, saying why, elsewhere.
 */
class DiffServWireTest {

  /** Characters of each response: some 140 segments, far more than the ACKs beside them. */
  private static final int CHARS = 200_000;

  private static final int AF = DscpMapping.DEFAULT_ASSURED_DSCP;

  @TempDir Path dir;

  private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
  @RegisterExtension final Closer resources = new Closer();

  @Test
  void assuredResponsesLeaveInTheAfClassAndTheNextUnmarkedOneInBestEffort() throws Exception {
    DiffServLab lab = lab();
    EmbeddedServer server = server(lab, feature -> {}, true);
    PacketCapture capture = capture(lab, server);

    List<Exchange> exchanges =
        post(
            lab,
            server,
            Requests.text(CHARS, ASSURED),
            Requests.text(CHARS),
            Requests.text(CHARS, ASSURED),
            Requests.text(CHARS, BEST_EFFORT));

    assertOneConnection(exchanges);
    assertThat(exchanges.get(0).body()).contains("<qos:grantedPriority>assured<");
    assertThat(exchanges.get(1).body()).contains("<qos:grantedPriority>best-effort<");
    assertThat(dscps(captured(capture, exchanges))).containsExactly(AF, 0, AF, 0);
    Map<String, ClassStats> stats = lab.classStats();
    assertThat(stats.get(DiffServLab.AF_CLASS).bytes()).isBetween(2L * CHARS, 3L * CHARS);
    assertThat(stats.get(DiffServLab.BE_CLASS).bytes()).isGreaterThan(2L * CHARS);
    assertThat(stats.get(DiffServLab.EF_CLASS).packets()).isZero();
  }

  @Test
  void aForgedClassIsClampedToTheClientsEntitlementOnTheWire() throws Exception {
    DiffServLab lab = lab();
    EmbeddedServer server =
        server(
            lab,
            feature ->
                feature.entitlement(
                    PriorityEntitlement.of(Map.of(lab.clientAddress(), ASSURED), BEST_EFFORT)),
            true);
    PacketCapture capture = capture(lab, server);

    List<Exchange> exchanges =
        post(lab, server, Requests.text(CHARS, EXPEDITED), Requests.text(CHARS, EXPEDITED));

    assertOneConnection(exchanges);
    assertThat(exchanges.get(0).body())
        .contains("<qos:grantedPriority>assured</qos:grantedPriority>")
        .contains("<qos:clampedFrom>expedited</qos:clampedFrom>");
    assertThat(dscps(captured(capture, exchanges))).containsExactly(AF);
    Map<String, ClassStats> stats = lab.classStats();
    assertThat(stats.get(DiffServLab.EF_CLASS).packets()).isZero();
    assertThat(stats.get(DiffServLab.AF_CLASS).bytes()).isGreaterThan(2L * CHARS);
    assertThat(
            registry
                .get(DscpMarkingFeature.CLAMPED_COUNTER)
                .tag("requested", "expedited")
                .tag("granted", "assured")
                .counter()
                .count())
        .isEqualTo(2);
  }

  @Test
  void aClientEntitledToNothingMoreIsSentBestEffortWhateverItAsks() throws Exception {
    DiffServLab lab = lab();
    EmbeddedServer server =
        server(
            lab, feature -> feature.entitlement(PriorityEntitlement.everyone(BEST_EFFORT)), true);
    PacketCapture capture = capture(lab, server);

    List<Exchange> exchanges =
        post(lab, server, Requests.text(CHARS, ASSURED), Requests.text(CHARS, EXPEDITED));

    assertOneConnection(exchanges);
    assertThat(exchanges.get(1).body()).contains("<qos:clampedFrom>expedited</qos:clampedFrom>");
    assertThat(dscps(captured(capture, exchanges))).containsExactly(0);
    Map<String, ClassStats> stats = lab.classStats();
    assertThat(stats.get(DiffServLab.AF_CLASS).packets()).isZero();
    assertThat(stats.get(DiffServLab.EF_CLASS).packets()).isZero();
    assertThat(stats.get(DiffServLab.BE_CLASS).bytes()).isGreaterThan(2L * CHARS);
  }

  @Test
  void aFaultAfterAMarkedResponseLeavesInTheConnectionsOwnClass() throws Exception {
    DiffServLab lab = lab();
    EmbeddedServer server = server(lab, feature -> {}, true);
    PacketCapture capture = capture(lab, server);

    List<Exchange> exchanges =
        post(
            lab,
            server,
            Requests.text(CHARS, ASSURED),
            Requests.echo(EchoServiceImpl.FAULT, ASSURED));

    assertOneConnection(exchanges.subList(0, 1));
    assertThat(exchanges.get(1).status()).isEqualTo(500);
    assertThat(exchanges.get(1).newConnections()).isZero();
    assertThat(exchanges.get(1).body()).contains("Fault");
    assertThat(dscps(captured(capture, exchanges))).containsExactly(AF, 0);
  }

  @Test
  void aDualStackServerMarksIpv4PacketsOnlyFromJdk21() throws Exception {
    DiffServLab lab = lab();
    EmbeddedServer server = server(lab, feature -> {}, false);
    PacketCapture capture = capture(lab, server);

    List<Exchange> exchanges =
        post(lab, server, Requests.text(CHARS, ASSURED), Requests.text(CHARS));

    assertOneConnection(exchanges);
    if (Runtime.version().feature() >= 21) {
      assertThat(dscps(captured(capture, exchanges))).containsExactly(AF, 0);
    } else {
      // What the README tells JDK 17 users to avoid: the option is accepted and reported back,
      // and both responses' IPv4 packets leave unmarked all the same, one run of DSCP 0
      // (JDK-8303509). Should this JDK have the fix, the README's advice can be relaxed for it.
      assertThat(dscps(captured(capture, exchanges)))
          .as("JDK %s on a dual-stack channel (JDK-8303509)", Runtime.version())
          .containsExactly(0);
    }
  }

  @Test
  void theStandaloneProxyMarksResponsesTowardsTheClientAndRequestsTowardsTheService()
      throws Exception {
    DiffServLab lab = lab();
    EmbeddedServer service =
        EmbeddedServer.builder()
            .protocolFamily(StandardProtocolFamily.INET)
            .daemonThreads(true)
            .endpoint("/echo", EchoService.class, new EchoServiceImpl())
            .start();
    resources.add(service);
    QosReverseProxy proxy =
        QosReverseProxy.builder(URI.create(service.address()))
            .host(lab.hostAddress())
            .protocolFamily(StandardProtocolFamily.INET)
            .daemonThreads(true)
            .meterRegistry(registry)
            .start();
    resources.add(proxy);
    PacketCapture towardsClient = capture(lab, "tcp src port " + proxy.port());
    PacketCapture towardsService =
        capture(PacketCapture.onLoopback("tcp dst port " + service.port()));
    byte[][] requests = {
      Requests.text(CHARS, ASSURED), Requests.text(CHARS), Requests.text(CHARS, ASSURED)
    };

    List<Exchange> exchanges = post(lab, proxy.address() + "/echo", requests);

    assertOneConnection(exchanges);
    assertThat(exchanges.get(0).body()).contains(EchoServiceImpl.textOf(CHARS));
    assertThat(dscps(captured(towardsClient, exchanges))).containsExactly(AF, 0, AF);
    long requestBytes = 0;
    for (byte[] request : requests) {
      requestBytes += request.length;
    }
    List<Segment> upstream = towardsService.capturedSoFar();
    assertThat(PacketCapture.bytes(upstream)).isGreaterThanOrEqualTo(requestBytes);
    assertThat(upstream).extracting(Segment::dscp).containsExactly(AF, 0, AF);
    assertThat(lab.classStats().get(DiffServLab.AF_CLASS).bytes())
        .isBetween(2L * CHARS, 3L * CHARS);
  }

  // ----- fixtures -----

  private DiffServLab lab() {
    DiffServLab lab = DiffServLab.open(DscpMapping.defaults());
    resources.add(lab);
    return lab;
  }

  private EmbeddedServer server(
      DiffServLab lab, Consumer<DscpMarkingFeature.Builder> configure, boolean ipv4) {
    DscpMarkingFeature.Builder feature = DscpMarkingFeature.builder().meterRegistry(registry);
    configure.accept(feature);
    EmbeddedServer.Builder builder =
        EmbeddedServer.builder()
            .host(lab.hostAddress())
            .daemonThreads(true)
            .endpoint("/echo", EchoService.class, new EchoServiceImpl(), feature.build());
    if (ipv4) {
      builder.protocolFamily(StandardProtocolFamily.INET);
    }
    EmbeddedServer server = builder.start();
    resources.add(server);
    return server;
  }

  private PacketCapture capture(DiffServLab lab, EmbeddedServer server) throws IOException {
    return capture(lab, "tcp src port " + server.port());
  }

  private PacketCapture capture(DiffServLab lab, String filter) throws IOException {
    return capture(
        PacketCapture.start(
            lab.hostLink(), filter, InetAddress.getByName(lab.hostAddress()), lab::sendDatagram));
  }

  private PacketCapture capture(PacketCapture capture) {
    resources.add(capture);
    return capture;
  }

  /**
   * One exchange of a curl run: whether it opened a connection, its status, the bytes of its
   * response (head and body), its body.
   */
  record Exchange(int newConnections, int status, long responseBytes, String body) {}

  /**
   * Posts {@code bodies} one after the other from the namespace with one curl, which keeps the
   * connection alive between them.
   */
  private List<Exchange> post(DiffServLab lab, EmbeddedServer server, byte[]... bodies)
      throws IOException {
    return post(lab, server.address("/echo"), bodies);
  }

  private List<Exchange> post(DiffServLab lab, String url, byte[]... bodies) throws IOException {
    List<String> command = new ArrayList<>(List.of("curl"));
    for (int i = 0; i < bodies.length; i++) {
      Path request = Files.write(dir.resolve("request-" + i + ".xml"), bodies[i]);
      if (i > 0) {
        command.add("--next");
      }
      command.addAll(
          List.of(
              "-sS",
              "--http1.1",
              "-H",
              "Content-Type: text/xml; charset=UTF-8",
              "-H",
              "SOAPAction: \"\"",
              "-H",
              "Expect:",
              "--data-binary",
              "@" + request,
              "-o",
              dir.resolve("response-" + i + ".xml").toString(),
              "-w",
              "%{num_connects} %{http_code} %{size_header} %{size_download}\\n",
              url));
    }
    String[] lines = lab.inNamespace(command.toArray(String[]::new)).trim().split("\n");
    assertThat(lines).hasSize(bodies.length);
    List<Exchange> exchanges = new ArrayList<>();
    for (int i = 0; i < bodies.length; i++) {
      String[] parts = lines[i].trim().split(" ");
      exchanges.add(
          new Exchange(
              Integer.parseInt(parts[0]),
              Integer.parseInt(parts[1]),
              Long.parseLong(parts[2]) + Long.parseLong(parts[3]),
              Files.readString(dir.resolve("response-" + i + ".xml"), StandardCharsets.UTF_8)));
    }
    return exchanges;
  }

  private static void assertOneConnection(List<Exchange> exchanges) {
    assertThat(exchanges.get(0).newConnections()).isEqualTo(1);
    for (Exchange exchange : exchanges.subList(1, exchanges.size())) {
      assertThat(exchange.newConnections()).isZero();
    }
    for (Exchange exchange : exchanges) {
      assertThat(exchange.status()).isEqualTo(200);
    }
  }

  /**
   * The runs of DSCPs captured of the responses, checking that the capture holds every byte of them
   * (the chunks' sizes add some).
   */
  private static List<Segment> captured(PacketCapture capture, List<Exchange> exchanges) {
    List<Segment> segments = capture.capturedSoFar();
    List<Segment> runs = PacketCapture.runs(segments);
    assertThat(PacketCapture.bytes(segments))
        .as("data bytes captured, in runs %s", runs)
        .isGreaterThanOrEqualTo(exchanges.stream().mapToLong(Exchange::responseBytes).sum());
    return runs;
  }

  private static List<Integer> dscps(List<Segment> runs) {
    return runs.stream().map(Segment::dscp).toList();
  }
}

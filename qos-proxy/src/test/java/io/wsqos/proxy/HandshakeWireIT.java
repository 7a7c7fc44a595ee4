package io.wsqos.proxy;

import static io.wsqos.core.header.TransportPriority.ASSURED;
import static io.wsqos.core.header.TransportPriority.BEST_EFFORT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.wsqos.proxy.DscpClientMarkingTest.RequirementWriter;
import io.wsqos.proxy.PacketCapture.Handshake;
import io.wsqos.server.EmbeddedServer;
import io.wsqos.testing.ChildJvm;
import io.wsqos.testing.Closer;
import io.wsqos.testing.Prerequisites;
import io.wsqos.testing.net.LinuxHost;
import io.wsqos.testing.service.EchoService;
import io.wsqos.testing.service.EchoServiceImpl;
import java.net.InetAddress;
import java.net.StandardProtocolFamily;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.regex.Pattern;
import org.apache.cxf.frontend.ClientProxy;
import org.apache.cxf.jaxws.JaxWsProxyFactoryBean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A marked client's handshake with the proxy, on the wire. The proxy marks what it writes for a
 * request; a connection's SYN-ACK goes out before any request, with the listening socket's TOS,
 * which Java cannot set on a server socket channel. Linux answers a SYN in the SYN's own DSCP where
 * {@code net.ipv4.tcp_reflect_tos} is set, and {@link DscpClientMarking} marks its connections
 * before they connect: together, a client asking for a class is answered in it from the first
 * packet. The proxy runs in its own JVM in a network namespace (the setting is per namespace), the
 * client in this JVM outside, and tshark captures the handshakes on the link between them. Runs on
 * JDK 17 and 25 where namespaces can be made (failed under CI where they cannot: {@link
 * Prerequisites}); skipped, saying why, on a kernel without the setting. Run by failsafe.
 */
class HandshakeWireIT {

  private static final int AF = DscpMapping.DEFAULT_ASSURED_DSCP;
  private static final String REFLECT_TOS = "net.ipv4.tcp_reflect_tos";
  private static final Duration START_TIMEOUT = Duration.ofSeconds(60);
  private static final Pattern LISTENING = Pattern.compile("^wsqos-proxy listening on (\\S+)");

  @TempDir Path dir;

  @RegisterExtension final Closer resources = new Closer();

  @Test
  void aMarkedClientsHandshakeIsAnsweredInItsClassWhereTheProxysHostReflectsIt() throws Exception {
    Prerequisites.assume(LinuxHost.missingTools("sysctl"));
    DiffServLab lab = DiffServLab.open(DscpMapping.defaults());
    resources.add(lab);
    // A kernel older than 5.10 has no such setting, and no installation gives it one: a skip, even
    // under CI.
    String why = whyNoReflectSetting(lab);
    assumeTrue(why == null, () -> "handshake wire test skipped: " + why);
    lab.inNamespace("sysctl", "-w", REFLECT_TOS + "=1");
    EmbeddedServer service =
        EmbeddedServer.builder()
            .host(lab.hostAddress())
            .protocolFamily(StandardProtocolFamily.INET)
            .daemonThreads(true)
            .endpoint("/echo", EchoService.class, new EchoServiceImpl())
            .start();
    resources.add(service);
    String proxy = startProxy(lab, "http://" + lab.hostAddress() + ":" + service.port());
    PacketCapture capture =
        PacketCapture.start(
            lab.hostLink(),
            "tcp port " + port(proxy),
            InetAddress.getByName(lab.hostAddress()),
            lab::sendDatagram);
    resources.add(capture);

    // An assured call, then a best-effort one: each class has its own connection, marked (or
    // not) before it connects.
    try (DscpClientMarking marking = marking()) {
      RequirementWriter requirement = new RequirementWriter();
      EchoService client = client(marking, proxy, requirement);
      requirement.priority = ASSURED;
      assertThat(client.length("assured")).isEqualTo(7);
      requirement.priority = BEST_EFFORT;
      assertThat(client.length("best effort")).isEqualTo(11);
    }
    // Without the setting, the same assured client's SYN is answered unmarked.
    lab.inNamespace("sysctl", "-w", REFLECT_TOS + "=0");
    try (DscpClientMarking marking = marking()) {
      RequirementWriter requirement = new RequirementWriter();
      requirement.priority = ASSURED;
      assertThat(client(marking, proxy, requirement).length("again")).isEqualTo(5);
    }

    assertThat(capture.handshakesSoFar())
        .containsExactly(
            new Handshake(AF, false),
            new Handshake(AF, true),
            new Handshake(0, false),
            new Handshake(0, true),
            new Handshake(AF, false),
            new Handshake(0, true));
  }

  /** Why the namespace's {@code tcp_reflect_tos} cannot be read, or null if it can. */
  private static String whyNoReflectSetting(DiffServLab lab) {
    try {
      lab.inNamespace("sysctl", "-n", REFLECT_TOS);
      return null;
    } catch (IllegalStateException e) {
      return REFLECT_TOS + " unreadable (Linux 5.10 or later needed): " + e.getMessage();
    }
  }

  /** Starts {@code ProxyMain} in the namespace in front of {@code upstream}; returns its URL. */
  private String startProxy(DiffServLab lab, String upstream) {
    ChildJvm proxy =
        resources.add(
            ChildJvm.builder(ProxyMain.class)
                .name("proxy")
                .jvmOptions("-Xmx128m", "-XX:+UseSerialGC")
                .args("--target", upstream, "--host", lab.clientAddress(), "--ipv4")
                .wrappedBy(lab::inNamespaceCommand)
                .logDirectory(dir)
                .readyLine(LISTENING)
                .startTimeout(START_TIMEOUT)
                .start());
    return proxy.ready().group(1);
  }

  private static int port(String url) {
    return URI.create(url).getPort();
  }

  private static DscpClientMarking marking() {
    return DscpClientMarking.builder().protocolFamily(StandardProtocolFamily.INET).build();
  }

  private static EchoService client(
      DscpClientMarking marking, String proxy, RequirementWriter requirement) {
    JaxWsProxyFactoryBean factory = new JaxWsProxyFactoryBean();
    factory.setServiceClass(EchoService.class);
    factory.setAddress(proxy + "/echo");
    factory.getFeatures().add(marking.feature());
    EchoService client = factory.create(EchoService.class);
    ClientProxy.getClient(client).getOutInterceptors().add(requirement);
    return client;
  }
}

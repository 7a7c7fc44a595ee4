package io.wsqos.proxy;

import static io.wsqos.core.header.TransportPriority.ASSURED;
import static io.wsqos.core.header.TransportPriority.BEST_EFFORT;
import static io.wsqos.core.header.TransportPriority.EXPEDITED;
import static org.assertj.core.api.Assertions.assertThat;

import io.wsqos.proxy.DscpClientMarkingTest.RequirementWriter;
import io.wsqos.proxy.PacketCapture.Segment;
import io.wsqos.server.EmbeddedServer;
import io.wsqos.testing.Closer;
import io.wsqos.testing.Prerequisites;
import io.wsqos.testing.net.LinuxHost;
import io.wsqos.testing.service.EchoService;
import io.wsqos.testing.service.EchoServiceImpl;
import java.net.StandardProtocolFamily;
import java.util.List;
import org.apache.cxf.frontend.ClientProxy;
import org.apache.cxf.jaxws.JaxWsProxyFactoryBean;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A CXF client's requests on the wire, captured with tshark on the loopback: each request's packets
 * carry the DSCP of the class its {@code Requirement} asks for. Runs on JDK 17 and 25 (the module's
 * two surefire executions) with IPv4 channels; skipped with the reason where tshark cannot capture
 * ({@link LinuxHost#packetCaptureUnavailableReason}), failed for it under CI.
 */
class ClientMarkingWireTest {

  /** Characters of each request: dozens of segments each. */
  private static final int CHARS = 100_000;

  private static final int AF = DscpMapping.DEFAULT_ASSURED_DSCP;
  private static final int EF = DscpMapping.DEFAULT_EXPEDITED_DSCP;

  @RegisterExtension final Closer resources = new Closer();
  private EmbeddedServer server;

  @BeforeEach
  void start() {
    Prerequisites.assume(LinuxHost.packetCaptureUnavailableReason());
    server =
        EmbeddedServer.builder()
            .protocolFamily(StandardProtocolFamily.INET)
            .daemonThreads(true)
            .endpoint("/echo", EchoService.class, new EchoServiceImpl())
            .start();
    resources.add(server);
  }

  @Test
  void eachRequestLeavesWithTheDscpOfTheClassItAsksFor() {
    DscpClientMarking marking =
        DscpClientMarking.builder().protocolFamily(StandardProtocolFamily.INET).build();
    resources.add(marking);
    EchoService client = client(marking);
    RequirementWriter requirement = new RequirementWriter();
    ClientProxy.getClient(client).getOutInterceptors().add(requirement);
    PacketCapture capture = PacketCapture.onLoopback("tcp dst port " + server.port());
    resources.add(capture);
    String body = "r".repeat(CHARS);

    for (var priority : List.of(ASSURED, BEST_EFFORT, EXPEDITED, ASSURED)) {
      requirement.priority = priority;
      assertThat(client.length(body)).isEqualTo(CHARS);
    }

    List<Segment> runs = PacketCapture.runs(capture.capturedSoFar());
    assertThat(runs).extracting(Segment::dscp).containsExactly(AF, 0, EF, AF);
    // Each run is one whole request.
    assertThat(runs).allSatisfy(run -> assertThat(run.length()).isGreaterThan(CHARS));
  }

  private EchoService client(DscpClientMarking marking) {
    JaxWsProxyFactoryBean factory = new JaxWsProxyFactoryBean();
    factory.setServiceClass(EchoService.class);
    factory.setAddress(server.address() + "/echo");
    factory.getFeatures().add(marking.feature());
    return factory.create(EchoService.class);
  }
}

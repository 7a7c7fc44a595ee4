package io.wsqos.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.wsqos.core.entitlement.PriorityEntitlement;
import io.wsqos.core.header.TransportPriority;
import io.wsqos.server.EmbeddedServer;
import io.wsqos.testing.service.EchoService;
import io.wsqos.testing.service.EchoServiceImpl;
import java.net.StandardProtocolFamily;
import org.apache.cxf.frontend.ClientProxy;
import org.apache.cxf.jaxws.JaxWsProxyFactoryBean;
import org.junit.jupiter.api.Test;

/**
 * The QoS proxy README's Java snippets, each a region ({@code snippet-start} .. {@code
 * snippet-end}) run here on the loopback; the architecture module's {@code SnippetRegionsTest}
 * keeps the README's copy of each region equal to it.
 */
class ReadmeSnippetsTest {

  @Test
  void aMarkingServerAnswersAMarkingClient() {
    EchoService impl = new EchoServiceImpl();
    PriorityEntitlement entitlement = PriorityEntitlement.everyone(TransportPriority.ASSURED);
    MeterRegistry registry = new SimpleMeterRegistry();

    // snippet-start qos-proxy-readme-server
    DscpMarkingFeature dscp =
        DscpMarkingFeature.builder().entitlement(entitlement).meterRegistry(registry).build();
    EmbeddedServer server =
        EmbeddedServer.builder()
            .protocolFamily(StandardProtocolFamily.INET) // JDK 17-20: see below
            .endpoint("/echo", EchoService.class, impl, dscp)
            .start();
    // snippet-end qos-proxy-readme-server

    try (server) {
      // snippet-start qos-proxy-readme-client
      DscpClientMarking marking =
          DscpClientMarking.builder()
              .protocolFamily(StandardProtocolFamily.INET)
              .build(); // owns the connection pools
      JaxWsProxyFactoryBean factory = new JaxWsProxyFactoryBean();
      factory.setServiceClass(EchoService.class);
      factory.setAddress(server.address("/echo")); // e.g. http://10.0.0.5:8080/echo
      factory.getFeatures().add(marking.feature()); // requests marked by their Requirement
      EchoService echo = factory.create(EchoService.class); // the pools start here
      String answer = echo.echo("hello");
      ClientProxy.getClient(echo).destroy(); // the pools stop here
      // snippet-end qos-proxy-readme-client

      assertThat(answer).isEqualTo("echo: hello");
      assertThat(
              registry
                  .get(DscpMarkingFeature.RESPONSES_COUNTER)
                  .tag("class", "best-effort")
                  .counter()
                  .count())
          .isEqualTo(1);
      marking.close();
    }
  }
}

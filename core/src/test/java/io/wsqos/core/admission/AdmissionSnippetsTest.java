package io.wsqos.core.admission;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.wsqos.core.entitlement.PriorityEntitlement;
import io.wsqos.core.header.TransportPriority;
import io.wsqos.server.EmbeddedServer;
import io.wsqos.testing.RawHttp;
import io.wsqos.testing.service.EchoService;
import io.wsqos.testing.service.EchoServiceImpl;
import java.util.Map;
import org.apache.cxf.jaxws.JaxWsServerFactoryBean;
import org.junit.jupiter.api.Test;

/** The server README's admission snippets, regions that compile and run here. */
class AdmissionSnippetsTest {

  @Test
  void theEmbeddedServerSnippetServesThroughItsControl() {
    MeterRegistry registry = new SimpleMeterRegistry();
    EchoService impl = new EchoServiceImpl();

    // snippet-start readme-admission
    AdmissionControl control =
        AdmissionControl.builder() // a limit that follows the latency, from 20
            .entitlement(
                PriorityEntitlement.of(
                    Map.of("198.18.0.2", TransportPriority.EXPEDITED), TransportPriority.ASSURED))
            .share(TransportPriority.BEST_EFFORT, 0.1) // never starved below 10% of the limit
            .meterRegistry(registry)
            .build();
    try (EmbeddedServer server =
        EmbeddedServer.builder()
            .admission(AdmissionHandler.of(control)) // before the body is parsed
            .endpoint("/echo", EchoService.class, impl)
            .start()) {
      // snippet-end readme-admission
      RawHttp.Response response =
          RawHttp.postXml(server.address("/echo"), Envelopes.echo("hi", null));

      assertThat(response.status()).isEqualTo(200);
      assertThat(
              registry
                  .get(AdmissionControl.ADMITTED_COUNTER)
                  .tag("class", "best-effort")
                  .counter()
                  .count())
          .isEqualTo(1);
    }
  }

  @Test
  void theFeatureSnippetInstallsOnAFactory() {
    JaxWsServerFactoryBean factory = new JaxWsServerFactoryBean();

    // snippet-start readme-admission-feature
    factory.getFeatures().add(AdmissionControlFeature.of(AdmissionControl.builder()));
    // snippet-end readme-admission-feature

    assertThat(factory.getFeatures()).hasSize(1);
  }
}

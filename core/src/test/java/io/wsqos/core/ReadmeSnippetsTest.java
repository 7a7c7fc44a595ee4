package io.wsqos.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.wsqos.core.compression.CompressionFeature;
import io.wsqos.core.header.CompressionPreference;
import io.wsqos.core.header.WsQosEndpointBaseline;
import io.wsqos.core.header.WsQosHeaderFeature;
import io.wsqos.core.load.CpuLoadProbe;
import io.wsqos.core.load.LoadProbe;
import io.wsqos.core.load.ScriptedLoadProbe;
import io.wsqos.testing.CxfServerExtension;
import io.wsqos.testing.service.EchoService;
import io.wsqos.testing.service.EchoServiceImpl;
import jakarta.xml.ws.BindingProvider;
import java.time.Duration;
import org.apache.cxf.feature.Feature;
import org.apache.cxf.jaxws.JaxWsProxyFactoryBean;
import org.apache.cxf.jaxws.JaxWsServerFactoryBean;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The top README's Java snippets, each a region ({@code snippet-start} .. {@code snippet-end}) that
 * compiles here and runs in a test; the architecture module's {@code ReadmeSnippetsTest} keeps the
 * README's copy of each region equal to it.
 */
class ReadmeSnippetsTest {

  static final Feature someFeature = WsQosHeaderFeature.builder().build();

  // snippet-start readme-testing-extension
  @RegisterExtension
  static final CxfServerExtension server =
      CxfServerExtension.builder(EchoService.class, new EchoServiceImpl())
          .feature(someFeature)
          .toExtension();

  // snippet-end readme-testing-extension

  @Test
  void theTestKitsSnippetCallsItsServer() {
    // snippet-start readme-testing-client
    EchoService client = server.client(EchoService.class);
    // snippet-end readme-testing-client

    assertThat(client.echo("hi")).isEqualTo("echo: hi");
  }

  @Test
  void theHeaderPathSnippetInstallsOnAServerFactory() {
    JaxWsServerFactoryBean factory = new JaxWsServerFactoryBean();
    MeterRegistry registry = new SimpleMeterRegistry();

    // snippet-start readme-header-feature
    factory.getFeatures().add(WsQosHeaderFeature.builder().meterRegistry(registry).build());
    factory.getFeatures().add(new WsQosEndpointBaseline());
    // snippet-end readme-header-feature

    assertThat(factory.getFeatures()).hasSize(2);
  }

  @Test
  void theCompressionSnippetAddsTheFeatureOnBothSides() {
    MeterRegistry registry = new SimpleMeterRegistry();
    JaxWsServerFactoryBean serverFactory = new JaxWsServerFactoryBean();
    JaxWsProxyFactoryBean clientFactory = new JaxWsProxyFactoryBean();

    // snippet-start readme-compression
    // server: load-aware by default (CPU sampled every 200 ms, threshold 80 %, hysteresis 5 points)
    serverFactory.getFeatures().add(CompressionFeature.builder().meterRegistry(registry).build());

    // client: asks "server-decides" by default, inflates what comes back within the same limits
    clientFactory
        .getFeatures()
        .add(CompressionFeature.builder().clientPreference(CompressionPreference.COMPRESS).build());
    // snippet-end readme-compression

    assertThat(serverFactory.getFeatures()).hasSize(1);
    assertThat(clientFactory.getFeatures()).hasSize(1);
  }

  @Test
  void thePerCallPreferenceSnippetSetsTheRequestContext() {
    EchoService port = server.client(EchoService.class);

    // snippet-start readme-compression-per-call
    // one call with another preference
    ((BindingProvider) port)
        .getRequestContext()
        .put(CompressionFeature.PREFERENCE_PROPERTY, CompressionPreference.NONE);
    // snippet-end readme-compression-per-call

    assertThat(port.echo("hi")).isEqualTo("echo: hi");
  }

  @Test
  void theLoadProbeSnippetsBuildAndClose() throws Exception {
    QueuedThreadPool pool = new QueuedThreadPool(200); // a server's pool: Jetty's, here

    // snippet-start readme-load-probe
    try (CpuLoadProbe probe =
        CpuLoadProbe.builder()
            .sampleInterval(Duration.ofMillis(200)) // default 200 ms
            .averagingWindow(Duration.ofSeconds(30)) // default 30 s, as the seed's pricing uses
            .build()) {
      probe.currentLoad(); // latest system CPU sample: what compression decides on
      probe.averageLoad(); // mean over the window: what pricing decides on
    }
    LoadProbe queue = LoadProbe.sampling(() -> pool.getQueueSize() / 200.0).build(); // any signal
    LoadProbe fixed = LoadProbe.fixed(0.9); // tests
    ScriptedLoadProbe scripted = new ScriptedLoadProbe(); // tests: scripted.set(0.95)
    // snippet-end readme-load-probe

    assertThat(fixed.currentLoad()).isEqualTo(0.9);
    scripted.set(0.95);
    assertThat(scripted.currentLoad()).isEqualTo(0.95);
    queue.close();
  }
}

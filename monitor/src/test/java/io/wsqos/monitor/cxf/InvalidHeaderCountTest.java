package io.wsqos.monitor.cxf;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.wsqos.core.compression.CompressionFeature;
import io.wsqos.core.header.WsQos;
import io.wsqos.core.header.WsQosHeaderInterceptor;
import io.wsqos.testing.RawHttp;
import io.wsqos.testing.TestServer;
import io.wsqos.testing.service.EchoService;
import io.wsqos.testing.service.EchoServiceImpl;
import java.util.List;
import org.apache.cxf.feature.Feature;
import org.junit.jupiter.api.Test;

/**
 * The one counter of invalid WS-QoS blocks lands in the application's registry (the bus's)
 * whichever feature installs the header interceptor first.
 */
class InvalidHeaderCountTest {

  private final MeterRegistry application = new SimpleMeterRegistry();

  @Test
  void monitoringFirstCountsInvalidBlocksInTheBussRegistry() {
    List<Feature> features =
        List.of(
            MonitoringFeature.builder().listener(records -> {}).build(),
            CompressionFeature.builder().build());

    assertThat(invalidCountAfterOneBadBlock(features)).isEqualTo(1);
  }

  @Test
  void compressionFirstCountsInvalidBlocksInTheBussRegistry() {
    List<Feature> features =
        List.of(
            CompressionFeature.builder().build(),
            MonitoringFeature.builder().listener(records -> {}).build());

    assertThat(invalidCountAfterOneBadBlock(features)).isEqualTo(1);
  }

  @Test
  void monitoringsOwnRegistryWinsOverTheBuss() {
    MeterRegistry own = new SimpleMeterRegistry();
    List<Feature> features =
        List.of(MonitoringFeature.builder().listener(records -> {}).meterRegistry(own).build());

    invalidCountAfterOneBadBlock(features);

    assertThat(own.get(WsQosHeaderInterceptor.INVALID_COUNTER).counters())
        .anySatisfy(c -> assertThat(c.count()).isEqualTo(1));
  }

  private double invalidCountAfterOneBadBlock(List<Feature> features) {
    TestServer.Builder builder =
        TestServer.builder(EchoService.class, new EchoServiceImpl())
            .bus(bus -> bus.setExtension(application, MeterRegistry.class));
    features.forEach(builder::feature);
    try (TestServer server = builder.start()) {
      String envelope =
          "<soap:Envelope xmlns:soap='http://schemas.xmlsoap.org/soap/envelope/' xmlns:qos='"
              + WsQos.NAMESPACE
              + "'><soap:Header><qos:Timestamps><qos:t1>12ab</qos:t1></qos:Timestamps>"
              + "</soap:Header><soap:Body><e:echo xmlns:e='"
              + EchoService.NAMESPACE
              + "'><text>Ada</text></e:echo></soap:Body></soap:Envelope>";

      RawHttp.Response response = RawHttp.postXml(server.address(), envelope.getBytes(UTF_8));

      assertThat(response.status()).isEqualTo(200);
    }
    return application.find(WsQosHeaderInterceptor.INVALID_COUNTER).counters().stream()
        .mapToDouble(c -> c.count())
        .sum();
  }
}

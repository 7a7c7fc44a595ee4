package io.wsqos.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.MeterRegistry;
import io.wsqos.core.compression.CompressionFeature;
import io.wsqos.testing.RawHttp;
import io.wsqos.testing.service.EchoEnvelopes;
import io.wsqos.testing.service.EchoService;
import org.apache.cxf.Bus;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/** {@code wsqos.compression.*} alone compresses the application's responses and counts them. */
@SpringBootTest(
    classes = EchoApplication.class,
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = {
      "server.address=127.0.0.1",
      "wsqos.compression.enabled=true",
      "wsqos.compression.policy=always",
      "wsqos.compression.client-preference=compress"
    })
class CompressionPropertiesTest {

  @LocalServerPort int port;
  @Autowired Bus bus;
  @Autowired MeterRegistry registry;

  @Test
  void theBusCompressesAResponseForItsOwnClientAndForCurl() throws Exception {
    EchoService client = EchoApplication.client(bus, port);
    String text;
    try {
      text = client.text(20_000);
    } finally {
      EchoApplication.destroy(client);
    }
    RawHttp.Response raw =
        RawHttp.postXml(
            "http://127.0.0.1:" + port + "/services" + EchoApplication.PATH,
            EchoEnvelopes.text(20_000),
            "Accept-Encoding",
            "gzip");

    assertThat(text).hasSize(20_000);
    assertThat(raw.status()).isEqualTo(200);
    assertThat(raw.header("Content-Encoding")).contains("gzip");
    assertThat(compressed(registry)).isEqualTo(2);
    assertThat(bus.getFeatures()).hasAtLeastOneElementOfType(CompressionFeature.class);
  }

  static double compressed(MeterRegistry registry) {
    return registry
        .get(CompressionFeature.RESPONSES_COUNTER)
        .tag("action", "compressed")
        .counters()
        .stream()
        .mapToDouble(c -> c.count())
        .sum();
  }
}

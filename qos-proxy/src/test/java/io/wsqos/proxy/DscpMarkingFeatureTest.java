package io.wsqos.proxy;

import static io.wsqos.core.header.TransportPriority.ASSURED;
import static io.wsqos.core.header.TransportPriority.BEST_EFFORT;
import static io.wsqos.core.header.TransportPriority.EXPEDITED;
import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.wsqos.core.compression.CompressionFeature;
import io.wsqos.core.compression.CompressionPolicy;
import io.wsqos.core.compression.ContentCoding;
import io.wsqos.core.entitlement.PriorityEntitlement;
import io.wsqos.core.header.CompressionPreference;
import io.wsqos.core.header.WsQos;
import io.wsqos.testing.RawHttp;
import io.wsqos.testing.TestServer;
import io.wsqos.testing.service.EchoService;
import io.wsqos.testing.service.EchoServiceImpl;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import org.apache.cxf.jaxws.JaxWsProxyFactoryBean;
import org.apache.cxf.jaxws.JaxWsServerFactoryBean;
import org.junit.jupiter.api.Test;

/**
 * What the feature decides, reports and counts, on a real server on the loopback. Whether the
 * packets carry the mark is for {@link DiffServWireTest}, which sees them.
 */
class DscpMarkingFeatureTest {

  private static final String QOS = "xmlns:qos=\"" + WsQos.NAMESPACE + "\"";

  private final SimpleMeterRegistry registry = new SimpleMeterRegistry();

  private TestServer start(DscpMarkingFeature.Builder feature) {
    return TestServer.builder(EchoService.class, new EchoServiceImpl())
        .feature(feature.meterRegistry(registry).build())
        .start();
  }

  @Test
  void anAssuredRequestIsAnsweredInTheAssuredClassAndSaysSo() {
    try (TestServer server = start(DscpMarkingFeature.builder())) {

      RawHttp.Response response = RawHttp.postXml(server.address(), Requests.text(10, ASSURED));

      assertThat(response.status()).isEqualTo(200);
      assertThat(response.text())
          .contains(
              "<qos:ServerAction "
                  + QOS
                  + "><qos:dscp>10</qos:dscp>"
                  + "<qos:grantedPriority>assured</qos:grantedPriority></qos:ServerAction>");
      assertThat(responses("assured")).isEqualTo(1);
      assertThat(failures("no-socket") + failures("socket-option")).isZero();
    }
  }

  @Test
  void aRequestWithoutRequirementIsBestEffort() {
    try (TestServer server = start(DscpMarkingFeature.builder())) {

      RawHttp.Response response = RawHttp.postXml(server.address(), Requests.text(10));

      assertThat(response.text())
          .contains("<qos:dscp>0</qos:dscp><qos:grantedPriority>best-effort</qos:grantedPriority>");
      assertThat(responses("best-effort")).isEqualTo(1);
    }
  }

  @Test
  void aForgedHigherClassIsClampedCountedAndReported() {
    try (TestServer server = start(DscpMarkingFeature.builder())) {

      RawHttp.Response response = RawHttp.postXml(server.address(), Requests.text(10, EXPEDITED));

      assertThat(response.status()).isEqualTo(200);
      assertThat(response.text())
          .contains(
              "<qos:dscp>10</qos:dscp><qos:grantedPriority>assured</qos:grantedPriority>"
                  + "<qos:clampedFrom>expedited</qos:clampedFrom>");
      assertThat(clamped("expedited", "assured")).isEqualTo(1);
      assertThat(responses("assured")).isEqualTo(1);
      assertThat(responses("expedited")).isZero();
    }
  }

  @Test
  void theEntitlementIsLookedUpByTheClientsAddress() {
    DscpMarkingFeature.Builder feature =
        DscpMarkingFeature.builder()
            .entitlement(PriorityEntitlement.of(Map.of("127.0.0.1", EXPEDITED), BEST_EFFORT));
    try (TestServer server = start(feature)) {

      RawHttp.Response response = RawHttp.postXml(server.address(), Requests.text(10, EXPEDITED));

      assertThat(response.text())
          .contains("<qos:dscp>46</qos:dscp><qos:grantedPriority>expedited</qos:grantedPriority>")
          .doesNotContain("clampedFrom");
      assertThat(clamped("expedited", "best-effort") + clamped("expedited", "assured")).isZero();
    }
  }

  @Test
  void aConfiguredMappingIsWhatIsReported() {
    DscpMarkingFeature.Builder feature =
        DscpMarkingFeature.builder().mapping(DscpMapping.builder().dscp(ASSURED, 26).build());
    try (TestServer server = start(feature)) {

      RawHttp.Response response = RawHttp.postXml(server.address(), Requests.text(10, ASSURED));

      assertThat(response.text()).contains("<qos:dscp>26</qos:dscp>");
    }
  }

  @Test
  void compressionAndMarkingShareOneServerActionBlock() throws Exception {
    CompressionFeature compression =
        CompressionFeature.builder()
            .policy(CompressionPolicy.always())
            .codings(ContentCoding.GZIP)
            .build();
    try (compression;
        TestServer server =
            TestServer.builder(EchoService.class, new EchoServiceImpl())
                .feature(compression)
                .feature(DscpMarkingFeature.builder().meterRegistry(registry).build())
                .start()) {
      byte[] request =
          new String(Requests.text(5000, ASSURED), StandardCharsets.UTF_8)
              .replace(">none<", ">" + CompressionPreference.COMPRESS.token() + "<")
              .getBytes(StandardCharsets.UTF_8);

      RawHttp.Response response =
          RawHttp.postXml(server.address(), request, "Accept-Encoding", "gzip");

      assertThat(response.status()).isEqualTo(200);
      assertThat(response.header("Content-Encoding")).contains("gzip");
      String envelope = gunzip(response.content());
      assertThat(envelope)
          .contains("<qos:compressionApplied>gzip</qos:compressionApplied>")
          .contains("<qos:dscp>10</qos:dscp><qos:grantedPriority>assured</qos:grantedPriority>");
      assertThat(envelope.split("<qos:ServerAction ", -1)).hasSize(2);
    }
  }

  private static String gunzip(byte[] gzip) throws Exception {
    try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(gzip))) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  @Test
  void aConnectionThatCannotBeMarkedIsCountedAndTheCallGoesOn() {
    JaxWsServerFactoryBean serverFactory = new JaxWsServerFactoryBean();
    serverFactory.setServiceClass(EchoService.class);
    serverFactory.setServiceBean(new EchoServiceImpl());
    serverFactory.setAddress("local://marking");
    serverFactory.getFeatures().add(DscpMarkingFeature.builder().meterRegistry(registry).build());
    org.apache.cxf.endpoint.Server server = serverFactory.create();
    try {
      JaxWsProxyFactoryBean clientFactory = new JaxWsProxyFactoryBean();
      clientFactory.setServiceClass(EchoService.class);
      clientFactory.setAddress("local://marking");
      EchoService client = clientFactory.create(EchoService.class);

      String answer = client.echo("hi");

      assertThat(answer).isEqualTo("echo: hi");
      assertThat(failures("no-socket")).isEqualTo(1);
      assertThat(responses("best-effort")).isEqualTo(1);
    } finally {
      server.destroy();
    }
  }

  @Test
  void everySeriesExistsBeforeItsFirstEvent() {
    DscpMarkingFeature.builder().meterRegistry(registry).build();

    assertThat(registry.find(DscpMarkingFeature.RESPONSES_COUNTER).counters()).hasSize(3);
    assertThat(registry.find(DscpMarkingFeature.CLAMPED_COUNTER).counters()).hasSize(3);
    assertThat(registry.find(DscpMarkingFeature.FAILURES_COUNTER).counters()).hasSize(2);
  }

  private double responses(String granted) {
    return registry
        .get(DscpMarkingFeature.RESPONSES_COUNTER)
        .tag("class", granted)
        .counter()
        .count();
  }

  private double clamped(String requested, String granted) {
    return registry
        .get(DscpMarkingFeature.CLAMPED_COUNTER)
        .tag("requested", requested)
        .tag("granted", granted)
        .counter()
        .count();
  }

  private double failures(String reason) {
    return registry
        .get(DscpMarkingFeature.FAILURES_COUNTER)
        .tag("reason", reason)
        .counter()
        .count();
  }
}

package io.wsqos.monitor.cxf;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.wsqos.core.compression.CompressionFeature;
import io.wsqos.core.header.WsQos;
import io.wsqos.core.header.WsQosHeaderFeature;
import io.wsqos.core.header.WsQosHeaderInterceptor;
import io.wsqos.monitor.QosRecord;
import io.wsqos.monitor.Side;
import io.wsqos.monitor.Validity;
import io.wsqos.testing.CxfServerExtension;
import io.wsqos.testing.RawHttp;
import io.wsqos.testing.service.EchoService;
import io.wsqos.testing.service.EchoServiceImpl;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Predicate;
import java.util.zip.GZIPInputStream;
import org.apache.cxf.interceptor.InterceptorProvider;
import org.apache.cxf.message.Message;
import org.apache.cxf.phase.AbstractPhaseInterceptor;
import org.apache.cxf.phase.Phase;
import org.apache.cxf.phase.PhaseInterceptor;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The one WS-QoS header path on a monitored provider, alone and with every other wsqos feature:
 * valid, malformed, duplicated and unknown blocks, with and without {@code mustUnderstand}, through
 * raw HTTP posts to a real server.
 */
class HeaderPathTest {

  private static final String SOAP = "http://schemas.xmlsoap.org/soap/envelope/";
  private static final String VALID_TIMESTAMPS = "<qos:t1>12</qos:t1>";
  private static final String BAD_TIMESTAMPS = "<qos:t1>12ab</qos:t1>";

  static final RecordCollector records = new RecordCollector();

  @BeforeEach
  void forgetRecords() {
    records.clear();
  }

  /** A provider whose only wsqos feature is monitoring. */
  @Nested
  @TestInstance(TestInstance.Lifecycle.PER_CLASS)
  class MonitoringAlone {

    @RegisterExtension
    final CxfServerExtension server =
        CxfServerExtension.builder(EchoService.class, new EchoServiceImpl())
            .feature(MonitoringFeature.builder().listener(records).build())
            .toExtension();

    @Test
    void aValidTimestampsBlockMarkedMustUnderstandIsUnderstood() {
      RawHttp.Response response = post(server, timestamps(VALID_TIMESTAMPS, true));

      assertThat(response.status()).isEqualTo(200);
      assertThat(text(response)).contains("echo: Ada");
      assertThat(providerRecord(r -> r.t1Micros() == 12).validity()).isEqualTo(Validity.VALID);
    }

    @Test
    void aMalformedTimestampsBlockMarkedMustUnderstandGetsAClientFault() {
      RawHttp.Response response = post(server, timestamps(BAD_TIMESTAMPS, true));

      assertThat(response.status()).isEqualTo(500);
      assertThat(faultCode(response)).isEqualTo("soap:Client");
      assertThat(text(response))
          .contains(
              "Invalid WS-QoS header qos:Timestamps ("
                  + WsQos.NAMESPACE
                  + ") marked mustUnderstand: unparsable: t1: '12ab'");
    }

    @Test
    void aMalformedTimestampsBlockWithoutMustUnderstandIsIgnoredAndMarksTheRecord() {
      RawHttp.Response response = post(server, timestamps(BAD_TIMESTAMPS, false));

      assertThat(response.status()).isEqualTo(200);
      assertThat(records.single(Side.PROVIDER).validity()).isEqualTo(Validity.MALFORMED_TIMESTAMP);
    }

    @Test
    void aDuplicatedTimestampsBlockMarkedMustUnderstandGetsAClientFault() {
      RawHttp.Response response =
          post(server, timestamps(VALID_TIMESTAMPS, true) + timestamps(VALID_TIMESTAMPS, false));

      assertThat(response.status()).isEqualTo(500);
      assertThat(faultCode(response)).isEqualTo("soap:Client");
      assertThat(text(response)).contains("duplicated: Timestamps: 2 blocks");
    }

    @Test
    void aMalformedRequirementMarkedMustUnderstandGetsAClientFaultWithoutCompression() {
      RawHttp.Response response = post(server, requirement("zip", true));

      assertThat(response.status()).isEqualTo(500);
      assertThat(faultCode(response)).isEqualTo("soap:Client");
    }

    @Test
    void anUnknownBlockFollowsSoapsOwnMustUnderstandRule() {
      assertThat(faultCode(post(server, "<qos:Bid soap:mustUnderstand='1'>3</qos:Bid>")))
          .isEqualTo("soap:MustUnderstand");
      assertThat(post(server, "<qos:Bid>3</qos:Bid>").status()).isEqualTo(200);
    }
  }

  /** A provider with the header feature, compression and monitoring together. */
  @Nested
  @TestInstance(TestInstance.Lifecycle.PER_CLASS)
  class AllFeaturesTogether {

    final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    final AtomicLong installed = new AtomicLong(-1);
    final CompressionFeature compression =
        CompressionFeature.builder().meterRegistry(registry).minBodyBytes(1).build();

    @RegisterExtension
    final CxfServerExtension server =
        CxfServerExtension.builder(EchoService.class, new EchoServiceImpl())
            .feature(WsQosHeaderFeature.builder().meterRegistry(registry).build())
            .feature(compression)
            .feature(MonitoringFeature.builder().listener(records).build())
            .inInterceptor(new HeaderInterceptorCounter(installed))
            .toExtension();

    @AfterAll
    void closeFeature() {
      compression.close();
    }

    @Test
    void theHeaderInterceptorIsInstalledOnceByThreeFeatures() {
      assertThat(post(server, "").status()).isEqualTo(200);

      assertThat(installed).hasValue(1);
    }

    @Test
    void validBlocksMarkedMustUnderstandAreServedCompressedAndReported() throws IOException {
      RawHttp.Response response =
          post(
              server,
              timestamps(VALID_TIMESTAMPS, true) + requirement("compress", true),
              "Accept-Encoding",
              "gzip");

      assertThat(response.status()).isEqualTo(200);
      assertThat(response.header("Content-Encoding")).hasValue("gzip");
      String body =
          new String(
              new GZIPInputStream(new ByteArrayInputStream(response.content())).readAllBytes(),
              UTF_8);
      assertThat(body).contains("<qos:compressionApplied>gzip</qos:compressionApplied>");
      assertThat(body).contains("<qos:t1>12</qos:t1>");
      assertThat(providerRecord(r -> r.t1Micros() == 12).validity()).isEqualTo(Validity.VALID);
    }

    @Test
    void aMalformedRequirementMarkedMustUnderstandGetsAClientFault() {
      RawHttp.Response response =
          post(
              server,
              timestamps(VALID_TIMESTAMPS, false) + requirement("zip", true),
              "Accept-Encoding",
              "gzip");

      assertThat(response.status()).isEqualTo(500);
      assertThat(faultCode(response)).isEqualTo("soap:Client");
      assertThat(text(response)).contains("unparsable: compression: 'zip'");
    }

    @Test
    void aMalformedRequirementWithoutMustUnderstandIsRefusedCountedAndNothingCompressed() {
      double before = unparsableRequirements();

      RawHttp.Response response =
          post(server, requirement("NONE", false), "Accept-Encoding", "gzip");

      assertThat(response.status()).isEqualTo(200);
      assertThat(response.header("Content-Encoding")).isEmpty();
      assertThat(text(response))
          .contains("<qos:compressionSkipped>requirement-refused</qos:compressionSkipped>");
      assertThat(unparsableRequirements()).isEqualTo(before + 1);
    }

    private double unparsableRequirements() {
      return registry
          .get(WsQosHeaderInterceptor.INVALID_COUNTER)
          .tag("block", "Requirement")
          .tag("reason", "unparsable")
          .counter()
          .count();
    }

    @Test
    void aMalformedTimestampsBlockMarkedMustUnderstandGetsAClientFault() {
      RawHttp.Response response = post(server, timestamps(BAD_TIMESTAMPS, true));

      assertThat(response.status()).isEqualTo(500);
      assertThat(faultCode(response)).isEqualTo("soap:Client");
    }

    @Test
    void anUnknownBlockFollowsSoapsOwnMustUnderstandRule() {
      assertThat(faultCode(post(server, "<qos:Bid soap:mustUnderstand='1'>3</qos:Bid>")))
          .isEqualTo("soap:MustUnderstand");
      assertThat(post(server, "<qos:Bid>3</qos:Bid>").status()).isEqualTo(200);
    }
  }

  /** Counts the header interceptors on the endpoint that received the request. */
  private static final class HeaderInterceptorCounter extends AbstractPhaseInterceptor<Message> {
    private final AtomicLong installed;

    HeaderInterceptorCounter(AtomicLong installed) {
      super(Phase.RECEIVE);
      this.installed = installed;
    }

    @Override
    public void handleMessage(Message message) {
      InterceptorProvider endpoint = message.getExchange().getEndpoint();
      installed.set(
          endpoint.getInInterceptors().stream()
              .filter(
                  i ->
                      i instanceof PhaseInterceptor<?> p
                          && p.getId().equals(WsQosHeaderInterceptor.ID))
              .count());
    }
  }

  /**
   * The provider record that {@code matches}, once it arrives: records are emitted after the
   * response is sent, so one of the previous test may still come in after {@link #forgetRecords}.
   */
  private static QosRecord providerRecord(Predicate<QosRecord> matches) {
    return await()
        .atMost(Duration.ofSeconds(5))
        .until(
            () -> records.of(Side.PROVIDER).stream().filter(matches).findFirst(),
            Optional::isPresent)
        .orElseThrow();
  }

  private static String timestamps(String content, boolean mustUnderstand) {
    return "<qos:Timestamps soap:mustUnderstand='"
        + (mustUnderstand ? 1 : 0)
        + "'>"
        + content
        + "</qos:Timestamps>";
  }

  private static String requirement(String compression, boolean mustUnderstand) {
    return "<qos:Requirement soap:mustUnderstand='"
        + (mustUnderstand ? 1 : 0)
        + "'><qos:compression>"
        + compression
        + "</qos:compression><qos:terms><qos:transportPriority>assured</qos:transportPriority>"
        + "</qos:terms></qos:Requirement>";
  }

  private static RawHttp.Response post(
      CxfServerExtension server, String headers, String... httpHeaders) {
    String envelope =
        "<soap:Envelope xmlns:soap='"
            + SOAP
            + "' xmlns:qos='"
            + WsQos.NAMESPACE
            + "'><soap:Header>"
            + headers
            + "</soap:Header><soap:Body><e:echo xmlns:e='"
            + EchoService.NAMESPACE
            + "'><text>Ada</text></e:echo></soap:Body></soap:Envelope>";
    return RawHttp.postXml(server.address(), envelope.getBytes(UTF_8), httpHeaders);
  }

  private static String text(RawHttp.Response response) {
    return new String(response.content(), UTF_8);
  }

  private static String faultCode(RawHttp.Response response) {
    String body = text(response);
    int from = body.indexOf("<faultcode>");
    assertThat(from).as("a faultcode in %s", body).isNotNegative();
    return body.substring(from + "<faultcode>".length(), body.indexOf("</faultcode>", from));
  }
}

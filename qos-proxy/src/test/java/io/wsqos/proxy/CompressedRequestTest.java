package io.wsqos.proxy;

import static io.wsqos.core.header.TransportPriority.ASSURED;
import static io.wsqos.core.header.TransportPriority.EXPEDITED;
import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.wsqos.core.compression.Codec;
import io.wsqos.core.compression.CompressionFeature;
import io.wsqos.core.compression.ContentCoding;
import io.wsqos.core.header.CompressionPreference;
import io.wsqos.core.header.ServerAction;
import io.wsqos.testing.RawHttp;
import io.wsqos.testing.TestServer;
import io.wsqos.testing.service.EchoEnvelopes;
import io.wsqos.testing.service.EchoService;
import io.wsqos.testing.service.EchoServiceImpl;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Compressed requests through the standalone proxy to a service that inflates them: classified from
 * the header inflated at the proxy, forwarded still compressed; bad compressed data refused there.
 */
class CompressedRequestTest {

  private final SimpleMeterRegistry proxyRegistry = new SimpleMeterRegistry();
  private final SimpleMeterRegistry serviceRegistry = new SimpleMeterRegistry();
  private final EchoServiceImpl service = new EchoServiceImpl();
  private CompressionFeature compression;
  private TestServer upstream;
  private QosReverseProxy proxy;

  @BeforeEach
  void start() {
    compression = CompressionFeature.builder().meterRegistry(serviceRegistry).build();
    upstream = TestServer.builder(EchoService.class, service).feature(compression).start();
    proxy =
        QosReverseProxy.builder(URI.create("http://127.0.0.1:" + upstream.port()))
            .daemonThreads(true)
            .maxHeaderBytes(1024)
            .meterRegistry(proxyRegistry)
            .start();
  }

  @AfterEach
  void stop() {
    proxy.close();
    upstream.close();
    compression.close();
  }

  private RawHttp.Response post(byte[] body, String encoding) {
    return RawHttp.postXml(
        proxy.address() + TestServer.DEFAULT_PATH, body, "Content-Encoding", encoding);
  }

  @ParameterizedTest
  @EnumSource(ContentCoding.class)
  void aCompressedRequestGetsTheClassOfItsHeaderAndReachesTheServiceCompressed(
      ContentCoding coding) {
    RawHttp.Response response = post(compress(coding, Requests.text(10, ASSURED)), coding.token());

    assertThat(response.status()).isEqualTo(200);
    assertThat(response.text()).contains(EchoServiceImpl.textOf(10));
    assertThat(count(proxyRegistry, DscpMarkingFeature.RESPONSES_COUNTER, "class", "assured"))
        .isEqualTo(1);
    // The service inflated the body itself: the proxy forwarded the compressed bytes.
    assertThat(count(serviceRegistry, CompressionFeature.REQUESTS_COUNTER, "codec", coding.token()))
        .isEqualTo(1);
  }

  @Test
  void aLargeCompressedRequestIsForwardedWhole() {
    // Letters at random: compressible as text is, within the service's inflation ratio.
    Random random = new Random(42);
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < 400_000; i++) {
      text.append((char) ('a' + random.nextInt(26)));
    }
    byte[] body = EchoEnvelopes.length(text.toString());

    RawHttp.Response response = post(compress(ContentCoding.GZIP, body), "gzip");

    assertThat(response.status()).isEqualTo(200);
    assertThat(response.text()).contains(">400000<");
  }

  @Test
  void aClampedCompressedResponseArrivesInflatedWithTheClampAndNoClaimOfCompression() {
    byte[] request = Requests.text(20_000, EXPEDITED, CompressionPreference.COMPRESS);

    RawHttp.Response response =
        RawHttp.postXml(
            proxy.address() + TestServer.DEFAULT_PATH, request, "Accept-Encoding", "gzip");

    assertThat(response.status()).isEqualTo(200);
    assertThat(response.header("Content-Encoding")).isEmpty();
    assertThat(response.text()).contains(EchoServiceImpl.textOf(20_000));
    ServerAction action = Responses.serverAction(response.content()).orElseThrow();
    assertThat(action.compression()).as("sent inflated: no compression to report").isEmpty();
    assertThat(action.grantedPriority()).contains(ASSURED);
    assertThat(action.clampedFrom()).contains(EXPEDITED);
  }

  @Test
  void corruptCompressedDataGetsAClientFaultAndNeverReachesTheService() {
    byte[] body = compress(ContentCoding.GZIP, Requests.text(10, ASSURED));
    Arrays.fill(body, 10, body.length, (byte) 0x55);

    RawHttp.Response response = post(body, "gzip");

    assertThat(response.status()).isEqualTo(400);
    assertThat(response.text())
        .contains("<faultcode>soap:Client</faultcode>")
        .contains("compressed SOAP request refused");
    assertThat(service.invocations()).isZero();
    assertThat(count(proxyRegistry, QosReverseProxy.REJECTED_COUNTER, "reason", "malformed"))
        .isEqualTo(1);
  }

  @ParameterizedTest
  @EnumSource(ContentCoding.class)
  void aBodyThatEndsBeforeItsHeaderDoesGetsAClientFault(ContentCoding coding) {
    byte[] body = compress(coding, Requests.text(10, ASSURED));

    RawHttp.Response response = post(Arrays.copyOf(body, body.length / 3), coding.token());

    assertThat(response.status()).isEqualTo(400);
    assertThat(response.text()).contains("<faultcode>soap:Client</faultcode>");
    assertThat(service.invocations()).isZero();
  }

  @Test
  void aBodyThatInflatesToAHugeRunBeforeItsEnvelopeIsRefusedAsOversized() {
    // 8 MiB of spaces deflate to a few kilobytes; the proxy stops at its header limit.
    byte[] padded = new byte[8 * 1024 * 1024];
    Arrays.fill(padded, (byte) ' ');
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    body.writeBytes(padded);
    body.writeBytes(Requests.text(10, ASSURED));

    RawHttp.Response response = post(compress(ContentCoding.GZIP, body.toByteArray()), "gzip");

    assertThat(response.status()).isEqualTo(400);
    assertThat(response.text()).contains("SOAP header longer than 1024 bytes");
    assertThat(service.invocations()).isZero();
    assertThat(count(proxyRegistry, QosReverseProxy.REJECTED_COUNTER, "reason", "oversized"))
        .isEqualTo(1);
  }

  @Test
  void aCodingTheProxyCannotInflateIsForwardedAsBestEffortForTheServiceToRefuse() {
    RawHttp.Response response = post(Requests.text(10, ASSURED), "br");

    // The service's own answer to a coding it does not support, passed on unchanged.
    assertThat(response.status()).isEqualTo(415);
    assertThat(response.text())
        .contains("<faultcode>soap:Client</faultcode>")
        .contains("<faultstring>Compressed request rejected: UNSUPPORTED_CODING: ");
    assertThat(service.invocations()).isZero();
    assertThat(count(proxyRegistry, DscpMarkingFeature.RESPONSES_COUNTER, "class", "best-effort"))
        .isEqualTo(1);
    assertThat(proxyRegistry.find(QosReverseProxy.REJECTED_COUNTER).counters())
        .allSatisfy(counter -> assertThat(counter.count()).isZero());
  }

  @Test
  void identityIsReadAsAPlainBody() {
    RawHttp.Response response = post(Requests.text(10, ASSURED), "identity");

    assertThat(response.status()).isEqualTo(200);
    assertThat(count(proxyRegistry, DscpMarkingFeature.RESPONSES_COUNTER, "class", "assured"))
        .isEqualTo(1);
  }

  /** {@code body} compressed in {@code coding}, as a client would send it. */
  static byte[] compress(ContentCoding coding, byte[] body) {
    try (Codec codec = Codec.of(coding)) {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      codec.compress(body, 0, body.length, out);
      return out.toByteArray();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static double count(SimpleMeterRegistry registry, String name, String tag, String value) {
    return registry.find(name).tag(tag, value).counters().stream()
        .mapToDouble(c -> c.count())
        .sum();
  }
}

package io.wsqos.core.compression;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import io.wsqos.core.load.ScriptedLoadProbe;
import io.wsqos.testing.CxfServerExtension;
import io.wsqos.testing.Prerequisites;
import io.wsqos.testing.RawHttp;
import io.wsqos.testing.net.LinuxHost;
import io.wsqos.testing.service.EchoEnvelopes;
import io.wsqos.testing.service.EchoService;
import io.wsqos.testing.service.EchoServiceImpl;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** Clients that know nothing of WS-QoS, served by standard HTTP negotiation. */
class NonCxfClientTest {
  private static final int CHARS = 4000;
  private static final long CURL_TIMEOUT_SECONDS = 30;
  static final ScriptedLoadProbe probe = new ScriptedLoadProbe();
  static final CompressionFeature feature =
      CompressionFeature.builder().policy(CompressionPolicy.loadAware(probe)).build();

  @RegisterExtension
  static final CxfServerExtension server =
      CxfServerExtension.builder(EchoService.class, new EchoServiceImpl())
          .feature(feature)
          .toExtension();

  @AfterAll
  static void closeFeature() {
    feature.close();
  }

  @BeforeEach
  void idle() {
    probe.set(0.1);
  }

  @Test
  void clientWithoutAcceptEncodingGetsAnUncompressedResponseSayingNoCommonCodec() {
    RawHttp.Response response = RawHttp.postXml(server.address(), EchoEnvelopes.text(CHARS));

    assertThat(response.status()).isEqualTo(200);
    assertThat(response.header("Content-Encoding")).isEmpty();
    assertThat(response.header("Vary")).hasValue("Accept-Encoding");
    String body = new String(response.content(), UTF_8);
    assertThat(body).contains(EchoServiceImpl.textOf(CHARS));
    // It said nothing: the true reason is that it accepts no coding the server has.
    assertThat(body).contains("<qos:compressionSkipped>no-common-codec</qos:compressionSkipped>");
  }

  @Test
  void acceptEncodingGzipLetsTheServerDecideToCompressWhileIdle() throws IOException {
    RawHttp.Response response =
        RawHttp.postXml(server.address(), EchoEnvelopes.text(CHARS), "Accept-Encoding", "gzip");

    assertThat(response.status()).isEqualTo(200);
    assertThat(response.header("Content-Encoding")).hasValue("gzip");
    String body = gunzip(response.content());
    assertThat(body).contains(EchoServiceImpl.textOf(CHARS));
    assertThat(body).contains("<qos:compressionApplied>gzip</qos:compressionApplied>");
  }

  @Test
  void acceptEncodingGzipLetsTheServerDecideNotToCompressWhenLoaded() {
    probe.set(0.95);

    RawHttp.Response response =
        RawHttp.postXml(server.address(), EchoEnvelopes.text(CHARS), "Accept-Encoding", "gzip");

    assertThat(response.header("Content-Encoding")).isEmpty();
    assertThat(new String(response.content(), UTF_8))
        .contains(EchoServiceImpl.textOf(CHARS))
        .contains("<qos:compressionSkipped>load-above-threshold</qos:compressionSkipped>");
  }

  @Test
  void identityRefusedAsksForCompressionEvenWhenLoaded() throws IOException {
    probe.set(0.95);

    RawHttp.Response response =
        RawHttp.postXml(
            server.address(), EchoEnvelopes.text(CHARS), "Accept-Encoding", "gzip, identity;q=0");

    assertThat(response.header("Content-Encoding")).hasValue("gzip");
    assertThat(gunzip(response.content()))
        .contains(EchoServiceImpl.textOf(CHARS))
        .contains("<qos:compressionApplied>gzip</qos:compressionApplied>");
  }

  @Test
  void curlCompressedGetsACompressedResponseItCanRead(@TempDir Path dir)
      throws IOException, InterruptedException {
    Prerequisites.assume(LinuxHost.missingTools("curl"));
    Path request = dir.resolve("request.xml");
    Files.write(request, EchoEnvelopes.text(CHARS));
    Path headers = dir.resolve("headers.txt");
    Path body = dir.resolve("body.xml");

    Process curl =
        new ProcessBuilder(
                List.of(
                    "curl",
                    "-sS",
                    "--compressed",
                    "-H",
                    "Content-Type: text/xml; charset=UTF-8",
                    "-H",
                    "SOAPAction: \"\"",
                    "--data-binary",
                    "@" + request,
                    "-D",
                    headers.toString(),
                    "-o",
                    body.toString(),
                    server.address()))
            .redirectErrorStream(true)
            .start();
    boolean exited = curl.waitFor(CURL_TIMEOUT_SECONDS, TimeUnit.SECONDS);

    assertThat(exited).isTrue();
    assertThat(curl.exitValue()).as(new String(curl.getInputStream().readAllBytes())).isZero();
    String responseHeaders = Files.readString(headers).toLowerCase(java.util.Locale.ROOT);
    assertThat(responseHeaders).containsPattern("content-encoding: (zstd|gzip|deflate)");
    assertThat(Files.readString(body))
        .contains(EchoServiceImpl.textOf(CHARS))
        .containsPattern("<qos:compressionApplied>(zstd|gzip|deflate)</qos:compressionApplied>");
  }

  private static String gunzip(byte[] body) throws IOException {
    try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(body))) {
      return new String(in.readAllBytes(), UTF_8);
    }
  }
}

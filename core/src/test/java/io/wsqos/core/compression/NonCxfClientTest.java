package io.wsqos.core.compression;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import io.wsqos.core.load.ScriptedLoadProbe;
import io.wsqos.testing.CxfServerExtension;
import java.io.ByteArrayInputStream;
import java.io.File;
import java.io.IOException;
import java.net.http.HttpResponse;
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

  static final java.net.http.HttpClient http = Soap.client();
  static final ScriptedLoadProbe probe = new ScriptedLoadProbe();
  static final CompressionFeature feature =
      CompressionFeature.builder().policy(CompressionPolicy.loadAware(probe)).build();

  @RegisterExtension
  static final CxfServerExtension server =
      CxfServerExtension.builder(TextService.class, new TextServiceImpl())
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
    HttpResponse<byte[]> response = Soap.post(server.address(), Soap.textRequest(CHARS));

    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(response.headers().firstValue("Content-Encoding")).isEmpty();
    assertThat(response.headers().firstValue("Vary")).hasValue("Accept-Encoding");
    String body = Soap.utf8(response.body());
    assertThat(body).contains(TextServiceImpl.textOf(CHARS));
    // It said nothing: the true reason is that it accepts no coding the server has.
    assertThat(body).contains("<qos:compressionSkipped>no-common-codec</qos:compressionSkipped>");
  }

  @Test
  void acceptEncodingGzipLetsTheServerDecideToCompressWhileIdle() throws IOException {
    HttpResponse<byte[]> response =
        Soap.post(server.address(), Soap.textRequest(CHARS), "Accept-Encoding", "gzip");

    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(response.headers().firstValue("Content-Encoding")).hasValue("gzip");
    String body = gunzip(response.body());
    assertThat(body).contains(TextServiceImpl.textOf(CHARS));
    assertThat(body).contains("<qos:compressionApplied>gzip</qos:compressionApplied>");
  }

  @Test
  void acceptEncodingGzipLetsTheServerDecideNotToCompressWhenLoaded() {
    probe.set(0.95);

    HttpResponse<byte[]> response =
        Soap.post(server.address(), Soap.textRequest(CHARS), "Accept-Encoding", "gzip");

    assertThat(response.headers().firstValue("Content-Encoding")).isEmpty();
    assertThat(Soap.utf8(response.body()))
        .contains(TextServiceImpl.textOf(CHARS))
        .contains("<qos:compressionSkipped>load-above-threshold</qos:compressionSkipped>");
  }

  @Test
  void identityRefusedAsksForCompressionEvenWhenLoaded() throws IOException {
    probe.set(0.95);

    HttpResponse<byte[]> response =
        Soap.post(
            server.address(), Soap.textRequest(CHARS), "Accept-Encoding", "gzip, identity;q=0");

    assertThat(response.headers().firstValue("Content-Encoding")).hasValue("gzip");
    assertThat(gunzip(response.body()))
        .contains(TextServiceImpl.textOf(CHARS))
        .contains("<qos:compressionApplied>gzip</qos:compressionApplied>");
  }

  @Test
  void curlCompressedGetsACompressedResponseItCanRead(@TempDir Path dir)
      throws IOException, InterruptedException {
    assumeThat(onPath("curl")).as("curl is not installed; skipping the curl interop test").isTrue();
    Path request = dir.resolve("request.xml");
    Files.write(request, Soap.textRequest(CHARS));
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
        .contains(TextServiceImpl.textOf(CHARS))
        .containsPattern("<qos:compressionApplied>(zstd|gzip|deflate)</qos:compressionApplied>");
  }

  private static boolean onPath(String command) {
    String path = System.getenv("PATH");
    if (path == null) {
      return false;
    }
    for (String dir : path.split(File.pathSeparator)) {
      if (Files.isExecutable(Path.of(dir, command))) {
        return true;
      }
    }
    return false;
  }

  private static String gunzip(byte[] body) throws IOException {
    try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(body))) {
      return Soap.utf8(in.readAllBytes());
    }
  }
}

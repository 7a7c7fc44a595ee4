package io.wsqos.proxy;

import static io.wsqos.core.header.TransportPriority.EXPEDITED;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import io.wsqos.testing.RawHttp;
import io.wsqos.testing.TestServer;
import io.wsqos.testing.service.EchoService;
import io.wsqos.testing.service.EchoServiceImpl;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ProxyMainTest {

  @Test
  void theOptionsConfigureAProxyThatServes() {
    try (TestServer service = TestServer.start(EchoService.class, new EchoServiceImpl());
        QosReverseProxy proxy =
            ProxyMain.configure(
                    ProxyMain.OPTIONS.parse(
                        "--upstream",
                        "http://127.0.0.1:" + service.port(),
                        "--ipv4",
                        "--entitle",
                        "127.0.0.1=expedited",
                        "--entitlement=best-effort",
                        "--dscp-assured",
                        "26"))
                .daemonThreads(true)
                .start()) {

      RawHttp.Response response =
          RawHttp.postXml(proxy.address() + TestServer.DEFAULT_PATH, Requests.text(5, EXPEDITED));

      assertThat(response.status()).isEqualTo(200);
      assertThat(response.text()).contains(EchoServiceImpl.textOf(5));
    }
  }

  @Test
  void aMalformedEntitlementNamesTheOption() {
    assertThatIllegalArgumentException()
        .isThrownBy(
            () ->
                ProxyMain.configure(
                    ProxyMain.OPTIONS.parse(
                        "--upstream", "http://127.0.0.1:1", "--entitle", "10.0.0.1=gold")))
        .withMessage(
            "--entitle: '10.0.0.1=gold' (expected: ADDRESS=CLASS, CLASS one of best-effort,"
                + " assured, expedited)");
  }

  @Test
  void badOptionsExitWithStatusTwoAndTheUsage() throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();

    int status =
        ProxyMain.run(
            new String[] {"--port", "70000", "--upstream", "http://127.0.0.1:1"},
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));

    assertThat(status).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("--port").contains("--upstream");
  }

  @Test
  void helpPrintsTheUsage() throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();

    int status =
        ProxyMain.run(
            new String[] {"--help"},
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));

    assertThat(status).isZero();
    assertThat(out.toString(StandardCharsets.UTF_8)).contains("--entitle").contains("--ipv4");
  }
}

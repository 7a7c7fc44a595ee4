package io.wsqos.proxy;

import static io.wsqos.core.header.TransportPriority.ASSURED;
import static org.assertj.core.api.Assertions.assertThat;

import io.wsqos.testing.ChildJvm;
import io.wsqos.testing.RawHttp;
import io.wsqos.testing.TestServer;
import io.wsqos.testing.service.EchoService;
import io.wsqos.testing.service.EchoServiceImpl;
import java.nio.file.Path;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code java -jar target/wsqos-qos-proxy.jar} as an operator runs it: it forwards, serves its
 * counters on {@code /metrics}, and prints its two addresses on stdout with no library's logging
 * (logback's default would log Jetty at DEBUG). Run by failsafe, after the jar is packaged.
 */
class ProxyJarIT {

  private static final Path JAR = Path.of("target", "wsqos-qos-proxy.jar");

  @TempDir Path directory;

  @Test
  void theJarForwardsServesItsCountersAndLogsNothingBelowWarn() throws Exception {
    assertThat(JAR).as("the shaded jar; run by failsafe after package").isRegularFile();
    try (TestServer service = TestServer.start(EchoService.class, new EchoServiceImpl());
        ChildJvm proxy =
            ChildJvm.jar(JAR)
                .name("wsqos-qos-proxy")
                .args("--target", "http://127.0.0.1:" + service.port())
                .logDirectory(directory)
                .readyLine(Pattern.compile("^wsqos-proxy metrics at (http://\\S+)"))
                .start()) {
      String metrics = proxy.ready().group(1);
      String address =
          proxy
              .lines(ChildJvm.Stream.STDOUT)
              .get(0)
              .substring("wsqos-proxy listening on ".length());

      RawHttp.Response response =
          RawHttp.postXml(address + TestServer.DEFAULT_PATH, Requests.text(5, ASSURED));
      RawHttp.Response scrape = RawHttp.get(metrics);

      assertThat(response.status()).as(proxy.log()).isEqualTo(200);
      assertThat(scrape.status()).isEqualTo(200);
      assertThat(scrape.text()).contains("wsqos_proxy_responses_total{class=\"assured\"} 1.0");
      assertThat(proxy.lines(ChildJvm.Stream.STDOUT))
          .as("stdout: the two addresses only")
          .hasSize(2);
      assertThat(proxy.stderr()).as("no library logs at DEBUG").doesNotContain("DEBUG");
    }
  }
}

package io.wsqos.broker.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.wsqos.testing.net.TcpRelay;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.h2.tools.Server;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The broker's readiness check follows its database, for real: H2 served over TCP behind a relay
 * the test cuts and restores under a running broker.
 */
class BrokerReadinessTest {

  private static final HttpClient HTTP = HttpClient.newHttpClient();

  @TempDir Path directory;

  @Test
  void readyWhileTheDatabaseAnswersUnreadyWithoutItAndReadyAgainWhenItIsBack() throws Exception {
    Server h2 =
        Server.createTcpServer("-tcpPort", "0", "-ifNotExists", "-baseDir", directory.toString())
            .start();
    try (TcpRelay relay = TcpRelay.to(h2.getPort());
        Broker broker =
            Broker.start(
                BrokerOptions.parse(
                    new String[] {
                      "--port", "0",
                      "--jdbc-url", "jdbc:h2:tcp://127.0.0.1:" + relay.port() + "/broker",
                      "--poll-interval", "50ms",
                      "--stale-after", "300ms",
                      "--metrics", "off"
                    },
                    Map.of()))) {
      HttpResponse<String> up = get(broker.readyAddress());

      relay.cut();
      await()
          .atMost(Duration.ofSeconds(30))
          .until(() -> get(broker.readyAddress()).statusCode() == 503);
      HttpResponse<String> down = get(broker.readyAddress());
      relay.restore();
      await()
          .atMost(Duration.ofSeconds(30))
          .until(() -> get(broker.readyAddress()).statusCode() == 200);

      assertThat(up.statusCode()).isEqualTo(200);
      assertThat(up.body()).isEqualTo("ready\n");
      assertThat(down.statusCode()).isEqualTo(503);
      assertThat(down.body())
          .startsWith("not ready: the registry's database has not answered since ")
          .doesNotContainIgnoringCase("jdbc")
          .doesNotContainIgnoringCase("h2");
      assertThat(broker.readyAddress()).isEqualTo(broker.address() + "/ready");
    } finally {
      h2.stop();
    }
  }

  private static HttpResponse<String> get(String url) throws Exception {
    return HTTP.send(
        HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(10)).build(),
        HttpResponse.BodyHandlers.ofString());
  }
}

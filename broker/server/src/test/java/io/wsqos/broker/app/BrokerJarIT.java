package io.wsqos.broker.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.wsqos.broker.api.Provider;
import io.wsqos.broker.registry.Registry;
import io.wsqos.testing.ChildJvm;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code java -jar target/wsqos-broker.jar} as an operator runs it: it answers, and SIGTERM stops
 * it cleanly with its H2 file intact. Run by failsafe, after the jar is packaged.
 */
class BrokerJarIT {

  private static final Path JAR = Path.of("target", "wsqos-broker.jar");
  private static final HttpClient HTTP = HttpClient.newHttpClient();

  @TempDir Path directory;

  @Test
  void theJarAnswersAndStopsCleanlyOnSigterm() throws Exception {
    assertThat(JAR).as("the shaded jar; run by failsafe after package").isRegularFile();
    String url = "jdbc:h2:file:" + directory.resolve("broker").toAbsolutePath();
    // The database from the environment, where an operator keeps its password.
    try (ChildJvm broker =
        ChildJvm.jar(JAR)
            .name("broker")
            .args("--port", "0")
            .environment("WSQOS_BROKER_JDBC_URL", url)
            .logDirectory(directory)
            .readyLine(Pattern.compile("^Broker listening at (http://\\S+)"))
            .start()) {
      String address = broker.ready().group(1);
      broker.awaitLine(Pattern.compile("admin token"), Duration.ofSeconds(30));
      List<String> lines = broker.lines(ChildJvm.Stream.STDOUT);
      assertThat(lines.get(0)).as(broker.log()).isEqualTo("Broker listening at " + address);
      List<String> urls = new ArrayList<>();
      int next = 1;
      while (!lines.get(next).contains("admin token")) {
        urls.add(lines.get(next++).trim());
      }
      String line = lines.get(next);
      String adminToken = line.substring(line.lastIndexOf(' ') + 1);
      assertThat(urls)
          .contains(
              "REST     " + address + "/api",
              "OpenAPI  " + address + "/api/openapi.json",
              "SOAP     " + address + "/soap?wsdl",
              "console  " + address + "/console/",
              "metrics  " + address + "/metrics");

      HttpResponse<String> console = BrokerLauncherTest.get(address + "/console/console.js");
      assertThat(console.statusCode()).isEqualTo(200);
      assertThat(console.headers().firstValue("Content-Security-Policy")).isPresent();

      HttpResponse<String> metrics = BrokerLauncherTest.get(address + "/metrics");
      assertThat(metrics.statusCode()).isEqualTo(200);
      assertThat(metrics.body()).contains("wsqos_broker_index_version");

      HttpResponse<String> openApi = BrokerLauncherTest.get(address + "/api/openapi.json");
      assertThat(openApi.statusCode()).isEqualTo(200);
      HttpResponse<String> select =
          BrokerLauncherTest.get(
              address + "/api/select?service=%7Bhttp://wsqos.io/ns/bookstore/1%7DBookstore");
      assertThat(select.statusCode()).isEqualTo(200);
      assertThat(select.body()).contains("\"candidates\":[]");

      HttpResponse<String> wsdl = BrokerLauncherTest.get(address + "/soap?wsdl");
      assertThat(wsdl.statusCode()).isEqualTo(200);
      assertThat(wsdl.body()).contains("wsdl:definitions");

      HttpResponse<String> registered =
          HTTP.send(
              HttpRequest.newBuilder(URI.create(address + "/api/providers"))
                  .header("Authorization", "Bearer " + adminToken)
                  .header("Content-Type", "application/json")
                  .POST(HttpRequest.BodyPublishers.ofString("{\"name\":\"Kept Books\"}"))
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      assertThat(registered.statusCode()).as(registered.body()).isEqualTo(201);

      broker.terminate(); // SIGTERM
      broker.awaitExit(Duration.ofSeconds(60));
      assertThat(broker.stderr()).contains("Broker stopped");
      assertThat(directory.resolve("broker.mv.db")).isRegularFile();
      try (Registry registry = Registry.builder().url(url, "", "").migrate(false).build()) {
        assertThat(registry.providers(0, 10).items())
            .extracting(Provider::name)
            .containsExactly("Kept Books");
      }
    }
  }
}

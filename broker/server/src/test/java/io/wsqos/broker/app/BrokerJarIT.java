package io.wsqos.broker.app;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import io.wsqos.broker.api.Provider;
import io.wsqos.broker.registry.Registry;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
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

  private final List<Process> processes = new ArrayList<>();

  @AfterEach
  void killLeftovers() {
    processes.forEach(Process::destroyForcibly);
  }

  @Test
  void theJarAnswersAndStopsCleanlyOnSigterm() throws Exception {
    assertThat(JAR).as("the shaded jar; run by failsafe after package").isRegularFile();
    String url = "jdbc:h2:file:" + directory.resolve("broker").toAbsolutePath();
    Path stderr = directory.resolve("stderr.log");
    ProcessBuilder builder =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar",
                JAR.toString(),
                "--port",
                "0")
            .redirectError(stderr.toFile());
    // The database from the environment, where an operator keeps its password.
    builder.environment().put("WSQOS_BROKER_JDBC_URL", url);
    Process process = builder.start();
    processes.add(process);
    BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), UTF_8));

    String first = out.readLine();
    assertThat(first).as(Files.readString(stderr)).startsWith("Broker listening at http://");
    String address = first.substring("Broker listening at ".length());
    List<String> urls = new ArrayList<>();
    String line = out.readLine();
    while (line != null && !line.contains("admin token")) {
      urls.add(line.trim());
      line = out.readLine();
    }
    assertThat(line).as("the generated admin token's line").isNotNull();
    String adminToken = line.substring(line.lastIndexOf(' ') + 1);
    assertThat(urls)
        .contains(
            "REST     " + address + "/api",
            "OpenAPI  " + address + "/api/openapi.json",
            "SOAP     " + address + "/soap?wsdl",
            "metrics  " + address + "/metrics");

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

    process.destroy(); // SIGTERM
    assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(Files.readString(stderr)).contains("Broker stopped");
    assertThat(directory.resolve("broker.mv.db")).isRegularFile();
    try (Registry registry = Registry.builder().url(url, "", "").migrate(false).build()) {
      assertThat(registry.providers(0, 10).items())
          .extracting(Provider::name)
          .containsExactly("Kept Books");
    }
  }
}

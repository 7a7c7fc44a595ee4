package io.wsqos.broker.war;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.InstanceOfAssertFactories.STRING;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.wsqos.testing.ChildJvm;
import io.wsqos.testing.net.ClosedPort;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * target/wsqos-broker.war deployed as an operator would: copied into the webapps of a jetty.base of
 * the standalone Jetty 12 distribution (jetty-home from Maven Central, unpacked into target),
 * started as {@code java -jar start.jar} in a child process, configured by the environment and a
 * properties file. Through the container it registers a provider, a service, an endpoint and an
 * offer over REST, then selects that offer over REST and over SOAP with a {@code qos:Requirement}.
 * A bad option or an unreachable database fails the broker's context alone: one logged line names
 * the cause, the container answers 503 for it, serves its other context and keeps no thread of the
 * broker's. Run by failsafe, after the WAR is packaged.
 */
class BrokerWarIT {

  private static final Path WAR =
      Path.of(System.getProperty("wsqos.war", "target/wsqos-broker.war"));
  private static final Path JETTY_HOME = Path.of(System.getProperty("wsqos.jetty.home", ""));
  private static final String CONTEXT = "/broker";
  private static final String PORT_TYPE = "{http://wsqos.io/examples}Bookstore";
  private static final Pattern CONNECTOR =
      Pattern.compile(
          "Started ServerConnector@\\S*\\{HTTP/1\\.1[^}]*\\}\\{127\\.0\\.0\\.1:(\\d+)\\}");
  private static final Pattern SERVER_STARTED = Pattern.compile("Started oejs\\.Server@");
  private static final Duration START_TIMEOUT = Duration.ofMinutes(3);
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String OTHER_CONTEXT = "/other";
  private static final String OTHER_PAGE = "another context\n";
  // A thread's header line in jcmd's Thread.print: its name in quotes, then "#<id>".
  private static final Pattern THREAD = Pattern.compile("(?m)^\"(.*)\" #\\d+");

  @TempDir Path directory;

  private Path base;
  private ChildJvm jetty;
  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

  @AfterEach
  void stopJettyAndCleanUp() throws Exception {
    if (jetty != null) {
      jetty.close();
    }
    if (base != null) {
      try (Stream<Path> files = Files.walk(base)) {
        for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
          Files.deleteIfExists(file);
        }
      }
    }
  }

  @Test
  void theWarInAStandaloneJettyAnswersARestAndASoapSelection() throws Exception {
    assertThat(WAR).as("the WAR; run by failsafe after package").isRegularFile();
    assertThat(JETTY_HOME.resolve("start.jar"))
        .as("jetty-home, unpacked by the dependency plugin")
        .isRegularFile();
    try (ZipFile war = new ZipFile(WAR.toFile())) {
      List<String> libraries =
          war.stream().map(e -> e.getName()).filter(n -> n.startsWith("WEB-INF/lib/")).toList();
      assertThat(libraries)
          .as("the WAR's libraries")
          .anyMatch(n -> n.contains("cxf-rt-frontend-jaxws"));
      assertThat(libraries)
          .as("no servlet container classes in the WAR")
          .noneMatch(n -> n.contains("jetty") || n.contains("servlet-api"));
    }

    layOutBase();
    String adminToken = newToken();
    Path properties = directory.resolve("broker.properties");
    Files.writeString(
        properties,
        "jdbc-url=jdbc:h2:file:" + directory.resolve("registry").toAbsolutePath() + "\n");
    String root =
        "http://127.0.0.1:"
            + startJetty(
                Map.of(
                    "WSQOS_BROKER_ADMIN_TOKEN",
                    adminToken,
                    "WSQOS_BROKER_CONFIG",
                    properties.toString()))
            + CONTEXT;
    assertThat(jetty.stdout()).as("the broker's context started").contains("Broker started");

    JsonNode registration = post(root + "/api/providers", adminToken, "{\"name\":\"Acme\"}", 201);
    String providerToken = registration.get("token").asText();
    long providerId = registration.get("provider").get("id").asLong();
    long serviceId =
        post(
                root + "/api/services",
                providerToken,
                "{\"portType\":\""
                    + PORT_TYPE
                    + "\",\"wsdlLocation\":\"http://books.example/b?wsdl\"}",
                201)
            .get("id")
            .asLong();
    long endpointId =
        post(
                root + "/api/endpoints",
                providerToken,
                "{\"providerId\":"
                    + providerId
                    + ",\"serviceId\":"
                    + serviceId
                    + ",\"address\":\"http://books.example/b\",\"bindings\":[\"soap11\"]}",
                201)
            .get("id")
            .asLong();
    long offerId =
        post(
                root + "/api/offers",
                providerToken,
                "{\"endpointId\":"
                    + endpointId
                    + ",\"terms\":{\"price\":\"0.10\",\"currency\":\"EUR\","
                    + "\"maxResponseTimeMillis\":200,\"availability\":0.99,"
                    + "\"throughputPerSecond\":50,\"transportPriorities\":[\"assured\"]}}",
                201)
            .get("id")
            .asLong();

    // The selector's index takes the new offer in just after the write's response (a background
    // refresh the write wakes): the selection is asked again until it has.
    HttpRequest select =
        HttpRequest.newBuilder(
                URI.create(
                    root
                        + "/api/select?service=%7Bhttp://wsqos.io/examples%7DBookstore"
                        + "&maxPrice=0.2&priority=assured&currency=EUR"))
            .GET()
            .build();
    await()
        .atMost(Duration.ofSeconds(10))
        .untilAsserted(
            () -> {
              HttpResponse<String> rest = send(select);
              assertThat(rest.statusCode()).as(rest.body()).isEqualTo(200);
              JsonNode candidates = JSON.readTree(rest.body()).get("candidates");
              assertThat(candidates).hasSize(1);
              assertThat(candidates.get(0).get("offer").get("id").asLong()).isEqualTo(offerId);
              assertThat(candidates.get(0).get("endpoint").get("address").asText())
                  .isEqualTo("http://books.example/b");
            });

    String envelope =
        "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\""
            + " xmlns:b=\"http://wsqos.io/broker\"><soap:Body><b:select>"
            + "<service xmlns:ex=\"http://wsqos.io/examples\">ex:Bookstore</service>"
            + "<currency>EUR</currency>"
            + "<qos:Requirement xmlns:qos=\"http://wsqos.io/ns/qos/1\">"
            + "<qos:compression>server-decides</qos:compression><qos:terms>"
            + "<qos:transportPriority>assured</qos:transportPriority>"
            + "<qos:maxPrice>0.20</qos:maxPrice>"
            + "<qos:maxResponseTimeMillis>500</qos:maxResponseTimeMillis>"
            + "</qos:terms></qos:Requirement>"
            + "</b:select></soap:Body></soap:Envelope>";
    HttpResponse<String> soap =
        send(
            HttpRequest.newBuilder(URI.create(root + "/soap"))
                .header("Content-Type", "text/xml; charset=UTF-8")
                .header("SOAPAction", "\"\"")
                .POST(HttpRequest.BodyPublishers.ofString(envelope, UTF_8))
                .build());
    assertThat(soap.statusCode()).as(soap.body()).isEqualTo(200);
    assertThat(soap.body())
        .contains("selectResponse")
        .contains("http://books.example/b")
        .containsPattern("<offer>\\s*<id>" + offerId + "</id>");

    HttpResponse<String> wsdl =
        send(HttpRequest.newBuilder(URI.create(root + "/soap?wsdl")).GET().build());
    assertThat(wsdl.body()).contains("soap:address location=\"" + root + "/soap\"");
    HttpResponse<String> metrics =
        send(HttpRequest.newBuilder(URI.create(root + "/metrics")).GET().build());
    assertThat(metrics.statusCode()).isEqualTo(200);
    assertThat(metrics.body()).contains("wsqos_broker_selections_seconds_count");
    HttpResponse<String> ready =
        send(HttpRequest.newBuilder(URI.create(root + "/ready")).GET().build());
    assertThat(ready.statusCode()).as(ready.body()).isEqualTo(200);

    HttpResponse<String> console =
        send(HttpRequest.newBuilder(URI.create(root + "/h2-console")).GET().build());
    assertThat(console.statusCode()).as("the H2 console is never served").isEqualTo(404);

    // Undeploying stops the broker in order: the listener says so once everything is closed.
    jetty.close();
    assertThat(jetty.stdout()).contains("Broker stopped");
  }

  @Test
  void aBadOptionFailsTheBrokersContextWithOneLineNamingItAndTheContainerServesTheRest()
      throws Exception {
    layOutBase();

    int port = startJetty(Map.of("WSQOS_BROKER_POOL_SIZE", "many"));

    assertStartFailed(
        port, "The broker could not start: WSQOS_BROKER_POOL_SIZE (--pool-size): many (expected: ");
  }

  @Test
  void anUnreachableDatabaseFailsTheBrokersContextNamingItAndLeavesNoThreadBehind()
      throws Exception {
    layOutBase();
    try (ClosedPort database = ClosedPort.open()) {
      String url = "jdbc:postgresql://127.0.0.1:" + database.port() + "/test";

      int port = startJetty(Map.of("WSQOS_BROKER_JDBC_URL", url, "WSQOS_BROKER_JDBC_USER", "x"));

      assertStartFailed(
          port,
          "The broker could not start: the registry's database is unavailable (connect to "
              + url
              + "): ");
    }
  }

  /**
   * The broker's context did not start and said why in one line starting with {@code line}; the
   * container runs on, serves the other context and answers for the broker's path as for a context
   * that is unavailable; no thread of the broker's (its pool's, its index's, CXF's) is left.
   */
  private void assertStartFailed(int port, String line) throws Exception {
    String text = jetty.stdout();
    assertThat(text.lines().filter(l -> l.contains("The broker could not start")))
        .as("one line says why; the log:%n%s", text)
        .singleElement(STRING)
        .contains(line);
    assertThat(text).doesNotContain("Broker started");
    assertThat(jetty.isAlive()).as("the container runs on").isTrue();

    String root = "http://127.0.0.1:" + port;
    HttpResponse<String> other =
        send(HttpRequest.newBuilder(URI.create(root + OTHER_CONTEXT + "/index.html")).build());
    assertThat(other.statusCode()).as("another context is served").isEqualTo(200);
    assertThat(other.body()).isEqualTo(OTHER_PAGE);
    for (String path : List.of("/api/select?service=x", "/soap?wsdl", "/metrics")) {
      HttpResponse<String> broker =
          send(HttpRequest.newBuilder(URI.create(root + CONTEXT + path)).build());
      assertThat(broker.statusCode()).as("%s: %s", path, broker.body()).isEqualTo(503);
    }

    List<String> threads = threadNames(jetty.pid());
    assertThat(threads).as("the container's threads").anyMatch(t -> t.startsWith("qtp"));
    assertThat(threads)
        .as("no thread of the broker's")
        .noneMatch(t -> t.startsWith("wsqos-") || t.contains("Hikari") || t.contains("cxf"));
  }

  /** The names of the threads of JVM {@code pid}, from {@code jcmd Thread.print}. */
  private List<String> threadNames(long pid) throws Exception {
    Path output = directory.resolve("threads-" + pid + ".txt");
    Process jcmd =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(),
                Long.toString(pid),
                "Thread.print")
            .redirectErrorStream(true)
            .redirectOutput(output.toFile())
            .start();
    try {
      assertThat(jcmd.waitFor(1, TimeUnit.MINUTES)).as("jcmd Thread.print").isTrue();
      assertThat(jcmd.exitValue()).as(Files.readString(output)).isZero();
    } finally {
      jcmd.destroyForcibly();
    }
    List<String> names = new ArrayList<>();
    Matcher thread = THREAD.matcher(Files.readString(output));
    while (thread.find()) {
      names.add(thread.group(1));
    }
    return names;
  }

  /**
   * A jetty.base in target, as the distribution's documentation lays one out, with the WAR as
   * {@value #CONTEXT} and a static context at {@value #OTHER_CONTEXT} beside it.
   */
  private void layOutBase() throws Exception {
    assertThat(WAR).as("the WAR; run by failsafe after package").isRegularFile();
    base = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "jetty-base-");
    run(List.of("--add-modules=http,ee10-deploy"), "add-modules");
    Files.copy(WAR, base.resolve("webapps").resolve(CONTEXT.substring(1) + ".war"));
    Path other =
        Files.createDirectories(base.resolve("webapps").resolve(OTHER_CONTEXT.substring(1)));
    Files.writeString(other.resolve("index.html"), OTHER_PAGE);
    // The unpacked WAR goes to the base's work directory rather than the system's temporary one.
    Files.createDirectories(base.resolve("work"));
  }

  /** Starts Jetty on a free port with {@code environment} added to this one's; returns the port. */
  private int startJetty(Map<String, String> environment) {
    jetty =
        startJar(List.of("jetty.http.host=127.0.0.1", "jetty.http.port=0"))
            .name("jetty")
            .removeEnvironment(name -> name.startsWith("WSQOS_BROKER_"))
            .environment(environment)
            .readyLine(SERVER_STARTED)
            .startTimeout(START_TIMEOUT)
            // Jetty's graceful stop.
            .stopGrace(Duration.ofSeconds(60))
            .start();
    return Integer.parseInt(jetty.awaitLine(CONNECTOR, START_TIMEOUT).group(1));
  }

  private JsonNode post(String url, String token, String body, int status) throws Exception {
    HttpResponse<String> response =
        send(
            HttpRequest.newBuilder(URI.create(url))
                .header("Authorization", "Bearer " + token)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body, UTF_8))
                .build());
    assertThat(response.statusCode()).as("POST %s: %s", url, response.body()).isEqualTo(status);
    return JSON.readTree(response.body());
  }

  private HttpResponse<String> send(HttpRequest request) throws IOException, InterruptedException {
    return http.send(request, HttpResponse.BodyHandlers.ofString(UTF_8));
  }

  /** Runs start.jar with {@code args} in the jetty.base to completion (a bounded wait). */
  private void run(List<String> args, String name) {
    try (ChildJvm startJar = startJar(args).name(name).start()) {
      int exit = startJar.awaitExit(Duration.ofMinutes(2));
      assertThat(exit).as(startJar.stdout()).isZero();
    }
  }

  /**
   * {@code java -jar start.jar} of jetty-home with {@code args} in the jetty.base, its output in
   * one file of the test's directory; {@link ChildJvm#close()} also stops the JVM that start.jar
   * forks where the modules ask for JVM options.
   */
  private ChildJvm.Builder startJar(List<String> args) {
    return ChildJvm.jar(JETTY_HOME.resolve("start.jar").toAbsolutePath())
        .args("jetty.home=" + JETTY_HOME.toAbsolutePath(), "jetty.base=" + base)
        .args(args)
        .directory(base)
        .logDirectory(directory)
        .stderrToStdout();
  }

  private static String newToken() {
    byte[] bytes = new byte[32];
    new SecureRandom().nextBytes(bytes);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
  }
}

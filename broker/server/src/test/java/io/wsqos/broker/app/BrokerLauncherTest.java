package io.wsqos.broker.app;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.wsqos.broker.api.Binding;
import io.wsqos.broker.api.Endpoint;
import io.wsqos.broker.api.OfferTerms;
import io.wsqos.broker.api.ProviderRegistration;
import io.wsqos.broker.api.Selection;
import io.wsqos.broker.api.Service;
import io.wsqos.broker.service.Caller;
import io.wsqos.cli.Arguments;
import io.wsqos.cli.UsageException;
import io.wsqos.core.header.CompressionPreference;
import io.wsqos.core.header.QosRequirement;
import io.wsqos.core.header.QosTerms;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Currency;
import java.util.Map;
import java.util.Set;
import javax.xml.namespace.QName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BrokerLauncherTest {

  private static final HttpClient HTTP = HttpClient.newHttpClient();
  private static final QName BOOKSTORE = new QName("http://wsqos.io/ns/bookstore/1", "Bookstore");

  @TempDir Path directory;

  private String h2File() {
    return "jdbc:h2:file:" + directory.resolve("broker").toAbsolutePath();
  }

  static HttpResponse<String> get(String url) throws Exception {
    return HTTP.send(
        HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(30)).build(),
        HttpResponse.BodyHandlers.ofString());
  }

  @Test
  void startedOnPort0ItServesMetricsOfSelectionsWritesAndTheIndex() throws Exception {
    Arguments arguments =
        BrokerOptions.parse(new String[] {"--port", "0", "--jdbc-url", h2File()}, Map.of());
    try (Broker broker = Broker.start(arguments)) {
      assertThat(broker.port()).isPositive();
      assertThat(broker.generatedAdminToken()).hasValueSatisfying(t -> assertThat(t).hasSize(43));
      ProviderRegistration acme = broker.service().registerProvider(broker.admin(), "Acme");
      Caller provider = Caller.bearer(acme.token());
      Service books =
          broker
              .service()
              .registerService(provider, BOOKSTORE, URI.create("http://books.test/b?wsdl"));
      Endpoint endpoint =
          broker
              .service()
              .registerEndpoint(
                  provider,
                  acme.provider().id(),
                  books.id(),
                  URI.create("http://books.test/b"),
                  Set.of(Binding.SOAP_1_1));
      broker
          .service()
          .publishOffer(
              provider,
              endpoint.id(),
              OfferTerms.builder()
                  .price("0.10", "EUR")
                  .maxResponseTimeMillis(200)
                  .availability(0.99)
                  .throughputPerSecond(50)
                  .build());
      broker.selector().refresh();
      Selection found =
          broker
              .service()
              .select(
                  Caller.anonymous(),
                  BOOKSTORE,
                  QosRequirement.of(
                      CompressionPreference.SERVER_DECIDES, QosTerms.builder().build()));
      Selection none =
          broker
              .service()
              .select(
                  Caller.anonymous(),
                  BOOKSTORE,
                  QosRequirement.of(
                      CompressionPreference.SERVER_DECIDES,
                      QosTerms.builder().maxResponseTimeMillis(50).build()));
      assertThat(found.candidates()).hasSize(1);
      assertThat(none.candidates()).isEmpty();

      HttpResponse<String> metrics = get(broker.metricsAddress().orElseThrow());

      assertThat(metrics.statusCode()).isEqualTo(200);
      assertThat(metrics.body())
          .contains("wsqos_broker_selections_seconds_count{outcome=\"found\"} 1\n")
          .contains("wsqos_broker_selections_seconds_count{outcome=\"none\"} 1\n")
          .contains("wsqos_broker_writes_total{operation=\"publish offer\",outcome=\"ok\"} 1.0")
          .contains("wsqos_broker_index_offers 1.0")
          .contains("wsqos_broker_index_may_be_stale 0.0")
          .contains("wsqos_broker_index_confirmation_age_seconds")
          .contains("wsqos_broker_index_version")
          .contains("wsqos_broker_database_errors_total 0.0");
      HttpResponse<String> rest =
          get(
              broker.restAddress()
                  + "/select?service=%7Bhttp://wsqos.io/ns/bookstore/1%7DBookstore"
                  + "&maxResponseTimeMillis=200");
      assertThat(rest.statusCode()).isEqualTo(200);
      assertThat(rest.body()).contains("\"name\":\"Acme\"").contains("http://books.test/b");
      HttpResponse<String> openApi = get(broker.openApiAddress());
      assertThat(openApi.statusCode()).isEqualTo(200);
      assertThat(openApi.body()).contains("\"openapi\"").contains("/select");
      HttpResponse<String> wsdl = get(broker.wsdlAddress());
      assertThat(wsdl.statusCode()).isEqualTo(200);
      assertThat(wsdl.body())
          .contains("wsdl:definitions")
          .contains("location=\"" + broker.soapAddress() + "\"");
      assertThat(get(broker.address() + "/h2-console").statusCode()).isEqualTo(404);
    }
    assertThat(directory.resolve("broker.mv.db")).isRegularFile();
  }

  @Test
  void withMetricsOffThereIsNoMetricsPath() throws Exception {
    Arguments arguments =
        BrokerOptions.parse(
            new String[] {"--port=0", "--jdbc-url", h2File(), "--metrics", "off"}, Map.of());
    try (Broker broker = Broker.start(arguments)) {
      assertThat(broker.metricsAddress()).isEmpty();
      assertThat(get(broker.address() + Broker.METRICS_PATH).statusCode()).isEqualTo(404);
    }
  }

  @Test
  void aFlagBeatsTheEnvironmentWhichBeatsTheFileWhichBeatsTheDefault() throws Exception {
    Path config = directory.resolve("broker.properties");
    Files.writeString(config, "port=1001\npool-size=7\nreads=closed\ndefault-currency=USD\n");
    Map<String, String> env = Map.of("WSQOS_BROKER_PORT", "1002", "WSQOS_BROKER_POOL_SIZE", "8");

    Arguments all =
        BrokerOptions.parse(new String[] {"--config", config.toString(), "--port", "1003"}, env);
    assertThat(all.get(BrokerOptions.PORT)).isEqualTo(1003);
    assertThat(all.get(BrokerOptions.POOL_SIZE)).isEqualTo(8);
    assertThat(all.get(BrokerOptions.READS)).isEqualTo("closed");
    assertThat(all.get(BrokerOptions.DEFAULT_CURRENCY)).isEqualTo(Currency.getInstance("USD"));
    assertThat(all.get(BrokerOptions.HOST)).isEqualTo("127.0.0.1");

    Arguments envOverFile = BrokerOptions.parse(new String[] {"--config", config.toString()}, env);
    assertThat(envOverFile.get(BrokerOptions.PORT)).isEqualTo(1002);
    Arguments fileOnly =
        BrokerOptions.parse(
            new String[0], Map.of("WSQOS_BROKER_CONFIG", config.toString(), "HOME", "/root"));
    assertThat(fileOnly.get(BrokerOptions.PORT)).isEqualTo(1001);
    assertThat(BrokerOptions.parse(new String[0], Map.of()).get(BrokerOptions.PORT))
        .isEqualTo(BrokerOptions.DEFAULT_PORT);
  }

  @Test
  void aBadValueIsRefusedNamingWhereItWasWritten() throws Exception {
    Path config = directory.resolve("broker.properties");
    Files.writeString(config, "stale-after=soon\n");

    assertThatThrownBy(
            () -> BrokerOptions.parse(new String[0], Map.of("WSQOS_BROKER_POOL_SIZE", "1")))
        .isInstanceOf(UsageException.class)
        .hasMessage("WSQOS_BROKER_POOL_SIZE (--pool-size): 1 (expected: 2..100)");
    assertThatThrownBy(
            () -> BrokerOptions.parse(new String[] {"--config", config.toString()}, Map.of()))
        .isInstanceOf(UsageException.class)
        .hasMessageStartingWith("stale-after in " + config + " (--stale-after): soon (expected:");
    assertThatThrownBy(
            () -> BrokerOptions.parse(new String[] {"--default-currency", "EURO"}, Map.of()))
        .hasMessage("--default-currency: EURO (expected: an ISO 4217 currency code such as EUR)");
    Path missing = directory.resolve("absent.properties");
    assertThatThrownBy(
            () -> BrokerOptions.parse(new String[] {"--config", missing.toString()}, Map.of()))
        .hasMessage(missing + ": no such file (expected: a properties file)");
  }

  @Test
  void aConfiguredAdminTokenIsTheAdministratorsAndNeitherPrintedNorShownWhenRefused()
      throws Exception {
    String token = "a-configured-admin-token-of-40-characters";
    Arguments arguments =
        BrokerOptions.parse(
            new String[] {"--port=0", "--jdbc-url", h2File()},
            Map.of("WSQOS_BROKER_ADMIN_TOKEN", token));
    try (Broker broker = Broker.start(arguments)) {
      assertThat(broker.generatedAdminToken()).isEmpty();
      assertThat(broker.service().registerProvider(Caller.bearer(token), "Acme").provider().name())
          .isEqualTo("Acme");
    }
    assertThatThrownBy(
            () ->
                BrokerOptions.parse(
                    new String[0], Map.of("WSQOS_BROKER_ADMIN_TOKEN", "short-secret")))
        .hasMessage(
            "WSQOS_BROKER_ADMIN_TOKEN (--admin-token): (secret of 12 characters) (expected: 22 to"
                + " 512 printable ASCII characters without spaces)")
        .message()
        .doesNotContain("short-secret");
  }

  @Test
  void runExitsWith1AndOneLineForABadOptionOrATakenPort() throws Exception {
    Output bad = run(Map.of("WSQOS_BROKER_READS", "sometimes"), "--port", "0");
    assertThat(bad.status).isEqualTo(1);
    assertThat(bad.out).isEmpty();
    assertThat(bad.err.lines())
        .containsExactly(
            "WSQOS_BROKER_READS (--reads): sometimes (expected: one of open, closed) (see --help)");

    try (ServerSocket taken = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      Output busy =
          run(Map.of(), "--port", Integer.toString(taken.getLocalPort()), "--jdbc-url", h2File());
      assertThat(busy.status).isEqualTo(1);
      assertThat(busy.out).isEmpty();
      assertThat(busy.err.lines()).hasSize(1);
      assertThat(busy.err)
          .startsWith("The broker could not start: ")
          .contains(":" + taken.getLocalPort());
    }

    Output help = run(Map.of(), "--help");
    assertThat(help.status).isZero();
    assertThat(help.out).isEqualTo(BrokerOptions.OPTIONS.usage());
  }

  private record Output(int status, String out, String err) {}

  private static Output run(Map<String, String> env, String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status =
        BrokerLauncher.run(
            args, env, new PrintStream(out, true, UTF_8), new PrintStream(err, true, UTF_8));
    return new Output(status, out.toString(UTF_8), err.toString(UTF_8));
  }
}

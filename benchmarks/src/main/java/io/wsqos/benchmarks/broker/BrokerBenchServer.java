package io.wsqos.benchmarks.broker;

import com.fasterxml.jackson.jakarta.rs.json.JacksonJsonProvider;
import io.wsqos.broker.api.Binding;
import io.wsqos.broker.api.Endpoint;
import io.wsqos.broker.api.ProviderRegistration;
import io.wsqos.broker.api.Selection;
import io.wsqos.broker.api.Service;
import io.wsqos.broker.api.json.BrokerJson;
import io.wsqos.broker.app.Broker;
import io.wsqos.broker.app.BrokerOptions;
import io.wsqos.broker.registry.Registry;
import io.wsqos.broker.rest.BrokerRest;
import io.wsqos.broker.selection.OfferSelector;
import io.wsqos.broker.service.BrokerService;
import io.wsqos.broker.service.Caller;
import io.wsqos.broker.soap.BrokerSoap;
import io.wsqos.broker.soap.SelectRequest;
import io.wsqos.broker.soap.SelectResponse;
import io.wsqos.cli.Arguments;
import io.wsqos.cli.Option;
import io.wsqos.cli.Options;
import io.wsqos.server.EmbeddedServer;
import io.wsqos.server.Launcher;
import java.io.IOException;
import java.io.StringReader;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import javax.xml.namespace.QName;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Element;
import org.xml.sax.InputSource;

/**
 * The server JVM of the broker experiments. {@code --mode broker} fills a registry with a {@link
 * BrokerDataSet} and starts the broker's own {@link Broker} on it (REST, SOAP, metrics, as {@code
 * java -jar wsqos-broker.jar} runs it), and registers a publisher provider with one endpoint of its
 * own for the publish runs. {@code --mode minimal} serves the goals' baselines on the same server:
 * a JAX-RS {@code GET /api/select} and a JAX-WS {@code select} at {@code /soap}, each answering
 * every request with the broker's own answer for service 0 made once at start. Prints one line,
 * {@code Broker bench listening at URL publisher-token=T publisher-endpoint=ID}, then runs until
 * SIGTERM.
 */
public final class BrokerBenchServer {

  /** The first line the experiments wait for. */
  public static final Pattern LISTENING =
      Pattern.compile(
          "Broker bench listening at (http://\\S+) publisher-token=(\\S+) publisher-endpoint=(\\d+)");

  /** The requirement every selection of the experiments carries: the defaults, best effort. */
  public static final String REQUIREMENT_XML =
      "<qos:Requirement xmlns:qos=\"http://wsqos.io/ns/qos/1\">"
          + "<qos:compression>server-decides</qos:compression>"
          + "<qos:terms><qos:transportPriority>best-effort</qos:transportPriority></qos:terms>"
          + "</qos:Requirement>";

  static final Option<String> MODE =
      Option.choice("mode", "broker", List.of("broker", "minimal"), "what to serve");
  static final Option<String> SET =
      Option.choice("set", "large", List.of("paper", "large"), "the data set");
  static final Option<String> JDBC_URL =
      Option.string(
          "jdbc-url",
          null,
          "the broker's database (default: an H2 file in a new temporary directory); a"
              + " PostgreSQL one is used in --schema, emptied first");
  static final Option<String> JDBC_USER = Option.string("jdbc-user", "", "database user");
  static final Option<String> SCHEMA =
      Option.string(
          "schema", "wsqos_bench_broker", "PostgreSQL only: the schema dropped and made anew");
  static final Option<Integer> PORT = Option.integer("port", 0, 0, 65_535, "port; 0 picks one");

  static final Options OPTIONS =
      Options.of(
          "BrokerBenchServer",
          "The broker, or its minimal baselines, for the broker experiments.",
          MODE,
          SET,
          JDBC_URL,
          JDBC_USER,
          SCHEMA,
          PORT);

  private static final String ADMIN_TOKEN = "broker-bench-admin-token-0123456789";

  private BrokerBenchServer() {}

  public static void main(String[] argv) throws Exception {
    Arguments args = OPTIONS.parse(argv);
    if (args.helpRequested()) {
      System.out.print(OPTIONS.usage());
      return;
    }
    Launcher.bridgeJavaUtilLogging();
    BrokerDataSet set = BrokerDataSet.of(args.get(SET));
    AutoCloseable running;
    Launcher.Stoppable stopped;
    String line;
    if (args.get(MODE).equals("minimal")) {
      EmbeddedServer server = minimal(set, args.get(PORT));
      running = server;
      stopped = server::join;
      line = listening(server.address(), "-", 0);
    } else {
      Broker broker = broker(set, args);
      running = broker;
      stopped = broker::join;
      ProviderRegistration publisher =
          broker.service().registerProvider(broker.admin(), "publisher");
      Caller caller = Caller.bearer(publisher.token());
      Service service =
          broker
              .service()
              .registerService(
                  caller,
                  new QName(BrokerDataSet.NAMESPACE, "Published"),
                  URI.create("http://127.0.0.1:8080/published?wsdl"));
      Endpoint endpoint =
          broker
              .service()
              .registerEndpoint(
                  caller,
                  publisher.provider().id(),
                  service.id(),
                  URI.create("http://127.0.0.1:9000/published"),
                  Set.of(Binding.SOAP_1_1));
      line = listening(broker.address(), publisher.token(), endpoint.id());
    }
    System.out.println(line);
    System.out.flush();
    Launcher.closeOnShutdownAndWait("broker-bench-shutdown", running, stopped);
  }

  private static String listening(String address, String token, long endpoint) {
    return "Broker bench listening at "
        + address
        + " publisher-token="
        + token
        + " publisher-endpoint="
        + endpoint;
  }

  /**
   * Fills the database, then starts the broker on it; the fill goes through a registry of its own,
   * on PostgreSQL without waiting for each commit's flush, since only the broker's writes are
   * measured.
   */
  private static Broker broker(BrokerDataSet set, Arguments args) throws IOException, SQLException {
    String url = args.optional(JDBC_URL).orElse(null);
    String user = args.get(JDBC_USER);
    String fillUrl;
    if (url == null) {
      Path dir = Files.createTempDirectory("wsqos-broker-bench");
      url = "jdbc:h2:file:" + dir.resolve("broker").toAbsolutePath();
      fillUrl = url;
    } else if (url.startsWith("jdbc:postgresql:")) {
      String schema = args.get(SCHEMA);
      recreateSchema(url, user, schema);
      url = url + (url.contains("?") ? "&" : "?") + "currentSchema=" + schema;
      fillUrl = url + "&options=-c%20synchronous_commit%3Doff";
    } else {
      fillUrl = url;
    }
    try (Registry registry = Registry.builder().url(fillUrl, user, "").build()) {
      set.fill(registry);
    }
    List<String> brokerArgs = new ArrayList<>();
    brokerArgs.add("--port=" + args.get(PORT));
    brokerArgs.add("--jdbc-url=" + url);
    brokerArgs.add("--jdbc-user=" + user);
    brokerArgs.add("--admin-token=" + ADMIN_TOKEN);
    return Broker.start(BrokerOptions.parse(brokerArgs.toArray(String[]::new), Map.of()));
  }

  private static void recreateSchema(String url, String user, String schema) throws SQLException {
    if (!schema.matches("[a-z_][a-z0-9_]{0,62}")) {
      throw new IllegalArgumentException("schema: " + schema + " (expected: [a-z_][a-z0-9_]*)");
    }
    try (Connection connection = DriverManager.getConnection(url, user, "");
        Statement statement = connection.createStatement()) {
      statement.execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
      statement.execute("CREATE SCHEMA " + schema);
    }
  }

  /**
   * The baselines: the broker's answers for service 0 of {@code set} (REST and SOAP), taken once
   * from a broker in memory, served as constants by a JAX-RS resource and a JAX-WS endpoint.
   */
  private static EmbeddedServer minimal(BrokerDataSet set, int port) throws Exception {
    Selection selection;
    SelectResponse response;
    try (Registry registry =
            Registry.builder()
                .url("jdbc:h2:mem:broker-bench-minimal-" + System.nanoTime(), "", "")
                .build();
        OfferSelector selector = OfferSelector.builder(registry).build()) {
      List<QName> services = set.fill(registry, 1);
      selector.refresh();
      BrokerService service =
          BrokerService.builder(registry, selector).adminToken(ADMIN_TOKEN).build();
      QName first = services.get(0);
      selection = service.select(Caller.anonymous(), first, BrokerDataSet.requirement(0));
      SelectRequest request = new SelectRequest();
      request.service = first;
      request.requirement.add(requirementElement());
      response = BrokerSoap.endpoint(service).select(request);
    }
    return EmbeddedServer.builder()
        .port(port)
        .threadNamePrefix("wsqos-broker-http")
        .jaxrs(
            BrokerRest.PATH,
            List.of(new ConstantSelectResource(selection)),
            List.of(new JacksonJsonProvider(BrokerJson.newMapper())))
        .endpoint(BrokerSoap.PATH, ConstantSelectPort.class, new ConstantSelectEndpoint(response))
        .start();
  }

  private static Element requirementElement() throws Exception {
    DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
    factory.setNamespaceAware(true);
    return factory
        .newDocumentBuilder()
        .parse(new InputSource(new StringReader(REQUIREMENT_XML)))
        .getDocumentElement();
  }
}

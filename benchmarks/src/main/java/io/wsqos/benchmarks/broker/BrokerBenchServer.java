package io.wsqos.benchmarks.broker;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.jakarta.rs.json.JacksonJsonProvider;
import io.wsqos.benchmarks.load.HttpRequest;
import io.wsqos.benchmarks.load.RequestSource;
import io.wsqos.broker.api.Binding;
import io.wsqos.broker.api.ProviderRegistration;
import io.wsqos.broker.api.Selection;
import io.wsqos.broker.api.json.BrokerJson;
import io.wsqos.broker.api.json.Requests;
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
import jakarta.jws.WebMethod;
import jakarta.jws.WebParam;
import jakarta.jws.WebResult;
import jakarta.jws.WebService;
import jakarta.jws.soap.SOAPBinding;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.io.StringReader;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.namespace.QName;
import javax.xml.parsers.DocumentBuilderFactory;
import org.xml.sax.InputSource;

/**
 * The server JVM of the broker experiments, and the requests they send it. {@code --mode broker}
 * fills a registry with a {@link BrokerDataSet} and starts the broker on it as {@code java -jar
 * wsqos-broker.jar} does, with a publisher provider of its own; {@code --mode minimal} serves the
 * goals' baselines, a JAX-RS {@code GET /api/select} and a JAX-WS {@code select} at {@code /soap}
 * answering the broker's own answer for service 0, made once. Prints {@link #LISTENING}'s line,
 * then runs until SIGTERM.
 */
public final class BrokerBenchServer {

  /** The line the experiments wait for: the URL, the publisher's token and endpoint. */
  public static final Pattern LISTENING =
      Pattern.compile(
          "Broker bench listening at (http://\\S+) publisher-token=(\\S+) publisher-endpoint=(\\d+)");

  /** The requirement every selection of the experiments carries: the defaults, best effort. */
  static final String REQUIREMENT_XML =
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
    if (args.get(MODE).equals("minimal")) {
      EmbeddedServer server = minimal(set, args.get(PORT));
      System.out.println(listening(server.address(), "-", 0));
      System.out.flush();
      Launcher.closeOnShutdownAndWait("broker-bench-shutdown", server, server::join);
      return;
    }
    Broker broker = broker(set, args);
    ProviderRegistration publisher = broker.service().registerProvider(broker.admin(), "publisher");
    Caller caller = Caller.bearer(publisher.token());
    long service =
        broker
            .service()
            .registerService(
                caller,
                new QName(BrokerDataSet.NAMESPACE, "Published"),
                URI.create("http://127.0.0.1:8080/published?wsdl"))
            .id();
    long endpoint =
        broker
            .service()
            .registerEndpoint(
                caller,
                publisher.provider().id(),
                service,
                URI.create("http://127.0.0.1:9000/published"),
                Set.of(Binding.SOAP_1_1))
            .id();
    System.out.println(listening(broker.address(), publisher.token(), endpoint));
    System.out.flush();
    Launcher.closeOnShutdownAndWait("broker-bench-shutdown", broker, broker::join);
  }

  private static String listening(String address, String token, long endpoint) {
    return "Broker bench listening at %s publisher-token=%s publisher-endpoint=%d"
        .formatted(address, token, endpoint);
  }

  /**
   * The requests of {@code api} ({@code rest}, {@code soap} or {@code publish}) against the server
   * that printed {@code listening}, on kept-alive connections: the selections cycle through the
   * set's services, the publishes through five offer terms.
   */
  public static RequestSource requests(String api, String listening, BrokerDataSet set) {
    Matcher m = LISTENING.matcher(listening);
    if (!m.find()) {
      throw new IllegalArgumentException(
          "listening: " + listening + " (expected: " + LISTENING + ")");
    }
    URI base = URI.create(m.group(1));
    List<HttpRequest.Builder> requests = new ArrayList<>();
    for (int i = 0; i < (api.equals("publish") ? 5 : set.serviceCount()); i++) {
      QName service = BrokerDataSet.portType(i);
      requests.add(
          switch (api) {
            case "rest" ->
                HttpRequest.get(
                    base.resolve(
                        "/api/select?service="
                            + URLEncoder.encode(service.toString(), StandardCharsets.UTF_8)
                            + "&priority=best-effort&compression=server-decides"));
            case "soap" ->
                HttpRequest.post(base.resolve("/soap"), selectEnvelope(service))
                    .header("Content-Type", "text/xml; charset=UTF-8")
                    .header("SOAPAction", "\"\"");
            case "publish" ->
                HttpRequest.post(base.resolve("/api/offers"), publishBody(m.group(3), i))
                    .header("Content-Type", "application/json")
                    .header("Authorization", "Bearer " + m.group(2));
            default -> throw new IllegalArgumentException("api: " + api);
          });
    }
    return RequestSource.cycling(requests.stream().map(r -> r.keepAlive(true).build()).toList());
  }

  private static byte[] selectEnvelope(QName service) {
    return ("<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\""
            + " xmlns:b=\"http://wsqos.io/broker\"><soap:Body><b:select>"
            + "<service xmlns:s=\""
            + service.getNamespaceURI()
            + "\">s:"
            + service.getLocalPart()
            + "</service>"
            + REQUIREMENT_XML
            + "</b:select></soap:Body></soap:Envelope>")
        .getBytes(StandardCharsets.UTF_8);
  }

  private static byte[] publishBody(String endpoint, int variant) {
    try {
      return BrokerJson.newMapper()
          .writeValueAsBytes(
              new Requests.NewOffer(Long.parseLong(endpoint), BrokerDataSet.terms(variant)));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("publish body", e);
    }
  }

  /**
   * Fills the database, then starts the broker on it; the fill goes through a registry of its own,
   * on PostgreSQL without waiting for each commit's flush, since only the broker's writes are
   * measured.
   */
  private static Broker broker(BrokerDataSet set, Arguments args) throws Exception {
    String url = args.optional(JDBC_URL).orElse(null);
    String user = args.get(JDBC_USER);
    String fillUrl;
    if (url == null) {
      url =
          "jdbc:h2:file:"
              + Files.createTempDirectory("wsqos-broker-bench").resolve("broker").toAbsolutePath();
      fillUrl = url;
    } else if (url.startsWith("jdbc:postgresql:")) {
      String schema = args.get(SCHEMA);
      if (!schema.matches("[a-z_][a-z0-9_]{0,62}")) {
        throw new IllegalArgumentException("schema: " + schema + " (expected: [a-z_][a-z0-9_]*)");
      }
      try (Connection connection = DriverManager.getConnection(url, user, "");
          Statement statement = connection.createStatement()) {
        statement.execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
        statement.execute("CREATE SCHEMA " + schema);
      }
      url = url + (url.contains("?") ? "&" : "?") + "currentSchema=" + schema;
      fillUrl = url + "&options=-c%20synchronous_commit%3Doff";
    } else {
      fillUrl = url;
    }
    try (Registry registry = Registry.builder().url(fillUrl, user, "").build()) {
      set.fill(registry);
    }
    String[] brokerArgs = {
      "--port=" + args.get(PORT),
      "--jdbc-url=" + url,
      "--jdbc-user=" + user,
      "--admin-token=" + ADMIN_TOKEN
    };
    return Broker.start(BrokerOptions.parse(brokerArgs, Map.of()));
  }

  /** The baselines, serving the broker's answers for service 0, taken from a broker in memory. */
  private static EmbeddedServer minimal(BrokerDataSet set, int port) throws Exception {
    Selection selection;
    SelectResponse response;
    try (Registry registry =
            Registry.builder()
                .url("jdbc:h2:mem:broker-bench-minimal-" + System.nanoTime(), "", "")
                .build();
        OfferSelector selector = OfferSelector.builder(registry).build()) {
      QName first = set.fill(registry, 1).get(0);
      selector.refresh();
      BrokerService service =
          BrokerService.builder(registry, selector).adminToken(ADMIN_TOKEN).build();
      selection = service.select(Caller.anonymous(), first, BrokerDataSet.requirement(0));
      SelectRequest request = new SelectRequest();
      request.service = first;
      DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
      factory.setNamespaceAware(true);
      request.requirement.add(
          factory
              .newDocumentBuilder()
              .parse(new InputSource(new StringReader(REQUIREMENT_XML)))
              .getDocumentElement());
      response = BrokerSoap.endpoint(service).select(request);
    }
    return EmbeddedServer.builder()
        .port(port)
        .threadNamePrefix("wsqos-broker-http")
        .jaxrs(
            BrokerRest.PATH,
            List.of(new ConstantSelectResource(selection)),
            List.of(new JacksonJsonProvider(BrokerJson.newMapper())))
        .endpoint(BrokerSoap.PATH, ConstantSelectPort.class, new ConstantSelectPort(response))
        .start();
  }

  /** The JAX-RS baseline: the broker's {@code GET /api/select}, answered with one selection. */
  @Path("/select")
  @Produces(MediaType.APPLICATION_JSON)
  public static final class ConstantSelectResource {
    private final Selection selection;

    ConstantSelectResource(Selection selection) {
      this.selection = selection;
    }

    /** The constant selection, whatever the service asked for. */
    @GET
    public Selection select(@QueryParam("service") String service) {
      return selection;
    }
  }

  /**
   * The JAX-WS baseline: the broker's own {@code select} operation (namespace, document/literal
   * bare, request and response types), answered with one response, and no other operation.
   */
  @WebService(name = "Broker", targetNamespace = BrokerSoap.NAMESPACE)
  @SOAPBinding(style = SOAPBinding.Style.DOCUMENT, use = SOAPBinding.Use.LITERAL)
  public static class ConstantSelectPort {
    private final SelectResponse response;

    ConstantSelectPort(SelectResponse response) {
      this.response = response;
    }

    /** The constant response, whatever the request. */
    @WebMethod(operationName = "select")
    @SOAPBinding(parameterStyle = SOAPBinding.ParameterStyle.BARE)
    @WebResult(name = "selectResponse", targetNamespace = BrokerSoap.NAMESPACE, partName = "result")
    public SelectResponse select(
        @WebParam(name = "select", targetNamespace = BrokerSoap.NAMESPACE, partName = "request")
            SelectRequest request) {
      return response;
    }
  }
}

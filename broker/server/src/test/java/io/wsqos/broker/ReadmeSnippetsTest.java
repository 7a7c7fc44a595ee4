package io.wsqos.broker;

import static io.wsqos.broker.registry.ProviderCheck.ANY;
import static io.wsqos.core.header.CompressionPreference.SERVER_DECIDES;
import static io.wsqos.core.header.TransportPriority.ASSURED;
import static org.assertj.core.api.Assertions.assertThat;

import io.wsqos.broker.api.Binding;
import io.wsqos.broker.api.Endpoint;
import io.wsqos.broker.api.OfferTerms;
import io.wsqos.broker.api.Provider;
import io.wsqos.broker.api.Selection;
import io.wsqos.broker.api.Service;
import io.wsqos.broker.client.BrokerClient;
import io.wsqos.broker.client.QosAwareClientFeature;
import io.wsqos.broker.registry.Registry;
import io.wsqos.broker.selection.OfferSelector;
import io.wsqos.broker.service.BrokerService;
import io.wsqos.broker.soap.BrokerPort;
import io.wsqos.broker.soap.BrokerSoap;
import io.wsqos.core.header.QosRequirement;
import io.wsqos.core.header.QosTerms;
import io.wsqos.core.header.TransportPriority;
import io.wsqos.server.EmbeddedServer;
import io.wsqos.testing.TestServer;
import io.wsqos.testing.db.TestDatabase;
import io.wsqos.testing.service.EchoService;
import io.wsqos.testing.service.EchoServiceImpl;
import java.math.BigDecimal;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Optional;
import java.util.Set;
import javax.xml.namespace.QName;
import org.apache.cxf.frontend.ClientProxy;
import org.apache.cxf.jaxws.JaxWsProxyFactoryBean;
import org.junit.jupiter.api.Test;

/**
 * The broker README's Java snippets, each a region ({@code snippet-start} .. {@code snippet-end})
 * run here against a registry on H2 and a real broker; the architecture module's {@code
 * SnippetRegionsTest} keeps the README's copy of each region equal to it.
 */
class ReadmeSnippetsTest {

  @Test
  void theJavaApiSnippetRegistersAnOfferAndSelectsIt() throws Exception {
    try (TestDatabase database = TestDatabase.h2()) {
      String url = database.url();
      String user = database.user();
      String pw = "";
      Optional<URI> where;

      where = registerAndSelect(url, user, pw);

      assertThat(where).hasValue(URI.create("http://books.example/bookstore"));
    }
  }

  /** The Java API snippet: an offer registered and selected; where to call. */
  private static Optional<URI> registerAndSelect(String url, String user, String pw) {
    Optional<URI> where;
    // snippet-start broker-readme-java-api
    try (Registry registry = Registry.builder().url(url, user, pw).build(); // H2 or PostgreSQL
        OfferSelector selector = OfferSelector.builder(registry).build()) {
      Provider acme = registry.registerProvider("Acme Books");
      QName portType = new QName("http://wsqos.io/examples", "Bookstore");
      Service books = registry.registerService(portType, URI.create("http://books.example/?wsdl"));
      URI address = URI.create("http://books.example/bookstore");
      Set<Binding> soap = Set.of(Binding.SOAP_1_1);
      Endpoint endpoint = registry.registerEndpoint(acme.id(), books.id(), address, soap, ANY);
      OfferTerms.Builder terms = OfferTerms.builder().price("0.10", "EUR").availability(0.99);
      terms.maxResponseTimeMillis(200).throughputPerSecond(50);
      registry.publishOffer(endpoint.id(), terms.build(), ANY); // ANY: as the administrator
      selector.refresh(); // selections now see every write before it (else within 200 ms)
      QosTerms upTo20Cents = QosTerms.builder().maxPrice(new BigDecimal("0.20")).build();
      QosRequirement requirement = QosRequirement.of(SERVER_DECIDES, upTo20Cents);
      Selection selection = selector.select(portType, requirement);
      where = selection.best().map(c -> c.endpoint().address()); // where to call
    }
    // snippet-end broker-readme-java-api
    return where;
  }

  @Test
  void theQosAwareClientSnippetCallsTheOfferedEndpoint() throws Exception {
    try (BrokerStack stack = BrokerStack.start();
        TestServer provider =
            TestServer.builder(EchoService.class, new EchoServiceImpl()).start()) {
      QName portType = new QName(EchoService.NAMESPACE, "EchoService");
      Registry registry = stack.registry();
      long service =
          registry.registerService(portType, URI.create(provider.address() + "?wsdl")).id();
      long acme = registry.registerProvider("Acme").id();
      Endpoint endpoint =
          registry.registerEndpoint(
              acme, service, URI.create(provider.address()), Set.of(Binding.SOAP_1_1), ANY);
      registry.publishOffer(
          endpoint.id(),
          OfferTerms.builder()
              .price("0.30", "EUR")
              .maxResponseTimeMillis(1_000)
              .availability(0.99)
              .throughputPerSecond(100)
              .transportPriorities(TransportPriority.BEST_EFFORT, TransportPriority.ASSURED)
              .build(),
          ANY);
      stack.selector().refresh();
      BrokerClient broker = BrokerClient.builder(URI.create(stack.address())).build();
      JaxWsProxyFactoryBean factory = new JaxWsProxyFactoryBean();
      factory.setServiceClass(EchoService.class);

      addQosAwareClient(broker, portType, factory);

      EchoService echo = factory.create(EchoService.class);
      try {
        assertThat(echo.echo("hi")).isEqualTo("echo: hi");
      } finally {
        ClientProxy.getClient(echo).destroy();
      }
    }
  }

  /** The QoS-aware client snippet: the feature on a client factory. */
  private static void addQosAwareClient(
      BrokerClient broker, QName portType, JaxWsProxyFactoryBean factory) {
    // snippet-start broker-readme-qos-aware-client
    QosTerms terms =
        QosTerms.builder().maxPrice(new BigDecimal("0.40")).transportPriority(ASSURED).build();
    QosRequirement wanted = QosRequirement.of(SERVER_DECIDES, terms);
    QosAwareClientFeature qos = QosAwareClientFeature.builder(broker, portType, wanted).build();
    factory.getFeatures().add(qos); // a JaxWsProxyFactoryBean
    // snippet-end broker-readme-qos-aware-client
  }

  @Test
  void theSoapSnippetServesTheBrokersWsdl() throws Exception {
    try (BrokerStack stack = BrokerStack.start()) {
      BrokerService brokerService = stack.service();

      EmbeddedServer server;
      // snippet-start broker-readme-soap
      BrokerPort port = BrokerSoap.endpoint(brokerService);
      server = EmbeddedServer.builder().endpoint(BrokerSoap.PATH, BrokerPort.class, port).start();
      // snippet-end broker-readme-soap

      try (server) {
        HttpResponse<String> wsdl =
            HttpClient.newHttpClient()
                .send(
                    HttpRequest.newBuilder(URI.create(server.address(BrokerSoap.PATH) + "?wsdl"))
                        .build(),
                    HttpResponse.BodyHandlers.ofString());

        assertThat(wsdl.statusCode()).isEqualTo(200);
        assertThat(wsdl.body()).contains("http://wsqos.io/broker");
      }
    }
  }
}

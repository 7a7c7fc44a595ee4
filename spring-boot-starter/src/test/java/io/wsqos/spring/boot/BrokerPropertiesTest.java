package io.wsqos.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.wsqos.broker.api.Binding;
import io.wsqos.broker.api.Endpoint;
import io.wsqos.broker.api.OfferTerms;
import io.wsqos.broker.api.UnauthenticatedException;
import io.wsqos.broker.app.Broker;
import io.wsqos.broker.app.BrokerOptions;
import io.wsqos.broker.client.BrokerClient;
import io.wsqos.broker.client.BrokerEndpointCandidates;
import io.wsqos.core.routing.EndpointCandidates;
import io.wsqos.monitor.reconfiguration.ReroutingFeature;
import io.wsqos.testing.TestServer;
import io.wsqos.testing.net.ClosedPort;
import io.wsqos.testing.service.EchoService;
import io.wsqos.testing.service.EchoServiceImpl;
import java.net.URI;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import javax.xml.namespace.QName;
import org.apache.cxf.Bus;
import org.apache.cxf.BusFactory;
import org.apache.cxf.frontend.ClientProxy;
import org.apache.cxf.jaxws.JaxWsProxyFactoryBean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * {@code wsqos.broker.*} alone gives the application a client of the broker at that URL and the
 * broker's selections as rerouting candidates, closed with the context; with {@code
 * wsqos.monitor.rerouting.source=broker} the application's clients call the broker's choice.
 */
class BrokerPropertiesTest {

  @TempDir Path directory;

  private final ApplicationContextRunner context =
      new ApplicationContextRunner()
          .withConfiguration(AutoConfigurations.of(WsQosAutoConfiguration.class))
          .withUserConfiguration(BusConfiguration.class);

  @Test
  void aBrokerUrlAndTokenGiveAClientOfThatBrokerAndItsCandidates() {
    try (Broker broker =
        Broker.start(
            BrokerOptions.parse(
                new String[] {
                  "--port", "0",
                  "--jdbc-url", "jdbc:h2:file:" + directory.resolve("broker").toAbsolutePath(),
                  "--metrics", "off"
                },
                Map.of()))) {
      context
          .withPropertyValues("wsqos.broker.url=" + broker.address())
          .run(
              app -> {
                assertThat(app.getBean(BrokerClient.class).providers(0, 10).items()).isEmpty();
                assertThat(app.getBean(EndpointCandidates.class))
                    .isInstanceOf(BrokerEndpointCandidates.class);
              });
      context
          .withPropertyValues(
              "wsqos.broker.url=" + broker.address(), "wsqos.broker.token=not-a-token")
          .run(
              app ->
                  assertThatThrownBy(() -> app.getBean(BrokerClient.class).providers(0, 10))
                      .isInstanceOf(UnauthenticatedException.class)
                      .hasMessageContaining("unknown token"));
    }
  }

  @Test
  void reroutingFromTheBrokerSendsTheClientsCallsToTheEndpointOfTheBestOffer() throws Exception {
    QName portType = new QName(EchoService.NAMESPACE, "EchoService");
    EchoServiceImpl service = new EchoServiceImpl();
    try (Broker broker = startBroker();
        TestServer provider = TestServer.start(EchoService.class, service);
        ClosedPort nowhere = ClosedPort.open()) {
      offer(broker, portType, provider.address());
      context
          .withPropertyValues(
              "wsqos.broker.url=" + broker.address(),
              "wsqos.monitor.rerouting.enabled=true",
              "wsqos.monitor.rerouting.source=broker",
              "wsqos.monitor.rerouting.services=" + portType)
          .run(
              app -> {
                ReroutingFeature echo =
                    app.getBean(ReroutingFeatures.class)
                        .forService(portType.toString())
                        .orElseThrow();
                // The client's own address refuses: only the broker's choice can answer.
                JaxWsProxyFactoryBean factory = new JaxWsProxyFactoryBean();
                factory.setBus(app.getBean(Bus.class));
                factory.setAddress(nowhere.url("/echo"));
                EchoService client = factory.create(EchoService.class);
                String answer;
                try {
                  answer = client.echo("Ada");
                } finally {
                  ClientProxy.getClient(client).destroy();
                }

                assertThat(answer).isEqualTo("echo: Ada");
                assertThat(service.invocations()).isEqualTo(1);
                assertThat(echo.currentEndpoint()).contains(provider.address());
              });
    }
  }

  private Broker startBroker() {
    return Broker.start(
        BrokerOptions.parse(
            new String[] {
              "--port", "0",
              "--jdbc-url",
                  "jdbc:h2:file:" + directory.resolve("broker-rerouting").toAbsolutePath(),
              "--metrics", "off"
            },
            Map.of()));
  }

  /** Provider Acme's offer for {@code portType} at {@code address}, made by the administrator. */
  private static void offer(Broker broker, QName portType, String address) {
    long acme = broker.service().registerProvider(broker.admin(), "Acme").provider().id();
    long service =
        broker
            .service()
            .registerService(broker.admin(), portType, URI.create(address + "?wsdl"))
            .id();
    Endpoint endpoint =
        broker
            .service()
            .registerEndpoint(
                broker.admin(), acme, service, URI.create(address), Set.of(Binding.SOAP_1_1));
    broker
        .service()
        .publishOffer(
            broker.admin(),
            endpoint.id(),
            OfferTerms.builder()
                .price("0.10", "EUR")
                .maxResponseTimeMillis(1_000)
                .availability(0.99)
                .throughputPerSecond(100)
                .build());
  }

  @Test
  void withoutAUrlThereIsNoBrokerClient() {
    context.run(app -> assertThat(app).doesNotHaveBean(BrokerClient.class));
  }

  @Configuration(proxyBeanMethods = false)
  static class BusConfiguration {
    @Bean(destroyMethod = "shutdown")
    Bus bus() {
      return BusFactory.newInstance().createBus();
    }
  }
}

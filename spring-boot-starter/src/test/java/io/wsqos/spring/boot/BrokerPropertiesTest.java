package io.wsqos.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.wsqos.broker.api.UnauthenticatedException;
import io.wsqos.broker.app.Broker;
import io.wsqos.broker.app.BrokerOptions;
import io.wsqos.broker.client.BrokerClient;
import io.wsqos.broker.client.BrokerEndpointCandidates;
import io.wsqos.core.routing.EndpointCandidates;
import java.nio.file.Path;
import java.util.Map;
import org.apache.cxf.Bus;
import org.apache.cxf.BusFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * {@code wsqos.broker.*} alone gives the application a client of the broker at that URL and the
 * broker's selections as rerouting candidates, closed with the context.
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

package io.wsqos.broker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.wsqos.broker.api.Endpoint;
import io.wsqos.broker.api.Offer;
import io.wsqos.broker.api.OfferTerms;
import io.wsqos.broker.api.Provider;
import io.wsqos.broker.api.RegistryUnavailableException;
import io.wsqos.broker.api.Selection;
import io.wsqos.broker.api.Service;
import io.wsqos.broker.registry.ProviderCheck;
import io.wsqos.broker.registry.Registry;
import io.wsqos.broker.selection.OfferSelector;
import io.wsqos.testing.net.TcpRelay;
import java.net.URI;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import org.h2.tools.Server;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The registry's database goes away under a running broker, for real: an H2 database served over
 * TCP, reached through a {@link TcpRelay} that the test cuts (every connection reset, the port
 * closed) and restores on the same port.
 */
class DatabaseOutageTest {

  @TempDir Path directory;

  private Server server;

  @AfterEach
  void stopServer() {
    if (server != null) {
      server.stop();
    }
  }

  @Test
  void selectionsGoOnFromTheIndexWritesFailTypedAndAllRecoversWithoutARestart()
      throws SQLException {
    server =
        Server.createTcpServer("-tcpPort", "0", "-ifNotExists", "-baseDir", directory.toString())
            .start();
    try (TcpRelay relay = TcpRelay.to(server.getPort());
        Registry registry =
            Registry.builder()
                .url("jdbc:h2:tcp://127.0.0.1:" + relay.port() + "/broker", "", "")
                .connectionTimeout(Duration.ofMillis(500))
                .build();
        OfferSelector selector =
            OfferSelector.builder(registry)
                .pollInterval(Duration.ofMillis(50))
                .staleAfter(Duration.ofMillis(300))
                .build()) {
      Provider provider = registry.registerProvider("Acme");
      Service service =
          registry.registerService(
              RegistryCompatibilityKit.BOOKSTORE, RegistryCompatibilityKit.WSDL);
      Endpoint endpoint =
          registry.registerEndpoint(
              provider.id(),
              service.id(),
              URI.create("http://127.0.0.1:9000/books"),
              RegistryCompatibilityKit.SOAP,
              ProviderCheck.ANY);
      OfferTerms terms = RegistryCompatibilityKit.terms("1").build();
      Offer before = registry.publishOffer(endpoint.id(), terms, ProviderCheck.ANY);
      selector.refresh();

      relay.cut();

      await().atMost(Duration.ofSeconds(30)).until(() -> selector.state().mayBeStale());
      Selection during = select(selector);
      assertThat(RegistryCompatibilityKit.offerIds(during)).containsExactly(before.id());
      assertThat(during.mayBeStale()).isTrue();
      assertThat(selector.state().lastFailure()).isPresent();
      assertThatThrownBy(() -> registry.publishOffer(endpoint.id(), terms, ProviderCheck.ANY))
          .isInstanceOf(RegistryUnavailableException.class)
          .hasMessageStartingWith("the registry's database is unavailable (publish offer): ");
      assertThatThrownBy(selector::refresh).isInstanceOf(RegistryUnavailableException.class);

      relay.restore();

      await().atMost(Duration.ofSeconds(30)).until(() -> !selector.state().mayBeStale());
      assertThat(selector.state().lastFailure()).isEmpty();
      Offer after = registry.publishOffer(endpoint.id(), terms, ProviderCheck.ANY);
      await()
          .atMost(Duration.ofSeconds(30))
          .until(() -> RegistryCompatibilityKit.offerIds(select(selector)).contains(after.id()));
      assertThat(registry.offers(0, 10).items()).containsExactly(before, after);
    }
  }

  private static Selection select(OfferSelector selector) {
    return selector.select(RegistryCompatibilityKit.BOOKSTORE, RegistryCompatibilityKit.ANYTHING);
  }
}

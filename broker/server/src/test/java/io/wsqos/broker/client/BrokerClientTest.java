package io.wsqos.broker.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.wsqos.broker.BrokerStack;
import io.wsqos.broker.api.Binding;
import io.wsqos.broker.api.DuplicateException;
import io.wsqos.broker.api.Endpoint;
import io.wsqos.broker.api.ForbiddenException;
import io.wsqos.broker.api.InvalidInputException;
import io.wsqos.broker.api.NotFoundException;
import io.wsqos.broker.api.Offer;
import io.wsqos.broker.api.OfferTerms;
import io.wsqos.broker.api.ProviderRegistration;
import io.wsqos.broker.api.Service;
import io.wsqos.broker.api.UnauthenticatedException;
import io.wsqos.broker.api.VersionConflictException;
import io.wsqos.core.header.CompressionPreference;
import io.wsqos.core.header.QosRequirement;
import io.wsqos.core.header.QosTerms;
import java.math.BigDecimal;
import java.net.URI;
import java.time.Duration;
import java.util.Currency;
import java.util.Set;
import javax.xml.namespace.QName;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The typed client and the endpoint candidates against the real REST API over H2. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class BrokerClientTest {

  static final String ADMIN_TOKEN = BrokerStack.ADMIN_TOKEN;
  static final QName BOOKSTORE = new QName("http://wsqos.io/examples", "Bookstore");
  static final QosRequirement ANYTHING =
      QosRequirement.of(CompressionPreference.SERVER_DECIDES, QosTerms.builder().build());

  @RegisterExtension static final BrokerStack.PerClass broker = BrokerStack.perClass();

  private BrokerStack stack;
  private BrokerClient admin;

  @BeforeAll
  void start() {
    stack = broker.stack();
    admin = client(ADMIN_TOKEN);
  }

  private BrokerClient client(String token) {
    BrokerClient.Builder builder = BrokerClient.builder(URI.create(stack.address()));
    return (token == null ? builder : builder.token(token)).build();
  }

  static OfferTerms terms(String price) {
    return OfferTerms.builder()
        .price(price, "EUR")
        .maxResponseTimeMillis(100)
        .availability(0.99)
        .throughputPerSecond(50)
        .build();
  }

  @Test
  void everyOperationRoundTripsThroughTheClient() {
    ProviderRegistration acme = admin.registerProvider("Acme");
    BrokerClient provider = client(acme.token());
    assertThat(admin.renameProvider(acme.provider().id(), "Acme Books").name())
        .isEqualTo("Acme Books");
    assertThat(provider.providers(0, 10).items())
        .extracting(p -> p.name())
        .containsExactly("Acme Books");

    Service service = provider.registerService(BOOKSTORE, URI.create("http://h/b?wsdl"));
    assertThat(provider.service(service.id())).isEqualTo(service);
    Service moved = admin.updateService(service.id(), URI.create("https://h/b?wsdl"));
    assertThat(provider.services(0, 10).items()).containsExactly(moved);

    Endpoint endpoint =
        provider.registerEndpoint(
            acme.provider().id(),
            service.id(),
            URI.create("http://127.0.0.1:9/a"),
            Set.of(Binding.SOAP_1_1));
    Endpoint changed =
        provider.updateEndpoint(
            endpoint.id(), URI.create("http://127.0.0.1:9/b"), Set.of(Binding.SOAP_1_2));
    assertThat(provider.endpoint(endpoint.id())).isEqualTo(changed);
    assertThat(provider.endpoints(0, 10).items()).containsExactly(changed);

    Offer offer = provider.publishOffer(endpoint.id(), terms("0.10"));
    assertThat(provider.measuredQos(offer.id())).isEmpty();
    Offer updated = provider.updateOffer(offer.id(), 1, terms("0.05"));
    assertThat(updated.version()).isEqualTo(2);
    assertThat(provider.offer(offer.id())).isEqualTo(updated);
    assertThat(provider.offers(0, 10).items()).containsExactly(updated);

    stack.selector().refresh();
    assertThat(client(null).select(BOOKSTORE, ANYTHING).best().orElseThrow().offer())
        .isEqualTo(updated);
    assertThat(
            client(null)
                .select(
                    BOOKSTORE,
                    QosRequirement.of(
                        CompressionPreference.NONE,
                        QosTerms.builder().maxPrice(new BigDecimal("0.01")).build()),
                    Currency.getInstance("EUR"))
                .candidates())
        .isEmpty();

    ProviderRegistration rotated = admin.rotateToken(acme.provider().id());
    assertThatThrownBy(() -> provider.withdrawOffer(offer.id(), 2))
        .isInstanceOf(UnauthenticatedException.class);
    BrokerClient again = client(rotated.token());
    again.withdrawOffer(offer.id(), 2);
    again.withdrawEndpoint(endpoint.id());
    admin.withdrawService(service.id());
    admin.withdrawProvider(acme.provider().id());
    assertThat(admin.providers(0, 10).items()).isEmpty();
  }

  @Test
  void errorStatusesComeBackAsTheTypedErrors() {
    ProviderRegistration acme = admin.registerProvider("Acme");
    ProviderRegistration rival = admin.registerProvider("Rival");
    BrokerClient provider = client(acme.token());
    Service service = provider.registerService(BOOKSTORE, URI.create("http://h/b?wsdl"));
    Endpoint endpoint =
        provider.registerEndpoint(
            acme.provider().id(),
            service.id(),
            URI.create("http://127.0.0.1:9/a"),
            Set.of(Binding.SOAP_1_1));
    Offer offer = provider.publishOffer(endpoint.id(), terms("0.10"));

    assertThatThrownBy(() -> admin.registerProvider(" "))
        .isInstanceOfSatisfying(
            InvalidInputException.class, e -> assertThat(e.field()).isEqualTo("name"));
    assertThatThrownBy(() -> client(null).registerProvider("X"))
        .isInstanceOf(UnauthenticatedException.class);
    assertThatThrownBy(() -> client(rival.token()).updateOffer(offer.id(), 1, terms("0")))
        .isInstanceOf(ForbiddenException.class);
    assertThatThrownBy(() -> admin.offer(999_999))
        .isInstanceOfSatisfying(
            NotFoundException.class, e -> assertThat(e).hasMessage("offer 999999 not found"));
    assertThatThrownBy(() -> admin.registerProvider("Rival"))
        .isInstanceOf(DuplicateException.class)
        .hasMessage("provider name 'Rival' is already registered");
    provider.updateOffer(offer.id(), 1, terms("0.2"));
    assertThatThrownBy(() -> provider.updateOffer(offer.id(), 1, terms("0.3")))
        .isInstanceOfSatisfying(
            VersionConflictException.class,
            e -> {
              assertThat(e.expectedVersion()).isEqualTo(1);
              assertThat(e.currentVersion()).isEqualTo(2);
            });
  }

  @Test
  void endpointCandidatesFollowTheBrokersSelectionsBestFirst() {
    ProviderRegistration acme = admin.registerProvider("Acme");
    ProviderRegistration rival = admin.registerProvider("Rival");
    Service service = admin.registerService(BOOKSTORE, URI.create("http://h/b?wsdl"));
    Endpoint dear =
        admin.registerEndpoint(
            acme.provider().id(),
            service.id(),
            URI.create("http://127.0.0.1:9/dear"),
            Set.of(Binding.SOAP_1_1));
    Endpoint cheap =
        admin.registerEndpoint(
            rival.provider().id(),
            service.id(),
            URI.create("http://127.0.0.1:9/cheap"),
            Set.of(Binding.SOAP_1_1));
    admin.publishOffer(dear.id(), terms("0.20"));
    Offer cheapOffer = admin.publishOffer(cheap.id(), terms("0.10"));
    stack.selector().refresh();

    try (BrokerEndpointCandidates candidates =
        BrokerEndpointCandidates.builder(client(null)).build()) {
      String name = BOOKSTORE.toString();
      assertThat(candidates.candidates(name))
          .containsExactly("http://127.0.0.1:9/cheap", "http://127.0.0.1:9/dear");
      assertThat(candidates.candidates("{urn:none}Nothing")).isEmpty();
      assertThat(candidates.candidates("{not a port type")).isEmpty();

      admin.updateOffer(cheapOffer.id(), 1, terms("0.30"));
      await()
          .atMost(Duration.ofSeconds(30))
          .until(
              () ->
                  candidates
                      .candidates(name)
                      .equals(
                          java.util.List.of(
                              "http://127.0.0.1:9/dear", "http://127.0.0.1:9/cheap")));
    }
  }
}

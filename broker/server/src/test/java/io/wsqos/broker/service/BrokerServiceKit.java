package io.wsqos.broker.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.wsqos.broker.api.Binding;
import io.wsqos.broker.api.DuplicateException;
import io.wsqos.broker.api.Endpoint;
import io.wsqos.broker.api.ForbiddenException;
import io.wsqos.broker.api.InvalidInputException;
import io.wsqos.broker.api.NotFoundException;
import io.wsqos.broker.api.Offer;
import io.wsqos.broker.api.OfferTerms;
import io.wsqos.broker.api.Provider;
import io.wsqos.broker.api.ProviderRegistration;
import io.wsqos.broker.api.Service;
import io.wsqos.broker.api.UnauthenticatedException;
import io.wsqos.broker.api.VersionConflictException;
import io.wsqos.broker.registry.Registry;
import io.wsqos.broker.selection.OfferSelector;
import io.wsqos.core.header.CompressionPreference;
import io.wsqos.core.header.QosRequirement;
import io.wsqos.core.header.QosTerms;
import io.wsqos.testing.db.TestDatabase;
import java.net.URI;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Currency;
import java.util.Set;
import javax.xml.namespace.QName;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The access layer's rules on every database, run against each by a subclass: who may change what,
 * tokens shown once and stored hashed, bad and missing tokens, closed reads, and bad input refused
 * naming the field with nothing changed.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class BrokerServiceKit {

  static final String ADMIN_TOKEN = "admin-token-0123456789abcdef";
  static final Caller ADMIN = Caller.bearer(ADMIN_TOKEN);
  static final QName BOOKSTORE = new QName("http://wsqos.io/examples", "Bookstore");
  static final URI WSDL = URI.create("http://127.0.0.1:8080/bookstore?wsdl");
  static final Set<Binding> SOAP = Set.of(Binding.SOAP_1_1);
  static final QosRequirement ANYTHING =
      QosRequirement.of(CompressionPreference.SERVER_DECIDES, QosTerms.builder().build());

  private final TestDatabase.Kind kind;
  private TestDatabase database;
  private Registry registry;
  private OfferSelector selector;
  private BrokerService broker;

  BrokerServiceKit(TestDatabase.Kind kind) {
    this.kind = kind;
  }

  @BeforeAll
  void open() {
    database = TestDatabase.of(kind);
    registry = Registry.builder().url(database.url(), database.user(), "").poolName("svc").build();
    selector = OfferSelector.builder(registry).pollInterval(Duration.ofMillis(50)).build();
    broker = BrokerService.builder(registry, selector).adminToken(ADMIN_TOKEN).build();
  }

  @AfterAll
  void close() throws SQLException {
    selector.close();
    registry.close();
    database.close();
  }

  @BeforeEach
  void emptyTables() throws SQLException {
    database.deleteAll("broker_provider");
    database.deleteAll("broker_service");
  }

  static OfferTerms terms(String price) {
    return OfferTerms.builder()
        .price(price, "EUR")
        .maxResponseTimeMillis(100)
        .availability(0.99)
        .throughputPerSecond(100)
        .build();
  }

  private Caller as(ProviderRegistration registration) {
    return Caller.bearer(registration.token());
  }

  private Endpoint endpointOf(ProviderRegistration provider, Service service, String path) {
    return broker.registerEndpoint(
        as(provider),
        provider.provider().id(),
        service.id(),
        URI.create("http://127.0.0.1:9000/" + path),
        SOAP);
  }

  // Tokens.

  @Test
  void registeringAProviderReturnsAUrlSafeTokenOnceAndStoresOnlyItsHash() throws SQLException {
    ProviderRegistration acme = broker.registerProvider(ADMIN, "Acme");

    assertThat(acme.token()).matches("[A-Za-z0-9_-]{43}");
    assertThat(acme.toString()).doesNotContain(acme.token());
    assertThat(broker.provider(as(acme), acme.provider().id())).isEqualTo(acme.provider());
    try (var c = database.connect();
        var s = c.prepareStatement("SELECT token_hash FROM broker_provider WHERE id = ?")) {
      s.setLong(1, acme.provider().id());
      try (var r = s.executeQuery()) {
        assertThat(r.next()).isTrue();
        assertThat(r.getString(1))
            .isEqualTo(Tokens.hex(Tokens.sha256(acme.token())))
            .isNotEqualTo(acme.token());
      }
    }
    assertThat(broker.registerProvider(ADMIN, "Other").token()).isNotEqualTo(acme.token());
  }

  @Test
  void rotatingATokenRetiresTheOldOne() {
    ProviderRegistration acme = broker.registerProvider(ADMIN, "Acme");
    Service service = broker.registerService(as(acme), BOOKSTORE, WSDL);

    ProviderRegistration rotated = broker.rotateToken(ADMIN, acme.provider().id());

    assertThat(rotated.provider()).isEqualTo(acme.provider());
    assertThat(rotated.token()).isNotEqualTo(acme.token());
    assertThatThrownBy(() -> endpointOf(acme, service, "old"))
        .isInstanceOf(UnauthenticatedException.class);
    assertThat(endpointOf(rotated, service, "new").providerId()).isEqualTo(acme.provider().id());
    assertThatThrownBy(() -> broker.rotateToken(ADMIN, 999_999))
        .isInstanceOf(NotFoundException.class);
  }

  @Test
  void aWithdrawnProvidersTokenNoLongerAuthenticates() {
    ProviderRegistration acme = broker.registerProvider(ADMIN, "Acme");
    broker.withdrawProvider(ADMIN, acme.provider().id());

    assertThatThrownBy(() -> broker.registerService(as(acme), BOOKSTORE, WSDL))
        .isInstanceOf(UnauthenticatedException.class);
  }

  @Test
  void aTokenIssuedThroughAnotherBrokerInstanceWorksOnceTheVersionMoves() throws Exception {
    try (Registry other =
            Registry.builder()
                .url(database.url(), database.user(), "")
                .poolName("other")
                .migrate(false)
                .build();
        OfferSelector otherSelector = OfferSelector.builder(other).build()) {
      BrokerService second =
          BrokerService.builder(other, otherSelector).adminToken(ADMIN_TOKEN).build();
      ProviderRegistration acme = second.registerProvider(ADMIN, "Acme");
      // This instance reads the hashes again once its selector saw the new version.
      org.awaitility.Awaitility.await()
          .atMost(Duration.ofSeconds(30))
          .until(() -> selector.state().registryVersion() >= other.version());

      assertThat(broker.registerService(as(acme), BOOKSTORE, WSDL).portType()).isEqualTo(BOOKSTORE);
    }
  }

  @Test
  void badAndMissingTokensAreUnauthenticated() {
    assertThatThrownBy(() -> broker.registerProvider(Caller.anonymous(), "Acme"))
        .isInstanceOf(UnauthenticatedException.class);
    for (String bad : new String[] {"", " ", "nope", ADMIN_TOKEN + "x", "x".repeat(10_000)}) {
      assertThatThrownBy(() -> broker.registerProvider(Caller.bearer(bad), "Acme"))
          .isInstanceOf(UnauthenticatedException.class)
          .message()
          .doesNotContain(ADMIN_TOKEN);
      // An unknown token is refused even where no token is needed.
      assertThatThrownBy(() -> broker.providers(Caller.bearer(bad), 0, 10))
          .isInstanceOf(UnauthenticatedException.class);
    }
    assertThat(broker.providers(ADMIN, 0, 10).items()).isEmpty();
  }

  @Test
  void theAdminTokenCanBeGivenAsItsHash() {
    BrokerService byHash =
        BrokerService.builder(registry, selector)
            .adminTokenHash(Tokens.hex(Tokens.sha256(ADMIN_TOKEN)))
            .build();
    assertThat(byHash.registerProvider(ADMIN, "Acme").provider().name()).isEqualTo("Acme");
    assertThatThrownBy(() -> BrokerService.builder(registry, selector).build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessageStartingWith("adminToken: not set");
    assertThatThrownBy(() -> BrokerService.builder(registry, selector).adminToken("short"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("adminToken: 5 characters");
    assertThatThrownBy(() -> BrokerService.builder(registry, selector).adminTokenHash("abc"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("adminTokenHash:");
  }

  // Who may change what.

  @Test
  void onlyTheAdministratorManagesProviders() {
    ProviderRegistration acme = broker.registerProvider(ADMIN, "Acme");
    long id = acme.provider().id();

    assertThatThrownBy(() -> broker.registerProvider(as(acme), "Other"))
        .isInstanceOf(ForbiddenException.class);
    assertThatThrownBy(() -> broker.renameProvider(as(acme), id, "Renamed"))
        .isInstanceOf(ForbiddenException.class);
    assertThatThrownBy(() -> broker.rotateToken(as(acme), id))
        .isInstanceOf(ForbiddenException.class);
    assertThatThrownBy(() -> broker.withdrawProvider(as(acme), id))
        .isInstanceOf(ForbiddenException.class);
    assertThatThrownBy(() -> broker.withdrawProvider(Caller.anonymous(), id))
        .isInstanceOf(UnauthenticatedException.class);
    assertThat(broker.providers(ADMIN, 0, 10).items()).containsExactly(acme.provider());

    assertThat(broker.renameProvider(ADMIN, id, "Acme Books").name()).isEqualTo("Acme Books");
    assertThatThrownBy(() -> broker.registerProvider(ADMIN, "Acme Books"))
        .isInstanceOf(DuplicateException.class);
    broker.withdrawProvider(ADMIN, id);
    assertThatThrownBy(() -> broker.provider(ADMIN, id)).isInstanceOf(NotFoundException.class);
  }

  @Test
  void anyProviderRegistersServicesOnlyTheAdministratorChangesThem() {
    ProviderRegistration acme = broker.registerProvider(ADMIN, "Acme");
    Service service = broker.registerService(as(acme), BOOKSTORE, WSDL);
    URI moved = URI.create("https://books.example/ws?wsdl");

    assertThatThrownBy(
            () -> broker.registerService(Caller.anonymous(), new QName("urn:x", "Other"), WSDL))
        .isInstanceOf(UnauthenticatedException.class);
    assertThatThrownBy(() -> broker.updateService(as(acme), service.id(), moved))
        .isInstanceOf(ForbiddenException.class);
    assertThatThrownBy(() -> broker.withdrawService(as(acme), service.id()))
        .isInstanceOf(ForbiddenException.class);
    assertThat(broker.service(as(acme), service.id())).isEqualTo(service);

    assertThat(broker.updateService(ADMIN, service.id(), moved).wsdlLocation()).isEqualTo(moved);
    assertThat(broker.registerService(ADMIN, new QName("urn:x", "Other"), WSDL).id())
        .isGreaterThan(service.id());
    broker.withdrawService(ADMIN, service.id());
    assertThatThrownBy(() -> broker.service(ADMIN, service.id()))
        .isInstanceOf(NotFoundException.class);
  }

  @Test
  void aProviderManagesItsOwnEndpointsAndOffersOnly() {
    ProviderRegistration acme = broker.registerProvider(ADMIN, "Acme");
    ProviderRegistration rival = broker.registerProvider(ADMIN, "Rival");
    Service service = broker.registerService(as(acme), BOOKSTORE, WSDL);
    Endpoint endpoint = endpointOf(acme, service, "acme");
    Offer offer = broker.publishOffer(as(acme), endpoint.id(), terms("1"));
    URI elsewhere = URI.create("http://127.0.0.1:9000/rival");

    assertThatThrownBy(
            () ->
                broker.registerEndpoint(
                    as(rival), acme.provider().id(), service.id(), elsewhere, SOAP))
        .isInstanceOf(ForbiddenException.class);
    assertThatThrownBy(() -> broker.updateEndpoint(as(rival), endpoint.id(), elsewhere, SOAP))
        .isInstanceOf(ForbiddenException.class);
    assertThatThrownBy(() -> broker.withdrawEndpoint(as(rival), endpoint.id()))
        .isInstanceOf(ForbiddenException.class);
    assertThatThrownBy(() -> broker.publishOffer(as(rival), endpoint.id(), terms("0")))
        .isInstanceOf(ForbiddenException.class);
    assertThatThrownBy(() -> broker.updateOffer(as(rival), offer.id(), 1, terms("0")))
        .isInstanceOf(ForbiddenException.class)
        .hasMessageContaining("another provider");
    assertThatThrownBy(() -> broker.withdrawOffer(as(rival), offer.id(), 1))
        .isInstanceOf(ForbiddenException.class);
    assertThatThrownBy(() -> broker.publishOffer(Caller.anonymous(), endpoint.id(), terms("0")))
        .isInstanceOf(UnauthenticatedException.class);
    // Nothing changed.
    assertThat(broker.endpoints(ADMIN, 0, 10).items()).containsExactly(endpoint);
    assertThat(broker.offers(ADMIN, 0, 10).items()).containsExactly(offer);

    Offer updated = broker.updateOffer(as(acme), offer.id(), 1, terms("2"));
    assertThat(updated.version()).isEqualTo(2);
    assertThatThrownBy(() -> broker.updateOffer(as(acme), offer.id(), 1, terms("3")))
        .isInstanceOf(VersionConflictException.class);
    assertThat(broker.updateEndpoint(as(acme), endpoint.id(), elsewhere, SOAP).address())
        .isEqualTo(elsewhere);
    broker.withdrawOffer(as(acme), offer.id(), 2);
    assertThatThrownBy(() -> broker.offer(ADMIN, offer.id())).isInstanceOf(NotFoundException.class);
    broker.withdrawEndpoint(as(acme), endpoint.id());
    assertThat(broker.endpoints(ADMIN, 0, 10).items()).isEmpty();
  }

  @Test
  void theAdministratorMayChangeAnyProvidersEndpointsAndOffers() {
    ProviderRegistration acme = broker.registerProvider(ADMIN, "Acme");
    Service service = broker.registerService(ADMIN, BOOKSTORE, WSDL);
    Endpoint endpoint =
        broker.registerEndpoint(
            ADMIN, acme.provider().id(), service.id(), URI.create("http://127.0.0.1:9/a"), SOAP);
    Offer offer = broker.publishOffer(ADMIN, endpoint.id(), terms("1"));

    assertThat(broker.updateOffer(ADMIN, offer.id(), 1, terms("2")).version()).isEqualTo(2);
    broker.withdrawOffer(ADMIN, offer.id(), 2);
    broker.withdrawEndpoint(ADMIN, endpoint.id());
    assertThat(broker.offers(ADMIN, 0, 10).items()).isEmpty();
    assertThatThrownBy(() -> broker.updateOffer(ADMIN, offer.id(), 2, terms("2")))
        .isInstanceOf(NotFoundException.class);
  }

  @Test
  void aProviderChangingAMissingRowGetsNotFound() {
    ProviderRegistration acme = broker.registerProvider(ADMIN, "Acme");
    assertThatThrownBy(() -> broker.updateOffer(as(acme), 999_999, 1, terms("1")))
        .isInstanceOf(NotFoundException.class);
    assertThatThrownBy(() -> broker.withdrawEndpoint(as(acme), 999_999))
        .isInstanceOf(NotFoundException.class);
    assertThatThrownBy(
            () -> broker.registerEndpoint(as(acme), acme.provider().id(), 999_999, WSDL, SOAP))
        .isInstanceOf(NotFoundException.class);
  }

  // Reads.

  @Test
  void readsAreOpenByDefaultAndClosedOnRequest() {
    ProviderRegistration acme = broker.registerProvider(ADMIN, "Acme");
    Service service = broker.registerService(as(acme), BOOKSTORE, WSDL);
    Offer offer = broker.publishOffer(as(acme), endpointOf(acme, service, "a").id(), terms("1"));
    selector.refresh();
    assertThat(broker.openReads()).isTrue();
    assertThat(broker.select(Caller.anonymous(), BOOKSTORE, ANYTHING).best().orElseThrow().offer())
        .isEqualTo(offer);
    assertThat(broker.offer(Caller.anonymous(), offer.id())).isEqualTo(offer);

    BrokerService closed =
        BrokerService.builder(registry, selector).adminToken(ADMIN_TOKEN).openReads(false).build();
    Caller anonymous = Caller.anonymous();
    assertThatThrownBy(() -> closed.select(anonymous, BOOKSTORE, ANYTHING))
        .isInstanceOf(UnauthenticatedException.class);
    assertThatThrownBy(() -> closed.offer(anonymous, offer.id()))
        .isInstanceOf(UnauthenticatedException.class);
    assertThatThrownBy(() -> closed.providers(anonymous, 0, 10))
        .isInstanceOf(UnauthenticatedException.class);
    assertThat(closed.select(as(acme), BOOKSTORE, ANYTHING).candidates()).hasSize(1);
    assertThat(closed.select(ADMIN, BOOKSTORE, ANYTHING, Currency.getInstance("USD")).candidates())
        .isEmpty();
    assertThat(closed.services(as(acme), 0, 10).items()).containsExactly(service);
  }

  // Bad input.

  @Test
  void badInputIsRefusedNamingTheFieldAndChangesNothing() {
    ProviderRegistration acme = broker.registerProvider(ADMIN, "Acme");
    Service service = broker.registerService(as(acme), BOOKSTORE, WSDL);
    long provider = acme.provider().id();

    assertField(() -> broker.registerProvider(ADMIN, " "), "name");
    assertField(() -> broker.registerProvider(ADMIN, null), "name");
    assertField(() -> broker.registerProvider(ADMIN, "x".repeat(201)), "name");
    assertField(() -> broker.registerProvider(ADMIN, "a\u0000b"), "name");
    assertField(() -> broker.renameProvider(ADMIN, 0, "x"), "id");
    assertField(
        () -> broker.registerService(ADMIN, new QName("urn:x", "not a name"), WSDL),
        "portType.localPart");
    assertField(
        () -> broker.registerService(ADMIN, new QName("not absolute", "Name"), WSDL),
        "portType.namespace");
    assertField(
        () -> broker.registerService(ADMIN, new QName("urn:x", "Name"), URI.create("file:/etc/x")),
        "wsdlLocation");
    assertField(
        () -> broker.registerService(ADMIN, new QName("urn:x", "Name"), URI.create("relative")),
        "wsdlLocation");
    assertField(
        () ->
            broker.registerEndpoint(
                as(acme), provider, service.id(), URI.create("jdbc:h2:mem:x"), SOAP),
        "address");
    assertField(
        () ->
            broker.registerEndpoint(
                as(acme), provider, service.id(), URI.create("http://h/x"), Set.of()),
        "bindings");
    assertField(() -> broker.publishOffer(as(acme), 1, null), "terms");
    assertField(() -> broker.updateOffer(as(acme), 1, 0, terms("1")), "version");
    assertField(() -> broker.providers(ADMIN, -1, 10), "after");
    assertField(() -> broker.providers(ADMIN, 0, 1001), "limit");
    assertField(
        () -> broker.select(ADMIN, new QName("urn:x", "1x"), ANYTHING), "service.localPart");

    assertThat(broker.providers(ADMIN, 0, 10).items()).containsExactly(acme.provider());
    assertThat(broker.services(ADMIN, 0, 10).items()).containsExactly(service);
    assertThat(broker.endpoints(ADMIN, 0, 10).items()).isEmpty();
  }

  private static void assertField(Runnable call, String field) {
    assertThatThrownBy(call::run)
        .isInstanceOfSatisfying(
            InvalidInputException.class, e -> assertThat(e.field()).isEqualTo(field))
        .hasMessageStartingWith(field);
  }

  @Test
  void valuesAreStoredVerbatim() {
    String name = "x'); DROP TABLE broker_offer;-- \u00e9\u4e2d\ud83d\ude00";
    ProviderRegistration provider = broker.registerProvider(ADMIN, name);
    assertThat(broker.provider(ADMIN, provider.provider().id()).name()).isEqualTo(name);
    assertThat(broker.providers(Caller.anonymous(), 0, 10).items())
        .extracting(Provider::name)
        .containsExactly(name);
  }
}

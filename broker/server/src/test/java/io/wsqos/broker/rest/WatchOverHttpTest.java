package io.wsqos.broker.rest;

import static io.wsqos.broker.rest.BrokerRestTest.ADMIN;
import static io.wsqos.broker.rest.BrokerRestTest.terms;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.wsqos.broker.BrokerStack;
import io.wsqos.broker.api.Offer;
import io.wsqos.broker.api.OfferTerms;
import io.wsqos.broker.api.Selection;
import io.wsqos.broker.api.TooManyWatchesException;
import io.wsqos.broker.client.BrokerClient;
import io.wsqos.broker.registry.Registry;
import io.wsqos.broker.rest.RestClient.AcmeEndpoint;
import io.wsqos.broker.rest.RestClient.Answer;
import io.wsqos.broker.selection.OfferSelector;
import io.wsqos.broker.service.BrokerService;
import io.wsqos.core.header.CompressionPreference;
import io.wsqos.core.header.QosRequirement;
import io.wsqos.core.header.QosTerms;
import io.wsqos.server.EmbeddedServer;
import io.wsqos.testing.db.TestDatabase;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import javax.xml.namespace.QName;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A selection's tag is its {@code ETag}, a conditional selection answers 304, and {@code
 * /api/select/watch} (and {@link BrokerClient#watch}) holds a request until the selection changes
 * or its wait ends.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class WatchOverHttpTest {

  @RegisterExtension static final BrokerStack.PerClass broker = BrokerStack.perClass();

  private static final QName PORT_TYPE = new QName("http://wsqos.io/examples", "Bookstore");
  private static final String SELECT =
      "/api/select?service=" + URLEncoder.encode(BrokerRestTest.BOOKSTORE, StandardCharsets.UTF_8);
  private static final String WATCH =
      "/api/select/watch?service="
          + URLEncoder.encode(BrokerRestTest.BOOKSTORE, StandardCharsets.UTF_8);
  private static final QosRequirement ANYTHING =
      QosRequirement.of(CompressionPreference.SERVER_DECIDES, QosTerms.builder().build());

  private BrokerStack stack;
  private RestClient rest;

  @BeforeAll
  void start() {
    stack = broker.stack();
    rest = new RestClient(stack.address());
  }

  private Offer publish(AcmeEndpoint acme, String price) {
    Answer answer =
        rest.post(
            "/api/offers",
            acme.token(),
            Map.of("endpointId", acme.endpoint().id(), "terms", terms(price)));
    assertThat(answer.status()).as(answer.toString()).isEqualTo(201);
    return answer.as(Offer.class);
  }

  @Test
  void aSelectionsEtagIsItsTagAndTheSameTagInIfNoneMatchAnswers304() {
    publish(rest.registerAcmeEndpoint(ADMIN), "0.10");
    stack.selector().refresh();

    Answer selected = rest.get(SELECT, null);
    String etag = selected.header("ETag");
    Answer conditional = rest.send("GET", SELECT, null, null, "If-None-Match", etag);

    assertThat(etag).isEqualTo("\"" + selected.as(Selection.class).tag() + "\"");
    assertThat(conditional.status()).isEqualTo(304);
    assertThat(conditional.header("ETag")).isEqualTo(etag);
    assertThat(conditional.response().body()).isEmpty();
    assertThat(rest.send("GET", SELECT, null, null, "If-None-Match", "\"other\"").status())
        .isEqualTo(200);
  }

  @Test
  void aWatchIsAnsweredWithTheNewSelectionWhenAnOfferIsPublished() {
    AcmeEndpoint acme = rest.registerAcmeEndpoint(ADMIN);
    String before = rest.get(SELECT, null).header("ETag");

    CompletableFuture<Answer> watched =
        CompletableFuture.supplyAsync(
            () -> rest.send("GET", WATCH + "&wait=60", null, null, "If-None-Match", before));
    Offer offer = publish(acme, "0.10");

    Answer answer = watched.join();
    assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
    Selection selection = answer.as(Selection.class);
    assertThat(selection.candidates()).extracting(c -> c.offer().id()).containsExactly(offer.id());
    assertThat(answer.header("ETag")).isEqualTo("\"" + selection.tag() + "\"").isNotEqualTo(before);
  }

  @Test
  void aWatchWithoutChangeAnswers304WhenItsWaitEnds() {
    publish(rest.registerAcmeEndpoint(ADMIN), "0.10");
    stack.selector().refresh();
    String etag = rest.get(SELECT, null).header("ETag");

    Answer answer = rest.send("GET", WATCH + "&wait=1", null, null, "If-None-Match", etag);

    assertThat(answer.status()).isEqualTo(304);
    assertThat(answer.header("ETag")).isEqualTo(etag);
  }

  @Test
  void aWatchWithoutIfNoneMatchAnswersAtOnceAndABadWaitIs400NamingIt() {
    assertThat(rest.get(WATCH, null).status()).isEqualTo(200);

    Answer tooLong = rest.get(WATCH + "&wait=301", null);
    BrokerRestTest.assertError(tooLong, 400, "invalid_input", "wait");
    assertThat(tooLong.json().get("message").asText())
        .isEqualTo("wait: 301 (expected: 0 to 300 (seconds))");
    assertThat(rest.get(WATCH + "&wait=soon", null).json().get("field").asText()).isEqualTo("wait");
    assertThat(rest.get(WATCH + "&wait=-1", null).status()).isEqualTo(400);
  }

  @Test
  void theJavaClientWatchesWithTheTagItComputesItself() {
    AcmeEndpoint acme = rest.registerAcmeEndpoint(ADMIN);
    Offer offer = publish(acme, "0.10");
    stack.selector().refresh();
    BrokerClient client = BrokerClient.builder(URI.create(stack.address())).build();
    Selection first = client.select(PORT_TYPE, ANYTHING);
    assertThat("\"" + first.tag() + "\"").isEqualTo(rest.get(SELECT, null).header("ETag"));

    Optional<Selection> unchanged = client.watch(PORT_TYPE, ANYTHING, first.tag(), Duration.ZERO);
    CompletableFuture<Optional<Selection>> watched =
        CompletableFuture.supplyAsync(
            () -> client.watch(PORT_TYPE, ANYTHING, first.tag(), Duration.ofSeconds(60)));
    stack
        .registry()
        .updateOffer(
            offer.id(),
            1,
            OfferTerms.builder()
                .price("0.20", "EUR")
                .maxResponseTimeMillis(100)
                .availability(0.99)
                .throughputPerSecond(50)
                .build(),
            io.wsqos.broker.registry.ProviderCheck.ANY);

    assertThat(unchanged).isEmpty();
    Selection changed = watched.join().orElseThrow();
    assertThat(changed.best().orElseThrow().offer().version()).isEqualTo(2);
  }

  @Test
  void aBrokerHoldingAsManyWatchesAsItAllowsAnswers429WithRetryAfter() throws Exception {
    try (TestDatabase database = TestDatabase.h2();
        Registry registry = Registry.builder().url(database.url(), database.user(), "").build();
        OfferSelector selector = OfferSelector.builder(registry).maxWatches(0).build()) {
      BrokerRest api =
          BrokerRest.of(BrokerService.builder(registry, selector).adminToken(ADMIN).build());
      try (EmbeddedServer server =
          EmbeddedServer.builder()
              .daemonThreads(true)
              .jaxrs(BrokerRest.PATH, api.resources(), api.providers())
              .start()) {
        RestClient other = new RestClient(server.address());
        String etag = other.get(SELECT, null).header("ETag");

        Answer refused = other.send("GET", WATCH, null, null, "If-None-Match", etag);

        BrokerRestTest.assertError(refused, 429, "too_many_watches", null);
        assertThat(refused.json().get("message").asText())
            .isEqualTo("too many watches: the broker holds at most 0");
        assertThat(refused.header("Retry-After")).isEqualTo("1");
        BrokerClient client = BrokerClient.builder(URI.create(server.address())).build();
        assertThatThrownBy(
                () ->
                    client.watch(
                        PORT_TYPE,
                        ANYTHING,
                        client.select(PORT_TYPE, ANYTHING).tag(),
                        Duration.ofSeconds(1)))
            .isInstanceOf(TooManyWatchesException.class)
            .extracting(e -> ((TooManyWatchesException) e).limit())
            .isEqualTo(0);
      }
    }
  }
}

package io.wsqos.broker.rest;

import static io.wsqos.broker.rest.BrokerRestTest.ADMIN;
import static io.wsqos.broker.rest.BrokerRestTest.assertError;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.wsqos.broker.api.ClientRegistration;
import io.wsqos.broker.api.Endpoint;
import io.wsqos.broker.api.ForbiddenException;
import io.wsqos.broker.api.MeasuredQos;
import io.wsqos.broker.api.Measurement;
import io.wsqos.broker.api.Offer;
import io.wsqos.broker.api.Selection;
import io.wsqos.broker.api.TooManyReportsException;
import io.wsqos.broker.app.BrokerApis;
import io.wsqos.broker.client.BrokerClient;
import io.wsqos.broker.registry.QualityRule;
import io.wsqos.broker.registry.Registry;
import io.wsqos.broker.rest.RestClient.AcmeEndpoint;
import io.wsqos.broker.rest.RestClient.Answer;
import io.wsqos.broker.selection.OfferSelector;
import io.wsqos.broker.service.BrokerService;
import io.wsqos.core.header.CompressionPreference;
import io.wsqos.core.header.QosRequirement;
import io.wsqos.core.header.QosTerms;
import io.wsqos.server.EmbeddedServer;
import io.wsqos.testing.MutableClock;
import io.wsqos.testing.db.TestDatabase;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javax.xml.namespace.QName;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Measured QoS beside offered QoS, through the REST API of a real server on H2 and PostgreSQL:
 * providers report on their own offers only, clients on offers a selection gave them only, absurd
 * reports are refused with the field named and nothing kept, a flood is limited per token, an offer
 * whose measurements break its guarantee is flagged and not selected (the client moves to another
 * offer) until the broker's window passes, and selections rank by measured response time on
 * request.
 */
class MeasuredQosTest {

  private static final String BOOKSTORE = BrokerRestTest.BOOKSTORE;
  private static final QName PORT_TYPE = new QName("http://wsqos.io/examples", "Bookstore");
  private static final String SELECT =
      "/api/select?service=" + URLEncoder.encode(BOOKSTORE, StandardCharsets.UTF_8);
  private static final Duration WINDOW = Duration.ofMinutes(5);

  private final MutableClock clock = new MutableClock(Instant.parse("2026-12-06T12:00:00Z"));
  private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
  private TestDatabase database;
  private Registry registry;
  private OfferSelector selector;
  private EmbeddedServer server;
  private RestClient rest;

  private void start(TestDatabase.Kind kind, int burst) {
    database = TestDatabase.of(kind);
    registry = Registry.builder().url(database.url(), database.user(), "").build();
    selector =
        OfferSelector.builder(registry)
            .clock(clock)
            .staleAfter(Duration.ofHours(1))
            .meterRegistry(meters)
            .build();
    BrokerService service =
        BrokerService.builder(registry, selector)
            .adminToken(ADMIN)
            .qualityRule(new QualityRule(WINDOW, 20, 95))
            .reportRate(1, burst)
            .clock(clock)
            .meterRegistry(meters)
            .build();
    server =
        EmbeddedServer.builder().daemonThreads(true).mounts(BrokerApis.mounts(service)).start();
    rest = new RestClient(server.address());
  }

  @AfterEach
  void stop() throws Exception {
    if (server != null) {
      server.close();
      selector.close();
      registry.close();
      database.close();
    }
  }

  /** Two providers' offers for the bookstore: Acme's at 0.10 (cheaper, selected first), Bolt's. */
  private record Offers(AcmeEndpoint acme, Offer cheap, String boltToken, Offer other) {}

  private Offers twoOffers() {
    AcmeEndpoint acme = rest.registerAcmeEndpoint(ADMIN);
    Offer cheap = publish(acme.token(), acme.endpoint().id(), "0.10");
    JsonNode bolt = rest.post("/api/providers", ADMIN, Map.of("name", "Bolt")).json();
    String boltToken = bolt.get("token").asText();
    Endpoint boltEndpoint =
        rest.post(
                "/api/endpoints",
                boltToken,
                Map.of(
                    "providerId", bolt.get("provider").get("id").asLong(),
                    "serviceId", acme.endpoint().serviceId(),
                    "address", "http://127.0.0.1:9001/bolt",
                    "bindings", List.of("soap11")))
            .as(Endpoint.class);
    Offer other = publish(boltToken, boltEndpoint.id(), "0.20");
    selector.refresh();
    return new Offers(acme, cheap, boltToken, other);
  }

  private Offer publish(String token, long endpointId, String price) {
    Answer answer =
        rest.post(
            "/api/offers",
            token,
            Map.of("endpointId", endpointId, "terms", BrokerRestTest.terms(price)));
    assertThat(answer.status()).as(answer.toString()).isEqualTo(201);
    return answer.as(Offer.class);
  }

  /** A report body: {@code requests} calls, {@code failures} failed, p95 {@code p95} ms. */
  private Map<String, Object> report(long requests, long failures, double p95, String receipt) {
    Map<String, Object> measurement = new LinkedHashMap<>();
    measurement.put("operation", "getBook");
    measurement.put("windowStart", clock.instant().minusSeconds(10).toString());
    measurement.put("windowEnd", clock.instant().toString());
    measurement.put("requests", requests);
    measurement.put("failures", failures);
    measurement.put("p50Millis", p95 / 2);
    measurement.put("p95Millis", p95);
    measurement.put("p99Millis", p95 * 2);
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("measurement", measurement);
    if (receipt != null) {
      body.put("receipt", receipt);
    }
    return body;
  }

  /** Ten calls of getBook in the last five seconds, none failed. */
  private Measurement tenCalls() {
    return new Measurement(
        "getBook", clock.instant().minusSeconds(5), clock.instant(), 10, 0, 1, 2, 3);
  }

  private Answer post(long offerId, String token, Object body) {
    return rest.post("/api/offers/" + offerId + "/measurements", token, body);
  }

  private ClientRegistration registerClient(String name) {
    Answer answer = rest.post("/api/clients", ADMIN, Map.of("name", name));
    assertThat(answer.status()).as(answer.toString()).isEqualTo(201);
    return answer.as(ClientRegistration.class);
  }

  private double counter(String reporter, String outcome) {
    var counter =
        meters
            .find(BrokerService.MEASUREMENTS)
            .tag("reporter", reporter)
            .tag("outcome", outcome)
            .counter();
    return counter == null ? 0 : counter.count();
  }

  @ParameterizedTest
  @EnumSource(TestDatabase.Kind.class)
  void aProvidersReportIsShownBesideItsOfferAndAnotherProviderIsRefused(TestDatabase.Kind kind) {
    start(kind, 20);
    Offers offers = twoOffers();

    Answer kept = post(offers.cheap().id(), offers.acme().token(), report(100, 0, 50, null));
    Answer foreign = post(offers.cheap().id(), offers.boltToken(), report(100, 100, 5000, null));
    Answer anonymous = post(offers.cheap().id(), null, report(100, 0, 50, null));
    selector.refresh();

    assertThat(kept.status()).as(kept.toString()).isEqualTo(200);
    MeasuredQos measured = kept.as(MeasuredQos.class);
    assertThat(measured.flagged()).isFalse();
    assertThat(measured.operations()).hasSize(1);
    assertThat(measured.operations().get(0).requests()).isEqualTo(100);
    assertThat(measured.operations().get(0).p95Millis()).isEqualTo(50);
    assertThat(measured.expiresAt()).isEqualTo(clock.instant().plus(WINDOW));
    assertError(foreign, 403, "forbidden", null);
    assertThat(foreign.json().get("message").asText()).contains("another provider");
    assertError(anonymous, 401, "unauthenticated", null);
    assertThat(
            rest.get("/api/offers/" + offers.cheap().id() + "/measured", null)
                .as(MeasuredQos.class))
        .isEqualTo(measured);
    JsonNode best = rest.get(SELECT, null).json().get("candidates").get(0);
    assertThat(best.get("offer").get("id").asLong()).isEqualTo(offers.cheap().id());
    assertThat(best.get("measured").get("operations").get(0).get("requests").asLong())
        .isEqualTo(100);
    assertThat(rest.get("/api/offers/" + offers.other().id() + "/measured", null).status())
        .isEqualTo(204);
    assertThat(counter("provider", "kept")).isEqualTo(1);
    assertThat(counter("provider", "forbidden")).isEqualTo(1);
  }

  @ParameterizedTest
  @EnumSource(TestDatabase.Kind.class)
  void aClientReportsOnlyOnAnOfferASelectionGaveIt(TestDatabase.Kind kind) {
    start(kind, 20);
    Offers offers = twoOffers();
    ClientRegistration alice = registerClient("alice");
    ClientRegistration bob = registerClient("bob");

    JsonNode candidates = rest.get(SELECT, alice.token()).json().get("candidates");
    String cheapReceipt = candidates.get(0).get("receipt").asText();
    String otherReceipt = candidates.get(1).get("receipt").asText();
    Answer kept = post(offers.cheap().id(), alice.token(), report(30, 0, 40, cheapReceipt));
    Answer wrongOffer = post(offers.cheap().id(), alice.token(), report(30, 0, 40, otherReceipt));
    Answer noReceipt = post(offers.cheap().id(), alice.token(), report(30, 0, 40, null));
    Answer anotherClient = post(offers.cheap().id(), bob.token(), report(30, 30, 40, cheapReceipt));
    Answer forged =
        post(offers.cheap().id(), bob.token(), report(30, 30, 40, "AAAAAAAAAAAAAAAAAAAAAA"));
    Answer write = publish(alice.token(), offers.acme().endpoint().id());

    assertThat(rest.get(SELECT, null).json().get("candidates").get(0).has("receipt")).isFalse();
    assertThat(kept.status()).as(kept.toString()).isEqualTo(200);
    for (Answer refused : List.of(wrongOffer, noReceipt, anotherClient, forged)) {
      assertError(refused, 403, "forbidden", null);
    }
    assertError(write, 403, "forbidden", null);
    MeasuredQos measured =
        rest.get("/api/offers/" + offers.cheap().id() + "/measured", null).as(MeasuredQos.class);
    assertThat(measured.operations().get(0).requests()).isEqualTo(30);
    assertThat(measured.operations().get(0).failures()).isZero();
    assertThat(counter("client", "kept")).isEqualTo(1);
    assertThat(counter("client", "forbidden")).isEqualTo(4);
    // A withdrawn client's token stops working.
    assertThat(rest.send("DELETE", "/api/clients/" + alice.client().id(), ADMIN, null).status())
        .isEqualTo(204);
    assertError(
        post(offers.cheap().id(), alice.token(), report(30, 0, 40, cheapReceipt)),
        401,
        "unauthenticated",
        null);
  }

  private Answer publish(String token, long endpointId) {
    return rest.post(
        "/api/offers",
        token,
        Map.of("endpointId", endpointId, "terms", BrokerRestTest.terms("0.01")));
  }

  @ParameterizedTest
  @EnumSource(TestDatabase.Kind.class)
  void absurdReportsAreRefusedNamingTheFieldAndNothingIsKept(TestDatabase.Kind kind) {
    start(kind, 100);
    Offers offers = twoOffers();
    String token = offers.acme().token();
    long id = offers.cheap().id();

    Map<String, Object[]> cases = new LinkedHashMap<>();
    cases.put("requests", new Object[] {"requests", -5});
    cases.put("failures", new Object[] {"failures", 500});
    cases.put("p50Millis", new Object[] {"p50Millis", -1});
    cases.put("p95Millis", new Object[] {"p95Millis", 1});
    cases.put("p99Millis", new Object[] {"p99Millis", 1e12});
    cases.put("windowEnd", new Object[] {"windowEnd", "2100-01-01T00:00:00Z"});
    for (Map.Entry<String, Object[]> c : cases.entrySet()) {
      Map<String, Object> body = report(100, 0, 50, null);
      @SuppressWarnings("unchecked")
      Map<String, Object> measurement = (Map<String, Object>) body.get("measurement");
      measurement.put((String) c.getValue()[0], c.getValue()[1]);
      Answer answer = post(id, token, body);
      assertThat(answer.status()).as(c.getKey() + ": " + answer).isEqualTo(400);
      assertThat(answer.json().get("error").asText()).isEqualTo("invalid_input");
      assertThat(answer.json().get("field").asText()).as(answer.toString()).endsWith(c.getKey());
    }
    // NaN is no JSON number; as text it is no number either.
    String nan =
        "{\"measurement\":{\"operation\":\"getBook\",\"windowStart\":\""
            + clock.instant().minusSeconds(10)
            + "\",\"windowEnd\":\""
            + clock.instant()
            + "\",\"requests\":10,\"failures\":0,\"p50Millis\":\"NaN\",\"p95Millis\":1,"
            + "\"p99Millis\":1}}";
    assertThat(
            rest.send(
                    "POST",
                    "/api/offers/" + id + "/measurements",
                    token,
                    nan,
                    "Content-Type",
                    "application/json")
                .status())
        .isEqualTo(400);
    // A window that ended before the broker's window began no longer counts: refused.
    Map<String, Object> old = report(100, 0, 50, null);
    @SuppressWarnings("unchecked")
    Map<String, Object> oldMeasurement = (Map<String, Object>) old.get("measurement");
    oldMeasurement.put("windowStart", clock.instant().minus(Duration.ofHours(2)).toString());
    oldMeasurement.put("windowEnd", clock.instant().minus(Duration.ofHours(1)).toString());
    Answer tooOld = post(id, token, old);
    assertError(tooOld, 400, "invalid_input", "windowEnd");
    assertError(post(id + 1000, token, report(100, 0, 50, null)), 404, "not_found", null);

    assertThat(rest.get("/api/offers/" + id + "/measured", null).status()).isEqualTo(204);
    assertThat(counter("provider", "kept")).isZero();
  }

  @ParameterizedTest
  @EnumSource(TestDatabase.Kind.class)
  void aFloodOfReportsIsLimitedPerToken(TestDatabase.Kind kind) {
    start(kind, 3);
    Offers offers = twoOffers();

    List<Integer> statuses = new java.util.ArrayList<>();
    Answer limited = null;
    for (int i = 0; i < 6; i++) {
      Answer answer = post(offers.cheap().id(), offers.acme().token(), report(10, 0, 5, null));
      statuses.add(answer.status());
      if (answer.status() == 429) {
        limited = answer;
      }
    }
    // Bolt's token has a bucket of its own.
    Answer bolt = post(offers.other().id(), offers.boltToken(), report(10, 0, 5, null));
    clock.advance(Duration.ofSeconds(1));
    Answer later = post(offers.cheap().id(), offers.acme().token(), report(10, 0, 5, null));

    assertThat(statuses).containsExactly(200, 200, 200, 429, 429, 429);
    assertError(limited, 429, "too_many_reports", null);
    assertThat(limited.header("Retry-After")).isEqualTo("1");
    assertThat(bolt.status()).isEqualTo(200);
    assertThat(later.status()).isEqualTo(200);
    assertThat(
            rest.get("/api/offers/" + offers.cheap().id() + "/measured", null)
                .as(MeasuredQos.class)
                .operations()
                .get(0)
                .reports())
        .isEqualTo(4);
    assertThat(counter("provider", "limited")).isEqualTo(3);
    BrokerClient client =
        BrokerClient.builder(URI.create(server.address())).token(offers.acme().token()).build();
    clock.advance(Duration.ofSeconds(1));
    Measurement measurement = tenCalls();
    client.reportMeasurement(offers.cheap().id(), measurement, Optional.empty());
    assertThatThrownBy(
            () -> client.reportMeasurement(offers.cheap().id(), measurement, Optional.empty()))
        .isInstanceOf(TooManyReportsException.class)
        .extracting(e -> ((TooManyReportsException) e).retryAfter())
        .isEqualTo(Duration.ofSeconds(1));
  }

  @ParameterizedTest
  @EnumSource(TestDatabase.Kind.class)
  void anOfferWhoseMeasurementsBreakItsGuaranteeIsFlaggedAndNotSelectedUntilTheWindowPasses(
      TestDatabase.Kind kind) {
    start(kind, 20);
    Offers offers = twoOffers();
    ClientRegistration alice = registerClient("alice");
    String receipt =
        rest.get(SELECT, alice.token()).json().get("candidates").get(0).get("receipt").asText();

    // Too few requests to judge by: not flagged, however bad.
    Answer few = post(offers.cheap().id(), alice.token(), report(5, 5, 900, receipt));
    // The offers guarantee 0.99 availability and 100 ms (BrokerRestTest.terms).
    Answer broken = post(offers.cheap().id(), alice.token(), report(100, 20, 50, receipt));
    selector.refresh();
    Selection flagged = rest.get(SELECT, null).as(Selection.class);
    double gauge = meters.get(OfferSelector.FLAGGED_OFFERS).gauge().value();
    clock.advance(WINDOW.plusSeconds(1));
    Selection after = rest.get(SELECT, null).as(Selection.class);

    assertThat(few.as(MeasuredQos.class).flagged()).isFalse();
    MeasuredQos measured = broken.as(MeasuredQos.class);
    assertThat(measured.flagged()).isTrue();
    assertThat(measured.reason())
        .contains("getBook: availability 0.7619 below the offered 0.9900 over 105 requests");
    assertThat(flagged.candidates())
        .extracting(c -> c.offer().id())
        .containsExactly(offers.other().id());
    assertThat(gauge).isEqualTo(1);
    assertThat(after.best().orElseThrow().offer().id()).isEqualTo(offers.cheap().id());
    assertThat(meters.get(OfferSelector.FLAGGED_OFFERS).gauge().value()).isZero();
    assertThat(rest.get("/api/offers/" + offers.cheap().id() + "/measured", null).status())
        .isEqualTo(204);
  }

  @ParameterizedTest
  @EnumSource(TestDatabase.Kind.class)
  void aHeldWatchIsAnsweredWhenAReportFlagsAnOffer(TestDatabase.Kind kind) throws Exception {
    start(kind, 20);
    Offers offers = twoOffers();
    BrokerClient client = BrokerClient.builder(URI.create(server.address())).build();
    QosRequirement anything =
        QosRequirement.of(CompressionPreference.SERVER_DECIDES, QosTerms.builder().build());
    Selection before = client.select(PORT_TYPE, anything);
    CompletableFuture<Optional<Selection>> watched =
        CompletableFuture.supplyAsync(
            () -> client.watch(PORT_TYPE, anything, before.tag(), Duration.ofSeconds(60)));

    post(offers.cheap().id(), offers.acme().token(), report(100, 50, 50, null));

    Selection after = watched.get(60, TimeUnit.SECONDS).orElseThrow();
    assertThat(before.candidates()).hasSize(2);
    assertThat(after.candidates())
        .extracting(c -> c.offer().id())
        .containsExactly(offers.other().id());
  }

  @ParameterizedTest
  @EnumSource(TestDatabase.Kind.class)
  void goodReportsClearAFlagAndASlowOperationFlagsByResponseTime(TestDatabase.Kind kind) {
    start(kind, 20);
    Offers offers = twoOffers();
    String acme = offers.acme().token();

    MeasuredQos slow =
        post(offers.cheap().id(), acme, report(40, 0, 150, null)).as(MeasuredQos.class);
    MeasuredQos diluted =
        post(offers.cheap().id(), acme, report(400, 0, 10, null)).as(MeasuredQos.class);
    selector.refresh();

    assertThat(slow.flagged()).isTrue();
    assertThat(slow.reason()).contains("p95 response time 150.0 ms above the offered 100 ms");
    assertThat(diluted.flagged()).isFalse();
    assertThat(diluted.operations().get(0).p95Millis())
        .isCloseTo(22.7, org.assertj.core.data.Offset.offset(0.1));
    assertThat(rest.get(SELECT, null).as(Selection.class).best().orElseThrow().offer().id())
        .isEqualTo(offers.cheap().id());
  }

  @ParameterizedTest
  @EnumSource(TestDatabase.Kind.class)
  void rankMeasuredPutsTheShortestMeasuredResponseTimeFirst(TestDatabase.Kind kind) {
    start(kind, 20);
    Offers offers = twoOffers();
    post(offers.cheap().id(), offers.acme().token(), report(50, 0, 80, null));
    post(offers.other().id(), offers.boltToken(), report(50, 0, 20, null));
    selector.refresh();

    Selection offered = rest.get(SELECT, null).as(Selection.class);
    Selection measured = rest.get(SELECT + "&rank=measured", null).as(Selection.class);
    Answer bad = rest.get(SELECT + "&rank=fastest", null);
    BrokerClient client = BrokerClient.builder(URI.create(server.address())).build();

    assertThat(offered.candidates())
        .extracting(c -> c.offer().id())
        .containsExactly(offers.cheap().id(), offers.other().id());
    assertThat(measured.candidates())
        .extracting(c -> c.offer().id())
        .containsExactly(offers.other().id(), offers.cheap().id());
    assertError(bad, 400, "invalid_input", "rank");
    assertThat(
            client
                .selectByMeasured(
                    PORT_TYPE,
                    io.wsqos.core.header.QosRequirement.of(
                        io.wsqos.core.header.CompressionPreference.SERVER_DECIDES,
                        io.wsqos.core.header.QosTerms.builder().build()))
                .best()
                .orElseThrow()
                .offer()
                .id())
        .isEqualTo(offers.other().id());
    assertThat(client.measuredQos(offers.other().id()).orElseThrow().worstP95Millis())
        .isEqualTo(20);
    assertThatThrownBy(
            () -> client.reportMeasurement(offers.other().id(), tenCalls(), Optional.empty()))
        .isInstanceOf(io.wsqos.broker.api.UnauthenticatedException.class);
    BrokerClient bolt =
        BrokerClient.builder(URI.create(server.address())).token(offers.boltToken()).build();
    assertThatThrownBy(
            () -> bolt.reportMeasurement(offers.cheap().id(), tenCalls(), Optional.empty()))
        .isInstanceOf(ForbiddenException.class);
  }
}

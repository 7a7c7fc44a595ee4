package io.wsqos.broker.rest;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.wsqos.broker.BrokerStack;
import io.wsqos.broker.api.Binding;
import io.wsqos.broker.api.Endpoint;
import io.wsqos.broker.api.Offer;
import io.wsqos.broker.api.OfferTerms;
import io.wsqos.broker.api.Provider;
import io.wsqos.broker.api.ProviderRegistration;
import io.wsqos.broker.api.Selection;
import io.wsqos.broker.api.Service;
import io.wsqos.broker.api.json.Requests;
import io.wsqos.broker.rest.RestClient.Answer;
import io.wsqos.broker.service.BrokerService;
import io.wsqos.server.EmbeddedServer;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import javax.xml.namespace.QName;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The REST API on a real server over a real registry (H2), driven over HTTP as curl would: every
 * operation, every error status with its JSON body, values stored verbatim, and one of two
 * concurrent updates of an offer winning.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class BrokerRestTest {

  static final String ADMIN = BrokerStack.ADMIN_TOKEN;
  static final String BOOKSTORE = "{http://wsqos.io/examples}Bookstore";

  @RegisterExtension static final BrokerStack.PerClass broker = BrokerStack.perClass();

  private BrokerStack stack;
  private RestClient rest;

  @BeforeAll
  void start() {
    stack = broker.stack();
    rest = new RestClient(stack.address());
  }

  static Map<String, Object> terms(String price) {
    return Map.of(
        "price",
        price,
        "currency",
        "EUR",
        "maxResponseTimeMillis",
        100,
        "availability",
        0.99,
        "throughputPerSecond",
        50);
  }

  private ProviderRegistration provider(String name) {
    Answer answer = rest.post("/api/providers", ADMIN, new Requests.ProviderName(name));
    assertThat(answer.status()).as(answer.toString()).isEqualTo(201);
    return answer.as(ProviderRegistration.class);
  }

  /** A provider with an endpoint for the bookstore and an offer there. */
  private record Setup(
      ProviderRegistration provider, Service service, Endpoint endpoint, Offer offer) {}

  private Setup setup() {
    ProviderRegistration acme = provider("Acme");
    Service service =
        rest.post(
                "/api/services",
                acme.token(),
                Map.of("portType", BOOKSTORE, "wsdlLocation", "http://127.0.0.1:8080/b?wsdl"))
            .as(Service.class);
    Endpoint endpoint =
        rest.post(
                "/api/endpoints",
                acme.token(),
                Map.of(
                    "providerId", acme.provider().id(),
                    "serviceId", service.id(),
                    "address", "http://127.0.0.1:9000/acme",
                    "bindings", List.of("soap11")))
            .as(Endpoint.class);
    Offer offer =
        rest.post(
                "/api/offers",
                acme.token(),
                Map.of("endpointId", endpoint.id(), "terms", terms("0.10")))
            .as(Offer.class);
    return new Setup(acme, service, endpoint, offer);
  }

  @Test
  void everyOperationWorksOverHttp() {
    // Providers.
    Answer created = rest.post("/api/providers", ADMIN, "{\"name\": \"Acme\"}");
    assertThat(created.status()).isEqualTo(201);
    ProviderRegistration acme = created.as(ProviderRegistration.class);
    long providerId = acme.provider().id();
    assertThat(created.header("Location"))
        .isEqualTo(stack.server().address("/api/providers/" + providerId));
    assertThat(acme.token()).matches("[A-Za-z0-9_-]{43}");
    assertThat(rest.get("/api/providers/" + providerId, null).as(Provider.class))
        .isEqualTo(acme.provider());
    assertThat(
            rest.put("/api/providers/" + providerId, ADMIN, "{\"name\": \"Acme Books\"}")
                .as(Provider.class)
                .name())
        .isEqualTo("Acme Books");
    ProviderRegistration rotated =
        rest.post("/api/providers/" + providerId + "/token", ADMIN, null)
            .as(ProviderRegistration.class);
    assertThat(rotated.token()).isNotEqualTo(acme.token());
    String token = rotated.token();

    // Services.
    Answer service =
        rest.post(
            "/api/services",
            token,
            Map.of("portType", BOOKSTORE, "wsdlLocation", "http://127.0.0.1:8080/b?wsdl"));
    assertThat(service.status()).as(service.toString()).isEqualTo(201);
    Service bookstore = service.as(Service.class);
    assertThat(bookstore.portType()).isEqualTo(new QName("http://wsqos.io/examples", "Bookstore"));
    assertThat(service.header("Location")).endsWith("/api/services/" + bookstore.id());
    assertThat(
            rest.put(
                    "/api/services/" + bookstore.id(),
                    ADMIN,
                    Map.of("wsdlLocation", "https://books.example/ws?wsdl"))
                .as(Service.class)
                .wsdlLocation())
        .isEqualTo(URI.create("https://books.example/ws?wsdl"));
    assertThat(rest.get("/api/services?limit=10", null).json().get("items")).hasSize(1);

    // Endpoints.
    Answer endpointAnswer =
        rest.post(
            "/api/endpoints",
            token,
            Map.of(
                "providerId",
                providerId,
                "serviceId",
                bookstore.id(),
                "address",
                "http://127.0.0.1:9000/acme",
                "bindings",
                List.of("soap11", "soap12")));
    assertThat(endpointAnswer.status()).as(endpointAnswer.toString()).isEqualTo(201);
    Endpoint endpoint = endpointAnswer.as(Endpoint.class);
    assertThat(endpoint.bindings()).containsExactly(Binding.SOAP_1_1, Binding.SOAP_1_2);
    Endpoint moved =
        rest.put(
                "/api/endpoints/" + endpoint.id(),
                token,
                Map.of("address", "http://127.0.0.1:9001/acme", "bindings", List.of("soap12")))
            .as(Endpoint.class);
    assertThat(moved.address()).isEqualTo(URI.create("http://127.0.0.1:9001/acme"));
    assertThat(rest.get("/api/endpoints/" + endpoint.id(), null).as(Endpoint.class))
        .isEqualTo(moved);

    // Offers.
    Answer published =
        rest.post(
            "/api/offers", token, Map.of("endpointId", endpoint.id(), "terms", terms("0.10")));
    assertThat(published.status()).as(published.toString()).isEqualTo(201);
    assertThat(published.header("ETag")).isEqualTo("\"1\"");
    Offer offer = published.as(Offer.class);
    Answer read = rest.get("/api/offers/" + offer.id(), null);
    assertThat(read.header("ETag")).isEqualTo("\"1\"");
    assertThat(read.as(Offer.class)).isEqualTo(offer);
    Answer updated =
        rest.put(
            "/api/offers/" + offer.id(),
            token,
            Map.of("terms", terms("0.08")),
            "If-Match",
            read.header("ETag"));
    assertThat(updated.status()).as(updated.toString()).isEqualTo(200);
    assertThat(updated.header("ETag")).isEqualTo("\"2\"");
    assertThat(updated.as(Offer.class).terms().price()).isEqualByComparingTo("0.08");
    assertThat(rest.get("/api/offers?after=0&limit=1", null).json().get("nextAfter").isNull())
        .isTrue();

    // Selection, as curl would ask.
    stack.selector().refresh();
    Answer selected =
        rest.get(
            "/api/select?service="
                + URLEncoder.encode(BOOKSTORE, StandardCharsets.UTF_8)
                + "&maxPrice=0.1&maxResponseTimeMillis=200&minAvailability=0.9"
                + "&priority=best-effort&compression=none&currency=EUR",
            null);
    assertThat(selected.status()).as(selected.toString()).isEqualTo(200);
    Selection selection = selected.as(Selection.class);
    assertThat(selection.best().orElseThrow().offer().id()).isEqualTo(offer.id());
    assertThat(selection.best().orElseThrow().provider().name()).isEqualTo("Acme Books");
    assertThat(selection.mayBeStale()).isFalse();
    assertThat(
            rest.get(
                    "/api/select?service="
                        + BOOKSTORE.replace("{", "%7B").replace("}", "%7D")
                        + "&maxPrice=0.05",
                    null)
                .as(Selection.class)
                .candidates())
        .isEmpty();

    // Withdrawals, each read back through the API and the registry.
    assertThat(rest.delete("/api/offers/" + offer.id(), token, "If-Match", "\"2\"").status())
        .isEqualTo(204);
    assertError(rest.get("/api/offers/" + offer.id(), null), 404, "not_found", null);
    assertThat(rest.get("/api/offers", null).json().get("items")).isEmpty();
    stack.selector().refresh();
    // Other tests' offers may linger in the index: emptyTables deletes behind the registry's back.
    assertThat(selectBookstore().candidates()).noneMatch(c -> c.offer().id() == offer.id());
    assertThat(rest.get("/api/endpoints/" + endpoint.id(), null).as(Endpoint.class))
        .isEqualTo(moved);

    assertThat(rest.delete("/api/endpoints/" + endpoint.id(), token).status()).isEqualTo(204);
    assertError(rest.get("/api/endpoints/" + endpoint.id(), null), 404, "not_found", null);
    assertThat(rest.get("/api/endpoints", null).json().get("items")).isEmpty();
    assertThat(rest.get("/api/services/" + bookstore.id(), null).status()).isEqualTo(200);

    assertThat(rest.delete("/api/services/" + bookstore.id(), ADMIN).status()).isEqualTo(204);
    assertError(rest.get("/api/services/" + bookstore.id(), null), 404, "not_found", null);
    assertThat(rest.get("/api/services", null).json().get("items")).isEmpty();
    assertThat(rest.get("/api/providers/" + providerId, null).status()).isEqualTo(200);

    assertThat(rest.delete("/api/providers/" + providerId, ADMIN).status()).isEqualTo(204);
    assertError(rest.get("/api/providers/" + providerId, null), 404, "not_found", null);
    assertThat(rest.get("/api/providers", null).json().get("items")).isEmpty();
    assertThat(stack.registry().providers(0, 10).items()).isEmpty();
    assertThat(stack.registry().services(0, 10).items()).isEmpty();
    assertThat(stack.registry().endpoints(0, 10).items()).isEmpty();
    assertThat(stack.registry().offers(0, 10).items()).isEmpty();
  }

  private Selection selectBookstore() {
    Answer answer =
        rest.get(
            "/api/select?service=" + URLEncoder.encode(BOOKSTORE, StandardCharsets.UTF_8), null);
    assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
    return answer.as(Selection.class);
  }

  @Test
  void withdrawingAProviderTakesItsEndpointsAndOffersAndLeavesTheRest() {
    Setup acme = setup();
    ProviderRegistration rival = provider("Rival");
    Endpoint rivalEndpoint =
        rest.post(
                "/api/endpoints",
                rival.token(),
                Map.of(
                    "providerId", rival.provider().id(),
                    "serviceId", acme.service().id(),
                    "address", "http://127.0.0.1:9000/rival",
                    "bindings", List.of("soap11")))
            .as(Endpoint.class);
    Offer rivalOffer =
        rest.post(
                "/api/offers",
                rival.token(),
                Map.of("endpointId", rivalEndpoint.id(), "terms", terms("0.20")))
            .as(Offer.class);

    Answer withdrawn = rest.delete("/api/providers/" + acme.provider().provider().id(), ADMIN);

    assertThat(withdrawn.status()).as(withdrawn.toString()).isEqualTo(204);
    assertError(rest.get("/api/endpoints/" + acme.endpoint().id(), null), 404, "not_found", null);
    assertError(rest.get("/api/offers/" + acme.offer().id(), null), 404, "not_found", null);
    assertThat(rest.get("/api/providers", null).json().get("items"))
        .extracting(n -> n.get("name").asText())
        .containsExactly("Rival");
    // The service is not the provider's: it stays, with the rival's endpoint and offer.
    assertThat(rest.get("/api/services/" + acme.service().id(), null).as(Service.class))
        .isEqualTo(acme.service());
    assertThat(stack.registry().endpoints(0, 10).items()).containsExactly(rivalEndpoint);
    assertThat(stack.registry().offers(0, 10).items()).containsExactly(rivalOffer);
    stack.selector().refresh();
    assertThat(selectBookstore().candidates())
        .extracting(c -> c.offer().id())
        .contains(rivalOffer.id())
        .doesNotContain(acme.offer().id());
  }

  @Test
  void optionsListsOnlyTheMethodsAResourceServes() {
    Setup s = setup();

    Map<String, String> allowed = new java.util.LinkedHashMap<>();
    for (String path :
        List.of(
            "/api/select",
            "/api/select/watch",
            "/api/offers",
            "/api/offers/" + s.offer().id(),
            "/api/providers/" + s.provider().provider().id() + "/token")) {
      Answer answer = rest.send("OPTIONS", path, null, null);
      assertThat(answer.status()).as(path).isIn(200, 204);
      String allow = answer.header("Allow");
      allowed.put(
          path,
          allow == null
              ? null
              : java.util.Arrays.stream(allow.split(","))
                  .map(String::trim)
                  .sorted()
                  .collect(java.util.stream.Collectors.joining(",")));
    }

    assertThat(allowed)
        .containsEntry("/api/select", "GET,HEAD,OPTIONS")
        .containsEntry("/api/select/watch", "GET,HEAD,OPTIONS")
        .containsEntry("/api/offers", "GET,HEAD,OPTIONS,POST")
        .containsEntry("/api/offers/" + s.offer().id(), "DELETE,GET,HEAD,OPTIONS,PUT")
        .containsEntry("/api/providers/" + s.provider().provider().id() + "/token", "OPTIONS,POST");
  }

  @Test
  void aMethodTheResourceDoesNotServeIs405WithTheMethodsItDoes() {
    Setup s = setup();
    String providerPath = "/api/providers/" + s.provider().provider().id();

    Map<String, String> allowed = new java.util.LinkedHashMap<>();
    for (String[] request :
        List.of(
            new String[] {"PATCH", providerPath},
            new String[] {"DELETE", "/api/select"},
            new String[] {"PUT", "/api/offers"},
            new String[] {"GET", providerPath + "/token"})) {
      Answer answer = rest.send(request[0], request[1], ADMIN, null);
      assertError(answer, 405, "method_not_allowed", null);
      allowed.put(request[0] + " " + request[1], sorted(answer.header("Allow")));
    }

    assertThat(allowed)
        .containsEntry("PATCH " + providerPath, "DELETE,GET,HEAD,OPTIONS,PUT")
        .containsEntry("DELETE /api/select", "GET,HEAD,OPTIONS")
        .containsEntry("PUT /api/offers", "GET,HEAD,OPTIONS,POST")
        .containsEntry("GET " + providerPath + "/token", "OPTIONS,POST");
    assertThat(rest.get(providerPath, null).as(Provider.class)).isEqualTo(s.provider().provider());
  }

  /** The methods of an {@code Allow} header, sorted and joined by commas; null without one. */
  private static String sorted(String allow) {
    return allow == null
        ? null
        : java.util.Arrays.stream(allow.split(","))
            .map(String::trim)
            .sorted()
            .collect(java.util.stream.Collectors.joining(","));
  }

  @Test
  void aRefusedDeleteLeavesEverythingInPlace() {
    Setup s = setup();
    ProviderRegistration rival = provider("Rival");
    String offerPath = "/api/offers/" + s.offer().id();
    String endpointPath = "/api/endpoints/" + s.endpoint().id();

    assertError(
        rest.delete(offerPath, s.provider().token(), "If-Match", "\"7\""),
        412,
        "version_conflict",
        null);
    assertError(rest.delete(offerPath, rival.token(), "If-Match", "\"1\""), 403, "forbidden", null);
    assertError(rest.delete(offerPath, null, "If-Match", "\"1\""), 401, "unauthenticated", null);
    assertError(rest.delete(endpointPath, rival.token()), 403, "forbidden", null);
    assertError(
        rest.delete("/api/services/" + s.service().id(), s.provider().token()),
        403,
        "forbidden",
        null);
    assertError(
        rest.delete("/api/providers/" + s.provider().provider().id(), rival.token()),
        403,
        "forbidden",
        null);
    assertError(
        rest.delete("/api/offers/999999", ADMIN, "If-Match", "\"1\""), 404, "not_found", null);

    assertThat(rest.get(offerPath, null).as(Offer.class)).isEqualTo(s.offer());
    assertThat(rest.get(endpointPath, null).as(Endpoint.class)).isEqualTo(s.endpoint());
    assertThat(stack.registry().providers(0, 10).items()).hasSize(2);
    assertThat(stack.registry().services(0, 10).items()).containsExactly(s.service());
    assertThat(stack.registry().endpoints(0, 10).items()).containsExactly(s.endpoint());
    assertThat(stack.registry().offers(0, 10).items()).containsExactly(s.offer());
  }

  @Test
  void eachErrorHasItsStatusAndAJsonBody() {
    Setup s = setup();
    ProviderRegistration rival = provider("Rival");
    String offerPath = "/api/offers/" + s.offer().id();

    // 400, naming the field.
    assertError(rest.post("/api/providers", ADMIN, "{\"name\": "), 400, "malformed_json", null);
    assertError(rest.post("/api/providers", ADMIN, "{\"name\": 5}"), 400, "invalid_input", "name");
    assertError(
        rest.post("/api/providers", ADMIN, "{\"nam\": \"x\"}"), 400, "invalid_input", "nam");
    assertError(
        rest.post("/api/providers", ADMIN, "{\"name\": \" \"}"), 400, "invalid_input", "name");
    assertError(rest.send("POST", "/api/providers", ADMIN, ""), 400, "invalid_input", "body");
    assertError(rest.get("/api/providers/abc", null), 400, "invalid_input", "id");
    assertError(rest.get("/api/providers?limit=x", null), 400, "invalid_input", "limit");
    assertError(rest.get("/api/providers?limit=5000", null), 400, "invalid_input", "limit");
    assertError(
        rest.put(offerPath, s.provider().token(), Map.of("terms", terms("1"))),
        428,
        "precondition_required",
        "If-Match");
    assertError(
        rest.put(
            offerPath, s.provider().token(), Map.of("terms", terms("1")), "If-Match", "W/\"1\""),
        412,
        "precondition_failed",
        "If-Match");
    assertError(
        rest.delete(offerPath, s.provider().token(), "If-Match", "W/\"1\""),
        412,
        "precondition_failed",
        "If-Match");
    assertError(
        rest.put(
            offerPath, s.provider().token(), Map.of("terms", terms("-1")), "If-Match", "\"1\""),
        400,
        "invalid_input",
        "terms.price");
    assertError(
        rest.post(
            "/api/offers",
            s.provider().token(),
            "{\"endpointId\": "
                + s.endpoint().id()
                + ", \"terms\": {\"price\": 1, \"currency\": \"EUR\","
                + " \"maxResponseTimeMillis\": \"soon\", \"availability\": 1,"
                + " \"throughputPerSecond\": 1}}"),
        400,
        "invalid_input",
        "terms.maxResponseTimeMillis");
    assertError(
        rest.post(
            "/api/offers",
            s.provider().token(),
            Map.of(
                "endpointId", s.endpoint().id(), "terms", Map.of("price", 1, "currency", "EURO"))),
        400,
        "invalid_input",
        "terms.currency");
    assertError(
        rest.post(
            "/api/endpoints",
            s.provider().token(),
            Map.of(
                "providerId", s.provider().provider().id(),
                "serviceId", s.service().id(),
                "address", "file:///etc/passwd",
                "bindings", List.of("soap11"))),
        400,
        "invalid_input",
        "address");
    assertError(
        rest.post(
            "/api/endpoints",
            s.provider().token(),
            Map.of(
                "providerId", s.provider().provider().id(),
                "serviceId", s.service().id(),
                "address", "http://h/x",
                "bindings", List.of("soap13"))),
        400,
        "invalid_input",
        "bindings[0]");
    assertError(
        rest.post(
            "/api/services",
            s.provider().token(),
            Map.of("portType", "{urn:x", "wsdlLocation", "http://h/w")),
        400,
        "invalid_input",
        "portType");
    assertError(rest.get("/api/select", null), 400, "invalid_input", "service");
    assertError(
        rest.get("/api/select?service=Bookstore&maxPrice=cheap", null),
        400,
        "invalid_input",
        "maxPrice");
    assertError(
        rest.get("/api/select?service=Bookstore&minAvailability=2", null),
        400,
        "invalid_input",
        "minAvailability");
    assertError(
        rest.get("/api/select?service=Bookstore&priority=urgent", null),
        400,
        "invalid_input",
        "priority");
    assertError(
        rest.get("/api/select?service=Bookstore&currency=XX", null),
        400,
        "invalid_input",
        "currency");

    // 401: no token, an unknown token, a malformed header.
    Answer none = rest.post("/api/providers", null, Map.of("name", "X"));
    assertError(none, 401, "unauthenticated", null);
    assertThat(none.header("WWW-Authenticate")).isEqualTo("Bearer");
    assertError(
        rest.post("/api/providers", "nope", Map.of("name", "X")), 401, "unauthenticated", null);
    assertError(rest.get("/api/providers", "nope"), 401, "unauthenticated", null);
    assertError(
        rest.send("GET", "/api/providers", null, null, "Authorization", "Basic eDp5"),
        401,
        "unauthenticated",
        null);

    // 403: a provider changing another's offer; nothing changed.
    assertError(
        rest.put(offerPath, rival.token(), Map.of("terms", terms("0")), "If-Match", "\"1\""),
        403,
        "forbidden",
        null);
    assertError(rest.delete(offerPath, rival.token(), "If-Match", "\"1\""), 403, "forbidden", null);
    assertError(
        rest.post("/api/providers", rival.token(), Map.of("name", "X")), 403, "forbidden", null);
    Answer unchanged = rest.get(offerPath, null);
    assertThat(unchanged.header("ETag")).isEqualTo("\"1\"");
    assertThat(unchanged.as(Offer.class)).isEqualTo(s.offer());

    // 404.
    assertError(rest.get("/api/offers/999999", null), 404, "not_found", null);
    assertError(rest.get("/api/nothing-here", null), 404, "not_found", null);
    assertThat(rest.get("/elsewhere", null).status()).isEqualTo(404);

    // 409: a duplicate; 412: a stale version.
    assertError(
        rest.post("/api/providers", ADMIN, Map.of("name", "Rival")), 409, "duplicate", null);
    assertThat(
            rest.put(
                    offerPath,
                    s.provider().token(),
                    Map.of("terms", terms("2")),
                    "If-Match",
                    "\"1\"")
                .status())
        .isEqualTo(200);
    assertError(
        rest.put(offerPath, s.provider().token(), Map.of("terms", terms("3")), "If-Match", "\"1\""),
        412,
        "version_conflict",
        null);

    // What JAX-RS refuses itself.
    assertError(rest.send("PATCH", offerPath, ADMIN, "{}"), 405, "method_not_allowed", null);
    assertError(
        rest.send("POST", "/api/providers", ADMIN, "name=x", "Content-Type", "text/plain"),
        415,
        "unsupported_media_type",
        null);
  }

  static void assertError(Answer answer, int status, String error, String field) {
    assertThat(answer.status()).as(answer.toString()).isEqualTo(status);
    assertThat(answer.header("Content-Type")).startsWith("application/json");
    JsonNode body = answer.json();
    assertThat(body.get("error").asText()).as(answer.toString()).isEqualTo(error);
    if (field == null) {
      assertThat(body.get("field").isNull()).as(answer.toString()).isTrue();
    } else {
      assertThat(body.get("field").asText()).as(answer.toString()).isEqualTo(field);
    }
    assertThat(body.get("message").asText()).isNotBlank();
  }

  @Test
  void injectionStringsAndUnicodeAreStoredAndReturnedVerbatim() {
    List<String> names =
        List.of(
            "x'); DROP TABLE broker_offer;--",
            "\" OR \"1\"=\"1",
            "<script>alert(1)</script>",
            "caf\u00e9 \u4e2d\u6587 \ud83d\ude00 \u202e",
            "a\\b/c%00");
    List<Long> ids = new ArrayList<>();
    for (String name : names) {
      ids.add(provider(name).provider().id());
    }
    for (int i = 0; i < names.size(); i++) {
      assertThat(rest.get("/api/providers/" + ids.get(i), null).as(Provider.class).name())
          .isEqualTo(names.get(i));
    }
    assertThat(rest.get("/api/providers", null).json().get("items"))
        .extracting(n -> n.get("name").asText())
        .containsExactlyElementsOf(names);
  }

  @Test
  void ofTwoConcurrentUpdatesOfAnOfferExactlyOneWins() throws Exception {
    Setup s = setup();
    String path = "/api/offers/" + s.offer().id();
    CountDownLatch start = new CountDownLatch(1);
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      List<Future<Integer>> statuses = new ArrayList<>();
      for (String price : List.of("0.20", "0.30")) {
        Callable<Integer> update =
            () -> {
              start.await();
              return rest.put(
                      path,
                      s.provider().token(),
                      Map.of("terms", terms(price)),
                      "If-Match",
                      "\"1\"")
                  .status();
            };
        statuses.add(pool.submit(update));
      }
      start.countDown();
      List<Integer> got = new ArrayList<>();
      for (Future<Integer> status : statuses) {
        got.add(status.get());
      }
      assertThat(got).containsExactlyInAnyOrder(200, 412);
    } finally {
      pool.shutdownNow();
    }
    assertThat(rest.get(path, null).header("ETag")).isEqualTo("\"2\"");
  }

  @Test
  void pagesFollowNextAfter() {
    for (int i = 0; i < 5; i++) {
      provider("p" + i);
    }
    List<String> seen = new ArrayList<>();
    String after = "0";
    while (after != null) {
      JsonNode page = rest.get("/api/providers?limit=2&after=" + after, null).json();
      page.get("items").forEach(n -> seen.add(n.get("name").asText()));
      after = page.get("nextAfter").isNull() ? null : page.get("nextAfter").asText();
    }
    assertThat(seen).containsExactly("p0", "p1", "p2", "p3", "p4");
  }

  @Test
  void closedReadsTakeAToken() {
    BrokerRest closed =
        BrokerRest.of(
            BrokerService.builder(stack.registry(), stack.selector())
                .adminToken(ADMIN)
                .openReads(false)
                .build());
    try (EmbeddedServer other =
        EmbeddedServer.builder()
            .daemonThreads(true)
            .jaxrs(BrokerRest.PATH, closed.resources(), closed.providers())
            .start()) {
      RestClient client = new RestClient(other.address());
      ProviderRegistration acme = provider("Acme");
      assertError(client.get("/api/providers", null), 401, "unauthenticated", null);
      assertError(
          client.get(
              "/api/select?service=" + BOOKSTORE.replace("{", "%7B").replace("}", "%7D"), null),
          401,
          "unauthenticated",
          null);
      assertThat(client.get("/api/providers", acme.token()).status()).isEqualTo(200);
      assertThat(client.get("/api/providers", ADMIN).status()).isEqualTo(200);
      // The description is public: it holds nothing of the registry.
      assertThat(client.get("/api/openapi.json", null).status()).isEqualTo(200);
    }
  }

  @Test
  void theTermsDefaultsApplyToARequestThatLeavesThemOut() {
    Setup s = setup();
    OfferTerms terms = s.offer().terms();
    assertThat(terms.transportPriorities()).hasSize(1);
    assertThat(terms.validFrom()).isEqualTo(OfferTerms.EARLIEST);
    assertThat(terms.validUntil()).isEmpty();
    assertThat(terms.compression()).isFalse();
    assertThat(s.endpoint().bindings()).isEqualTo(Set.of(Binding.SOAP_1_1));
  }
}

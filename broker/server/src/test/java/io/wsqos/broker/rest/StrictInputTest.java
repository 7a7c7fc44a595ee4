package io.wsqos.broker.rest;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.wsqos.broker.BrokerStack;
import io.wsqos.broker.api.Endpoint;
import io.wsqos.broker.api.Offer;
import io.wsqos.broker.api.ProviderRegistration;
import io.wsqos.broker.api.json.Requests;
import io.wsqos.broker.rest.RestClient.Answer;
import io.wsqos.testing.RawHttp;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The REST API reads strictly: JSON that could mean two things, numbers it would have to truncate,
 * text PostgreSQL would not store as sent, bodies not declared JSON and two credentials are refused
 * with a status and the documented JSON error naming the field, and nothing is written.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class StrictInputTest {

  private static final String ADMIN = BrokerRestTest.ADMIN;

  @RegisterExtension static final BrokerStack.PerClass broker = BrokerStack.perClass();

  private BrokerStack stack;
  private RestClient rest;

  @BeforeAll
  void start() {
    stack = broker.stack();
    rest = new RestClient(stack.address());
  }

  @Test
  void aFieldNamedTwiceIsRefusedNotTheLastOneTaken() {
    Endpoint endpoint = endpoint();

    assertInvalid(
        rest.post("/api/providers", ADMIN, "{\"name\": \"Acme\", \"name\": \"Evil\"}"),
        "name",
        "name: twice (expected: each field once)");
    assertInvalid(
        rest.post(
            "/api/offers",
            ADMIN,
            "{\"endpointId\": "
                + endpoint.id()
                + ", \"terms\": {\"price\": 1, \"currency\": \"EUR\", \"price\": 0,"
                + " \"maxResponseTimeMillis\": 5, \"availability\": 1,"
                + " \"throughputPerSecond\": 1}}"),
        "terms.price",
        "terms.price: twice (expected: each field once)");

    assertThat(providerNames()).containsExactly("Acme");
    assertThat(rest.get("/api/offers", null).json().get("items")).isEmpty();
  }

  @Test
  void aNumberWithAFractionIsNoIdAndNoCountOfMilliseconds() {
    Endpoint endpoint = endpoint();
    String terms =
        "{\"price\": 1, \"currency\": \"EUR\", \"maxResponseTimeMillis\": %s,"
            + " \"availability\": 1, \"throughputPerSecond\": 1}";

    assertInvalid(
        rest.post(
            "/api/offers",
            ADMIN,
            "{\"endpointId\": " + endpoint.id() + ".7, \"terms\": " + terms.formatted("5") + "}"),
        "endpointId",
        "endpointId: " + endpoint.id() + ".7 (expected: an integer)");
    assertInvalid(
        rest.post(
            "/api/offers",
            ADMIN,
            "{\"endpointId\": " + endpoint.id() + ", \"terms\": " + terms.formatted("5.0") + "}"),
        "terms.maxResponseTimeMillis",
        "terms.maxResponseTimeMillis: 5.0 (expected: an integer)");

    assertThat(rest.get("/api/offers", null).json().get("items")).isEmpty();
  }

  @Test
  void aPriceWithAHugeExponentIsRefusedWithoutWritingOutItsDigits() {
    Endpoint endpoint = endpoint();

    assertInvalid(
        rest.post("/api/offers", ADMIN, offer(endpoint, "1e999999999")),
        "terms.price",
        "terms.price: 1E+999999999 (expected: at most 12 integer and 6 fraction digits)");

    assertThat(rest.get("/api/offers", null).json().get("items")).isEmpty();
  }

  @Test
  void aPriceWhoseDigitsOverflowAnIntIsAClientErrorNotAnOutage() {
    Endpoint endpoint = endpoint();

    assertInvalid(
        rest.post("/api/offers", ADMIN, offer(endpoint, "1E+2147483647")),
        "terms.price",
        "terms.price: 1E+2147483647 (expected: at most 12 integer and 6 fraction digits)");
    JsonNode select =
        error(
            rest.get(
                "/api/select?service="
                    + java.net.URLEncoder.encode(
                        "{http://wsqos.io/ns/bookstore/1}Bookstore", StandardCharsets.UTF_8)
                    + "&maxPrice=1E%2B2147483647",
                null),
            400);
    assertThat(select.get("field").asText()).isEqualTo("maxPrice");
    assertThat(rest.get("/api/offers", null).json().get("items")).isEmpty();
  }

  @Test
  void aPriceGivenAsALongStringIsRefusedByItsLengthUnparsed() {
    Endpoint endpoint = endpoint();

    // Parsed, a million digits would take tens of seconds of CPU.
    assertInvalid(
        rest.post("/api/offers", ADMIN, offer(endpoint, "\"" + "1".repeat(1_000_000) + "\"")),
        "terms.price",
        "terms.price: 1000000 characters (expected: a decimal of at most 100)");
    assertInvalid(
        rest.post("/api/offers", ADMIN, offer(endpoint, "1".repeat(101))),
        "terms.price",
        "terms.price: 101 characters (expected: a decimal of at most 100)");
    assertInvalid(
        rest.post("/api/offers", ADMIN, offer(endpoint, "\" 0.10\"")),
        "terms.price",
        "terms.price: ' 0.10' (expected: a decimal)");
    assertThat(rest.get("/api/offers", null).json().get("items")).isEmpty();
  }

  @Test
  void controlCharactersAtTheEndsOfAUrlAreRefusedNotCutOff() {
    Endpoint endpoint = endpoint();

    for (String address : List.of("\\u0000http://x/n", "http://x/q\\u0007", "http://x/o\\n")) {
      Answer answer =
          rest.post(
              "/api/endpoints",
              ADMIN,
              "{\"providerId\": "
                  + endpoint.providerId()
                  + ", \"serviceId\": "
                  + endpoint.serviceId()
                  + ", \"address\": \""
                  + address
                  + "\", \"bindings\": [\"soap11\"]}");
      JsonNode error = error(answer, 400);
      assertThat(error.get("field").asText()).as(address).isEqualTo("address");
      assertThat(error.get("message").asText()).as(address).endsWith("(expected: a URL)");
    }
    assertThat(rest.get("/api/endpoints", null).json().get("items")).hasSize(1);
  }

  @Test
  void aC1ControlCharacterIsRefusedLikeAnyOther() {
    assertInvalid(
        rest.post("/api/providers", ADMIN, "{\"name\": \"a\\u0085b\"}"),
        "name",
        "name: control character U+0085 at 1 (expected: none)");
    assertThat(providerNames()).isEmpty();
  }

  @Test
  void anInstantIsTextNotANumberOfSeconds() {
    Endpoint endpoint = endpoint();
    String body =
        "{\"endpointId\": "
            + endpoint.id()
            + ", \"terms\": {\"price\": 0.1, \"currency\": \"EUR\","
            + " \"maxResponseTimeMillis\": 5, \"availability\": 1,"
            + " \"throughputPerSecond\": 1, \"validFrom\": 1577836800}}";

    JsonNode error = error(rest.post("/api/offers", ADMIN, body), 400);

    assertThat(error.get("field").asText()).isEqualTo("terms.validFrom");
    assertThat(error.get("message").asText())
        .isEqualTo("terms.validFrom: an integer (expected: an ISO-8601 instant with a time zone)");
    assertThat(rest.get("/api/offers", null).json().get("items")).isEmpty();
  }

  @Test
  void anUnpairedSurrogateIsRefusedNotStoredAsSomethingElse() {
    Answer answer = rest.post("/api/providers", ADMIN, "{\"name\": \"Acme \\ud800\"}");

    assertInvalid(
        answer, "name", "name: unpaired surrogate U+D800 at 5 (expected: well-formed Unicode)");
    assertThat(providerNames()).isEmpty();
  }

  @Test
  void aBodyNotDeclaredJsonIsRefusedWith415() {
    List<String> notJson =
        List.of(
            "*/*",
            "application/*",
            "text/plain",
            "application/x-www-form-urlencoded",
            "application/json; charset=ISO-8859-1");
    for (String type : notJson) {
      Answer answer =
          rest.send("POST", "/api/providers", ADMIN, "{\"name\": \"Acme\"}", "Content-Type", type);

      JsonNode error = error(answer, 415);
      assertThat(error.get("error").asText()).isEqualTo("unsupported_media_type");
      assertThat(error.get("message").asText())
          .endsWith(
              "(expected: application/json or application/*+json, in UTF-8 if a charset is"
                  + " named)");
    }
    RawHttp.Response untyped =
        RawHttp.post(
            stack.address() + "/api/providers",
            "{\"name\": \"Acme\"}".getBytes(StandardCharsets.UTF_8),
            "Authorization",
            "Bearer " + ADMIN);
    assertThat(untyped.status()).as(untyped.text()).isEqualTo(415);
    assertThat(untyped.text()).contains("Content-Type: missing (expected: application/json");
    assertThat(providerNames()).isEmpty();

    Answer declared =
        rest.send(
            "POST",
            "/api/providers",
            ADMIN,
            "{\"name\": \"Acme\"}",
            "Content-Type",
            "application/json; charset=UTF-8");
    assertThat(declared.status()).as(declared.toString()).isEqualTo(201);
  }

  @Test
  void aBodyIsReadUnderAnyJsonTypeAndAQuotedCharset() {
    List<String> json =
        List.of(
            "application/problem+json",
            "application/vnd.wsqos+json",
            "application/json; charset=\"UTF-8\"",
            "Application/JSON;charset=utf-8");
    for (int i = 0; i < json.size(); i++) {
      Answer answer =
          rest.send(
              "POST",
              "/api/providers",
              ADMIN,
              "{\"name\": \"Acme " + i + "\"}",
              "Content-Type",
              json.get(i));

      assertThat(answer.status()).as(json.get(i) + ": " + answer).isEqualTo(201);
    }
    Answer quotedLatin1 =
        rest.send(
            "POST",
            "/api/providers",
            ADMIN,
            "{\"name\": \"Latin\"}",
            "Content-Type",
            "application/json; charset=\"ISO-8859-1\"");

    assertThat(error(quotedLatin1, 415).get("error").asText()).isEqualTo("unsupported_media_type");
    assertThat(providerNames()).containsExactly("Acme 0", "Acme 1", "Acme 2", "Acme 3");
  }

  @Test
  void aPutWithoutBodyIsRefusedAsAMissingBodyWhateverItsType() {
    long id =
        rest.post("/api/providers", ADMIN, new Requests.ProviderName("Acme"))
            .as(ProviderRegistration.class)
            .provider()
            .id();

    Answer untyped = rest.send("PUT", "/api/providers/" + id, ADMIN, null);
    Answer text =
        rest.send("PUT", "/api/providers/" + id, ADMIN, null, "Content-Type", "text/plain");

    assertInvalid(untyped, "body", "body: missing (expected: a JSON object)");
    assertInvalid(text, "body", "body: missing (expected: a JSON object)");
    assertThat(providerNames()).containsExactly("Acme");
  }

  @Test
  void aQueryParameterMisspeltOrGivenTwiceIsRefusedNotDropped() {
    String service =
        "service=" + java.net.URLEncoder.encode(BrokerRestTest.BOOKSTORE, StandardCharsets.UTF_8);

    assertInvalid(
        rest.get("/api/select?" + service + "&maxprice=0.01", null),
        "maxprice",
        "maxprice: unknown parameter (expected: one of service, maxPrice,"
            + " maxResponseTimeMillis, minAvailability, priority, compression, currency, rank)");
    assertInvalid(
        rest.get("/api/select?" + service + "&maxPrice=5&maxPrice=0.01", null),
        "maxPrice",
        "maxPrice: twice (expected: each parameter once)");
    assertInvalid(
        rest.get("/api/select?" + service + "&" + service + "&" + service, null),
        "service",
        "service: 3 times (expected: each parameter once)");
    assertInvalid(
        rest.get("/api/select/watch?" + service + "&wait=0&wait=30", null),
        "wait",
        "wait: twice (expected: each parameter once)");
    assertInvalid(
        rest.get("/api/select/watch?" + service + "&wait=0&rank=measured", null),
        "rank",
        "rank: unknown parameter (expected: one of service, maxPrice, maxResponseTimeMillis,"
            + " minAvailability, priority, compression, currency, wait)");
    for (String pages : List.of("providers", "services", "endpoints", "offers")) {
      assertInvalid(
          rest.get("/api/" + pages + "?limt=5", null),
          "limt",
          "limt: unknown parameter (expected: one of after, limit)");
      assertInvalid(
          rest.get("/api/" + pages + "?limit=1&limit=1000", null),
          "limit",
          "limit: twice (expected: each parameter once)");
    }

    assertThat(rest.get("/api/select?" + service + "&maxPrice=0.01&rank=measured", null).status())
        .isEqualTo(200);
    assertThat(rest.get("/api/select/watch?" + service + "&wait=0", null).status()).isEqualTo(200);
    assertThat(rest.get("/api/offers?after=0&limit=5&", null).status()).isEqualTo(200);
  }

  @Test
  void textThatIsNotJsonIsMalformedJsonWithItsPlaceNotAnInvalidField() {
    Endpoint endpoint = endpoint();

    for (String notANumber : List.of("NaN", "Infinity", "-Infinity")) {
      JsonNode error = error(rest.post("/api/offers", ADMIN, offer(endpoint, notANumber)), 400);

      assertThat(error.get("error").asText()).as(notANumber).isEqualTo("malformed_json");
      assertThat(error.get("field").isNull()).as(notANumber).isTrue();
      assertThat(error.get("message").asText())
          .as(notANumber)
          .matches("body: malformed JSON at line 1, column \\d+ \\(expected: a JSON object\\)");
    }
    JsonNode tooLong =
        error(rest.post("/api/offers", ADMIN, offer(endpoint, "1".repeat(1001))), 400);
    assertThat(tooLong.get("error").asText()).isEqualTo("malformed_json");
    assertThat(tooLong.get("message").asText())
        .matches(
            "body: a value longer than the reader allows at line 1, column \\d+ \\(expected: a"
                + " JSON object\\)");
    byte[] latin1 = "{\"name\": \"Caf\u00e9\"}".getBytes(StandardCharsets.ISO_8859_1);
    RawHttp.Response notUtf8 =
        RawHttp.post(
            stack.address() + "/api/providers",
            latin1,
            "Content-Type",
            "application/json",
            "Authorization",
            "Bearer " + ADMIN);
    assertThat(notUtf8.status()).as(notUtf8.text()).isEqualTo(400);
    JsonNode encoding = RestClient.JSON.valueToTree(parse(notUtf8.text()));
    assertThat(encoding.get("error").asText()).isEqualTo("malformed_json");
    assertThat(encoding.get("field").isNull()).isTrue();
    assertThat(encoding.get("message").asText())
        .matches("body: malformed JSON at line 1, column \\d+ \\(expected: a JSON object\\)");
    JsonNode two =
        error(rest.post("/api/providers", ADMIN, "{\"name\": \"a\"}\n {\"name\": \"b\"}"), 400);
    assertThat(two.get("error").asText()).isEqualTo("malformed_json");
    assertThat(two.get("field").isNull()).isTrue();
    assertThat(two.get("message").asText())
        .isEqualTo(
            "body: a second JSON value follows the first at line 2, column 2 (expected: one JSON"
                + " object)");
    assertThat(
            error(rest.post("/api/providers", ADMIN, "{\"name\": \"a\"} 7"), 400)
                .get("message")
                .asText())
        .startsWith("body: a second JSON value follows the first at line 1, column ");

    assertThat(providerNames()).containsExactly("Acme");
    assertThat(rest.get("/api/offers", null).json().get("items")).isEmpty();
  }

  @Test
  void ifMatchIsTheETagsTextNotANumber() {
    Endpoint endpoint = endpoint();
    long id = rest.post("/api/offers", ADMIN, offer(endpoint, "0.10")).json().get("id").asLong();
    String path = "/api/offers/" + id;
    String terms =
        "{\"terms\": {\"price\": 9.99, \"currency\": \"EUR\", \"maxResponseTimeMillis\": 5,"
            + " \"availability\": 1, \"throughputPerSecond\": 1}}";

    for (String neverMatches : List.of("\"0001\"", "\"+1\"", "\"one\"")) {
      JsonNode error = error(rest.put(path, ADMIN, terms, "If-Match", neverMatches), 412);

      assertThat(error.get("error").asText()).as(neverMatches).isEqualTo("precondition_failed");
      assertThat(error.get("field").asText()).isEqualTo("If-Match");
      assertThat(error.get("message").asText())
          .isEqualTo(
              "If-Match: "
                  + neverMatches
                  + " is no offer's ETag, which never matches an update (expected: the offer's"
                  + " ETag, e.g. \"1\")");
    }
    Map<String, String> notATag =
        Map.of(
            "1", "'1'",
            "*", "'*'",
            "\"1\", \"2\"", "'\"1\", \"2\"'",
            "\"1", "'\"1'",
            "\" 1\"", "'\" 1\"'");
    for (Map.Entry<String, String> header : notATag.entrySet()) {
      assertInvalid(
          rest.put(path, ADMIN, terms, "If-Match", header.getKey()),
          "If-Match",
          "If-Match: "
              + header.getValue()
              + " (expected: one strong ETag, the offer's version as GET returned it, e.g."
              + " \"1\")");
      assertThat(
              error(rest.delete(path, ADMIN, "If-Match", header.getKey()), 400)
                  .get("field")
                  .asText())
          .isEqualTo("If-Match");
    }
    Answer unchanged = rest.get(path, null);
    assertThat(unchanged.header("ETag")).isEqualTo("\"1\"");
    assertThat(unchanged.as(Offer.class).terms().price()).isEqualByComparingTo("0.10");

    Answer updated = rest.put(path, ADMIN, terms, "If-Match", "\"1\"");
    assertThat(updated.status()).as(updated.toString()).isEqualTo(200);
    assertThat(updated.header("ETag")).isEqualTo("\"2\"");
    assertThat(error(rest.delete(path, ADMIN, "If-Match", "\"1\""), 412).get("error").asText())
        .isEqualTo("version_conflict");
    assertThat(rest.get(path, null).status()).isEqualTo(200);
  }

  @Test
  void twoAuthorizationHeadersAreRefusedNotTheFirstOneTaken() {
    ProviderRegistration rival =
        rest.post("/api/providers", ADMIN, new Requests.ProviderName("Rival"))
            .as(ProviderRegistration.class);

    RawHttp.Response response =
        RawHttp.post(
            stack.address() + "/api/providers",
            "{\"name\": \"Acme\"}".getBytes(StandardCharsets.UTF_8),
            "Content-Type",
            "application/json",
            "Authorization",
            "Bearer " + ADMIN,
            "Authorization",
            "Bearer " + rival.token());

    assertThat(response.status()).as(response.text()).isEqualTo(400);
    JsonNode error = RestClient.JSON.valueToTree(parse(response.text()));
    assertThat(error.get("error").asText()).isEqualTo("invalid_input");
    assertThat(error.get("field").asText()).isEqualTo("Authorization");
    assertThat(error.get("message").asText())
        .isEqualTo("Authorization: 2 headers (expected: one, Bearer <token>)");
    assertThat(providerNames()).containsExactly("Rival");
  }

  @Test
  void refusalsSayTheFieldAndWhatWasExpectedNeverJacksonsInternals() {
    Endpoint endpoint = endpoint();
    Map<String, String> bodies =
        Map.of(
            "/api/offers", "{\"endpointId\": \"one\", \"terms\": {}}",
            "/api/providers", "{\"name\": 5}",
            "/api/endpoints",
                "{\"providerId\": 1, \"serviceId\": 1, \"address\": \"http://h/x\","
                    + " \"bindings\": \"soap11\", \"extra\": 1}",
            "/api/services", "{\"portType\": [], \"wsdlLocation\": \"http://h/w\"}");
    for (Map.Entry<String, String> body : bodies.entrySet()) {
      Answer answer = rest.post(body.getKey(), ADMIN, body.getValue());

      JsonNode error = error(answer, 400);
      assertThat(error.get("error").asText()).isEqualTo("invalid_input");
      assertThat(error.get("message").asText())
          .as(answer.toString())
          .matches("[A-Za-z.\\[\\]0-9]+: .+ \\(expected: .+\\)")
          .doesNotContain("Requests$", "CoercionConfig", "com.fasterxml", "java.", "io.wsqos");
    }
    assertThat(
            error(rest.post("/api/offers", ADMIN, "{\"endpointId\": \"one\", \"terms\": {}}"), 400)
                .get("message")
                .asText())
        .isEqualTo("endpointId: a string (expected: an integer)");
    Answer malformed = rest.post("/api/providers", ADMIN, "{\"name\": tru}");
    JsonNode error = error(malformed, 400);
    assertThat(error.get("error").asText()).isEqualTo("malformed_json");
    assertThat(error.get("message").asText())
        .startsWith("body: malformed JSON at line 1, column ")
        .doesNotContain("tru", "com.fasterxml");
    assertThat(providerNames()).containsExactly("Acme");
    assertThat(rest.get("/api/endpoints", null).json().get("items"))
        .extracting(item -> item.get("id").asLong())
        .containsExactly(endpoint.id());
    assertThat(rest.get("/api/offers", null).json().get("items")).isEmpty();
  }

  @Test
  void aLongValueIsEchoedCutShort() {
    String spaces = " ".repeat(1 << 20);

    Answer answer = rest.post("/api/providers", ADMIN, new Requests.ProviderName(spaces));

    JsonNode error = error(answer, 400);
    assertThat(error.get("field").asText()).isEqualTo("name");
    assertThat(error.get("message").asText())
        .isEqualTo("name: '" + " ".repeat(64) + "'... (1048576 characters) (expected: not blank)");
    assertThat(answer.response().body().length()).isLessThan(300);
    assertThat(providerNames()).isEmpty();
  }

  private Endpoint endpoint() {
    return rest.registerAcmeEndpoint(ADMIN).endpoint();
  }

  /** An offer of {@code endpoint} whose price is the JSON value {@code price}. */
  private static String offer(Endpoint endpoint, String price) {
    return "{\"endpointId\": "
        + endpoint.id()
        + ", \"terms\": {\"price\": "
        + price
        + ", \"currency\": \"EUR\", \"maxResponseTimeMillis\": 5, \"availability\": 1,"
        + " \"throughputPerSecond\": 1}}";
  }

  private List<String> providerNames() {
    return rest.get("/api/providers", null).json().get("items").findValuesAsText("name");
  }

  private static void assertInvalid(Answer answer, String field, String message) {
    JsonNode error = error(answer, 400);
    assertThat(error.get("error").asText()).isEqualTo("invalid_input");
    assertThat(error.get("field").asText()).isEqualTo(field);
    assertThat(error.get("message").asText()).isEqualTo(message);
  }

  private static JsonNode error(Answer answer, int status) {
    assertThat(answer.status()).as(answer.toString()).isEqualTo(status);
    assertThat(answer.header("Content-Type")).startsWith("application/json");
    return answer.json();
  }

  private static Object parse(String json) {
    try {
      return RestClient.JSON.readTree(json);
    } catch (java.io.IOException e) {
      throw new AssertionError("not JSON: " + json, e);
    }
  }
}

package io.wsqos.broker.api.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.type.TypeFactory;
import io.wsqos.broker.api.Binding;
import io.wsqos.broker.api.Candidate;
import io.wsqos.broker.api.Endpoint;
import io.wsqos.broker.api.Offer;
import io.wsqos.broker.api.OfferTerms;
import io.wsqos.broker.api.Page;
import io.wsqos.broker.api.Provider;
import io.wsqos.broker.api.Selection;
import io.wsqos.broker.api.Service;
import io.wsqos.core.header.TransportPriority;
import java.math.BigDecimal;
import java.net.URI;
import java.time.Instant;
import java.util.List;
import java.util.OptionalLong;
import java.util.Set;
import javax.xml.namespace.QName;
import org.junit.jupiter.api.Test;

class BrokerJsonTest {

  static final ObjectMapper JSON = BrokerJson.newMapper();

  static final OfferTerms TERMS =
      OfferTerms.builder()
          .price("0.1000000", "EUR")
          .maxResponseTimeMillis(200)
          .availability(0.999)
          .throughputPerSecond(50)
          .transportPriorities(TransportPriority.BEST_EFFORT, TransportPriority.EXPEDITED)
          .compression(true)
          .validFrom(Instant.parse("2026-01-01T00:00:00.123Z"))
          .validUntil(Instant.parse("2027-01-01T00:00:00Z"))
          .build();

  @Test
  void aSelectionRoundTripsWithEveryValueInItsTextForm() throws Exception {
    Provider provider = new Provider(1, "Acme \u00e9 x'); DROP TABLE offer;--");
    Service service =
        new Service(
            2, new QName("http://wsqos.io/examples", "Bookstore"), URI.create("http://h/w"));
    Endpoint endpoint =
        new Endpoint(
            3, 1, 2, URI.create("https://h/b"), Set.of(Binding.SOAP_1_1, Binding.SOAP_1_2));
    Offer offer = new Offer(4, 3, 7, TERMS);
    Selection selection =
        new Selection(
            List.of(new Candidate(provider, service, endpoint, offer)),
            42,
            Instant.parse("2026-11-25T12:00:00Z"),
            true);

    String text = JSON.writeValueAsString(selection);
    JsonNode tree = JSON.readTree(text);
    JsonNode candidate = tree.get("candidates").get(0);
    assertThat(candidate.get("service").get("portType").asText())
        .isEqualTo("{http://wsqos.io/examples}Bookstore");
    assertThat(candidate.get("endpoint").get("bindings").toString())
        .isEqualTo("[\"soap11\",\"soap12\"]");
    JsonNode terms = candidate.get("offer").get("terms");
    assertThat(terms.get("price").toString()).isEqualTo("0.1");
    assertThat(terms.get("currency").asText()).isEqualTo("EUR");
    assertThat(terms.get("transportPriorities").toString())
        .isEqualTo("[\"best-effort\",\"expedited\"]");
    assertThat(terms.get("validFrom").asText()).isEqualTo("2026-01-01T00:00:00.123Z");
    assertThat(tree.get("confirmedAt").asText()).isEqualTo("2026-11-25T12:00:00Z");
    assertThat(tree.has("best")).isFalse();

    assertThat(JSON.readValue(text, Selection.class)).isEqualTo(selection);
  }

  @Test
  void aPageRoundTrips() throws Exception {
    Page<Provider> page = new Page<>(List.of(new Provider(1, "a")), OptionalLong.of(1));
    String text = JSON.writeValueAsString(page);
    Page<Provider> back =
        JSON.readValue(
            text,
            TypeFactory.defaultInstance().constructParametricType(Page.class, Provider.class));
    assertThat(back).isEqualTo(page);
    assertThat(
            JSON.readTree(JSON.writeValueAsString(new Page<>(List.of(), OptionalLong.empty())))
                .get("nextAfter")
                .isNull())
        .isTrue();
  }

  @Test
  void termsInARequestTakeTheBuildersDefaultsAndExactPrices() throws Exception {
    OfferTerms terms =
        JSON.readValue(
            "{\"price\": 0.123456, \"currency\": \"USD\", \"maxResponseTimeMillis\": 5,"
                + " \"availability\": 1, \"throughputPerSecond\": 2}",
            OfferTerms.class);
    assertThat(terms.price()).isEqualByComparingTo(new BigDecimal("0.123456"));
    assertThat(terms.transportPriorities()).containsExactly(TransportPriority.BEST_EFFORT);
    assertThat(terms.validFrom()).isEqualTo(OfferTerms.EARLIEST);
    assertThat(terms.validUntil()).isEmpty();
  }

  @Test
  void refusalsSayTheFieldAndThePath() {
    assertThatThrownBy(
            () ->
                JSON.readValue(
                    "{\"endpointId\": 1, \"terms\": {\"price\": -1, \"currency\": \"EUR\","
                        + " \"maxResponseTimeMillis\": 5, \"availability\": 1,"
                        + " \"throughputPerSecond\": 2}}",
                    Requests.NewOffer.class))
        .isInstanceOfSatisfying(
            JsonMappingException.class,
            e -> {
              assertThat(e.getPath())
                  .extracting(JsonMappingException.Reference::getFieldName)
                  .containsExactly("terms");
              assertThat(e.getCause()).hasMessageStartingWith("price: -1");
            });
    assertThatThrownBy(() -> JSON.readValue("{\"currency\": \"XXY\"}", OfferTerms.class))
        .isInstanceOf(JsonMappingException.class)
        .hasMessageContaining("'XXY' (expected: an ISO 4217 code")
        .hasMessageContaining("[\"currency\"]");
    assertThatThrownBy(
            () -> JSON.readValue("{\"name\": \"a\", \"nam\": 1}", Requests.ProviderName.class))
        .isInstanceOf(JsonMappingException.class)
        .hasMessageContaining("nam");
    assertThatThrownBy(() -> JSON.readValue("{\"serviceId\": 1}", Requests.NewEndpoint.class))
        .hasRootCauseMessage("providerId: missing (expected: a value)");
    assertThatThrownBy(() -> BrokerJson.qname("{urn:x"))
        .hasMessageStartingWith("portType: '{urn:x'");
    assertThat(BrokerJson.qname("{urn:x}Y")).isEqualTo(new QName("urn:x", "Y"));
    assertThat(BrokerJson.qname("Y")).isEqualTo(new QName("Y"));
  }
}

package io.wsqos.broker.rest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.wsqos.broker.api.Binding;
import io.wsqos.broker.api.Candidate;
import io.wsqos.broker.api.Endpoint;
import io.wsqos.broker.api.Offer;
import io.wsqos.broker.api.OfferTerms;
import io.wsqos.broker.api.Provider;
import io.wsqos.broker.api.Selection;
import io.wsqos.broker.api.Service;
import io.wsqos.broker.api.json.BrokerJson;
import io.wsqos.core.header.TransportPriority;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import javax.xml.namespace.QName;
import org.junit.jupiter.api.Test;

class RenderedCandidatesTest {

  private static final ObjectMapper PLAIN = BrokerJson.newMapper();

  @Test
  void aSelectionIsWrittenInBytesExactlyAsTheBrokersMappingWritesIt() throws Exception {
    RenderedCandidates rendered = new RenderedCandidates();
    ObjectMapper mapper = rendered.mapper();
    List<Candidate> candidates =
        List.of(
            candidate(1, "Acme \u00e9 \"quoted\" x'); DROP TABLE offer;--", null),
            candidate(2, "</script>\u2028\\ \ud83d\ude00", Instant.parse("2027-01-01T00:00:00Z")));
    Selection selection =
        new Selection(candidates, 42, Instant.parse("2026-11-25T12:00:00.5Z"), true);

    for (int i = 0; i < 3; i++) {
      assertThat(mapper.writeValueAsBytes(selection)).isEqualTo(PLAIN.writeValueAsBytes(selection));
      assertThat(mapper.readTree(mapper.writeValueAsString(selection)))
          .isEqualTo(PLAIN.readTree(PLAIN.writeValueAsString(selection)));
    }
    assertThat(mapper.readValue(mapper.writeValueAsBytes(selection), Selection.class))
        .isEqualTo(selection);
    assertThat(mapper.writeValueAsString(new Selection(List.of(), 0, Instant.EPOCH, false)))
        .isEqualTo(PLAIN.writeValueAsString(new Selection(List.of(), 0, Instant.EPOCH, false)));
  }

  @Test
  void eachCandidateObjectIsRenderedOnceAndAnEqualNewObjectAgain() throws Exception {
    RenderedCandidates rendered = new RenderedCandidates();
    ObjectMapper mapper = rendered.mapper();
    Candidate first = candidate(1, "one", null);
    Selection selection = new Selection(List.of(first), 1, Instant.EPOCH, false);

    mapper.writeValueAsString(selection);
    mapper.writeValueAsString(selection);
    assertThat(rendered.size()).isEqualTo(1);

    // A changed offer comes back from the index as a new candidate object, maybe of equal content.
    Candidate again = candidate(1, "one", null);
    String text = mapper.writeValueAsString(new Selection(List.of(again), 2, Instant.EPOCH, false));
    assertThat(rendered.size()).isEqualTo(2);
    assertThat(text)
        .isEqualTo(
            PLAIN.writeValueAsString(new Selection(List.of(again), 2, Instant.EPOCH, false)));
  }

  @Test
  void aRenderingGoesWhenNothingHoldsItsCandidate() throws Exception {
    RenderedCandidates rendered = new RenderedCandidates();
    ObjectMapper mapper = rendered.mapper();
    List<Candidate> held = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      held.add(candidate(i + 1, "provider " + i, null));
    }
    mapper.writeValueAsString(new Selection(held, 1, Instant.EPOCH, false));
    assertThat(rendered.size()).isEqualTo(100);

    held.subList(10, 100).clear();
    await()
        .atMost(Duration.ofSeconds(30))
        .pollInterval(Duration.ofMillis(50))
        .untilAsserted(
            () -> {
              System.gc();
              assertThat(rendered.size()).isEqualTo(10);
            });
    assertThat(held).hasSize(10);
  }

  private static Candidate candidate(long id, String providerName, Instant validUntil) {
    Provider provider = new Provider(id, providerName);
    Service service =
        new Service(
            id + 1000,
            new QName("http://wsqos.io/examples", "Bookstore"),
            URI.create("http://h/w?wsdl"));
    Endpoint endpoint =
        new Endpoint(
            id + 2000,
            id,
            id + 1000,
            URI.create("https://h/b/" + id),
            Set.of(Binding.SOAP_1_1, Binding.SOAP_1_2));
    OfferTerms.Builder terms =
        OfferTerms.builder()
            .throughputPerSecond(12.5)
            .availability(0.95)
            .maxResponseTimeMillis(1_000)
            .price("3.000", "USD")
            .transportPriorities(TransportPriority.ASSURED)
            .validFrom(Instant.parse("2026-01-01T00:00:00.123Z"));
    if (validUntil != null) {
      terms.validUntil(validUntil);
    }
    return new Candidate(
        provider, service, endpoint, new Offer(id + 3000, id + 2000, 7, terms.build()));
  }
}

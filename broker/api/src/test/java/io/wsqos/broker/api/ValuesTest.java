package io.wsqos.broker.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.time.Instant;
import java.util.List;
import java.util.OptionalLong;
import java.util.Set;
import javax.xml.namespace.QName;
import org.junit.jupiter.api.Test;

class ValuesTest {

  static final QName PORT_TYPE = new QName("http://wsqos.io/examples", "Bookstore");
  static final URI WSDL = URI.create("http://127.0.0.1:8080/bookstore?wsdl");
  static final URI ADDRESS = URI.create("http://127.0.0.1:8080/bookstore");

  @Test
  void providersNeedAPrintableNameOfAtMost200Characters() {
    assertThat(new Provider(1, "'; DROP TABLE broker_offer; --").name())
        .isEqualTo("'; DROP TABLE broker_offer; --");
    assertThatThrownBy(() -> new Provider(1, " ")).hasMessage("name: ' ' (expected: not blank)");
    assertThatThrownBy(() -> new Provider(1, "x".repeat(201)))
        .hasMessage("name: 201 characters (expected: at most 200)");
    assertThatThrownBy(() -> new Provider(1, "a\u0000b"))
        .hasMessage("name: control character U+0000 at 1 (expected: none)");
    assertThatThrownBy(() -> new Provider(0, "a")).hasMessage("id: 0 (expected: >= 1)");
  }

  @Test
  void servicesNeedAPortTypeAndAnHttpWsdlLocation() {
    assertThat(new Service(1, PORT_TYPE, WSDL).portType()).isEqualTo(PORT_TYPE);
    assertThatThrownBy(() -> new Service(1, new QName("urn:x", ""), WSDL))
        .hasMessage("portType.localPart: '' (expected: not blank)");
    assertThatThrownBy(() -> new Service(1, PORT_TYPE, URI.create("file:///etc/passwd")))
        .hasMessage(
            "wsdlLocation: 'file:///etc/passwd' (expected: an absolute http or https URL with a"
                + " host)");
    assertThatThrownBy(() -> new Service(1, PORT_TYPE, URI.create("/relative?wsdl")))
        .hasMessageStartingWith("wsdlLocation: '/relative?wsdl' (expected: an absolute http");
  }

  @Test
  void endpointsNeedAnHttpAddressAndABinding() {
    Endpoint endpoint = new Endpoint(1, 2, 3, ADDRESS, Set.of(Binding.SOAP_1_2, Binding.SOAP_1_1));

    assertThat(endpoint.bindings()).containsExactly(Binding.SOAP_1_1, Binding.SOAP_1_2);
    assertThatThrownBy(() -> new Endpoint(1, 2, 3, ADDRESS, Set.of()))
        .hasMessage("bindings: [] (expected: at least one binding)");
    assertThatThrownBy(
            () -> new Endpoint(1, 2, 3, URI.create("jdbc:h2:mem:x"), Set.of(Binding.SOAP_1_1)))
        .hasMessageStartingWith("address: 'jdbc:h2:mem:x' (expected: an absolute http");
    assertThatThrownBy(() -> new Endpoint(1, 0, 3, ADDRESS, Set.of(Binding.SOAP_1_1)))
        .hasMessage("providerId: 0 (expected: >= 1)");
  }

  @Test
  void bindingsHaveTokens() {
    assertThat(Binding.fromToken("soap12")).contains(Binding.SOAP_1_2);
    assertThat(Binding.fromToken("SOAP12")).isEmpty();
  }

  @Test
  void offersStartAtVersionOne() {
    OfferTerms terms = OfferTermsTest.terms().build();

    assertThat(new Offer(1, 2, 1, terms).version()).isEqualTo(1);
    assertThatThrownBy(() -> new Offer(1, 2, 0, terms)).hasMessage("version: 0 (expected: >= 1)");
  }

  @Test
  void aCandidatesPartsMustBelongTogether() {
    Provider provider = new Provider(1, "Acme");
    Service service = new Service(2, PORT_TYPE, WSDL);
    Endpoint endpoint = new Endpoint(3, 1, 2, ADDRESS, Set.of(Binding.SOAP_1_1));
    Offer offer = new Offer(4, 3, 1, OfferTermsTest.terms().build());

    assertThat(new Candidate(provider, service, endpoint, offer).offer()).isEqualTo(offer);
    assertThatThrownBy(() -> new Candidate(new Provider(9, "B"), service, endpoint, offer))
        .hasMessage("endpoint.providerId: 1 (expected: the provider's id 9)");
    assertThatThrownBy(
            () -> new Candidate(provider, service, endpoint, new Offer(4, 8, 1, offer.terms())))
        .hasMessage("offer.endpointId: 8 (expected: the endpoint's id 3)");
  }

  @Test
  void pagesAndSelectionsCheckTheirArguments() {
    assertThatThrownBy(() -> Page.checkLimit(0)).hasMessage("limit: 0 (expected: 1..1000)");
    assertThatThrownBy(() -> Page.checkAfter(-1)).hasMessage("after: -1 (expected: >= 0)");
    assertThat(new Page<>(List.of("a"), OptionalLong.empty()).items()).containsExactly("a");
    assertThat(new Selection(List.of(), 0, Instant.EPOCH, false).best()).isEmpty();
  }
}

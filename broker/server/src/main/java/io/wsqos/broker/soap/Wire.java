package io.wsqos.broker.soap;

import io.wsqos.broker.api.Binding;
import io.wsqos.broker.api.Candidate;
import io.wsqos.broker.api.Endpoint;
import io.wsqos.broker.api.InvalidInputException;
import io.wsqos.broker.api.MeasuredQos;
import io.wsqos.broker.api.Offer;
import io.wsqos.broker.api.OfferTerms;
import io.wsqos.broker.api.OperationQos;
import io.wsqos.broker.api.Page;
import io.wsqos.broker.api.Provider;
import io.wsqos.broker.api.ProviderRegistration;
import io.wsqos.broker.api.Selection;
import io.wsqos.broker.api.Service;
import io.wsqos.core.Checks;
import io.wsqos.core.InvalidValueException;
import io.wsqos.core.header.HeaderBlock;
import io.wsqos.core.header.HeaderProblem;
import io.wsqos.core.header.QosRequirement;
import io.wsqos.core.header.TransportPriority;
import io.wsqos.core.header.WsQosBlock;
import io.wsqos.core.header.WsQosCodec;
import java.math.BigDecimal;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Currency;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import org.w3c.dom.Element;

/**
 * The one mapping between the broker's values ({@code io.wsqos.broker.api}) and the SOAP API's JAXB
 * types. Reading a request only turns text into typed values (a URL, a currency, a token, an
 * instant) and names the field it cannot; every rule about the values is the {@link
 * io.wsqos.broker.service.BrokerService}'s.
 */
final class Wire {

  private static final WsQosCodec CODEC = new WsQosCodec();

  private Wire() {}

  // From the broker's values.

  static ProviderInfo provider(Provider provider) {
    ProviderInfo info = new ProviderInfo();
    info.id = provider.id();
    info.name = provider.name();
    return info;
  }

  static ProviderToken registration(ProviderRegistration registration) {
    ProviderToken info = new ProviderToken();
    info.provider = provider(registration.provider());
    info.token = registration.token();
    return info;
  }

  static ServiceInfo service(Service service) {
    ServiceInfo info = new ServiceInfo();
    info.id = service.id();
    info.portType = service.portType();
    info.wsdlLocation = service.wsdlLocation().toString();
    return info;
  }

  static EndpointInfo endpoint(Endpoint endpoint) {
    EndpointInfo info = new EndpointInfo();
    info.id = endpoint.id();
    info.providerId = endpoint.providerId();
    info.serviceId = endpoint.serviceId();
    info.address = endpoint.address().toString();
    endpoint.bindings().forEach(b -> info.bindings.add(b.token()));
    return info;
  }

  static OfferInfo offer(Offer offer) {
    OfferInfo info = new OfferInfo();
    info.id = offer.id();
    info.endpointId = offer.endpointId();
    info.version = offer.version();
    info.terms = terms(offer.terms());
    return info;
  }

  static OfferTermsInfo terms(OfferTerms terms) {
    OfferTermsInfo info = new OfferTermsInfo();
    info.price = terms.price().toPlainString();
    info.currency = terms.currency().getCurrencyCode();
    info.maxResponseTimeMillis = terms.maxResponseTimeMillis();
    info.availability = terms.availability();
    info.throughputPerSecond = terms.throughputPerSecond();
    terms.transportPriorities().forEach(p -> info.transportPriorities.add(p.token()));
    info.compression = terms.compression();
    info.validFrom = terms.validFrom().toString();
    info.validUntil = terms.validUntil().map(Instant::toString).orElse(null);
    return info;
  }

  static ProviderPage providers(Page<Provider> page) {
    ProviderPage info = new ProviderPage();
    info.items = items(page, Wire::provider);
    info.nextAfter = next(page);
    return info;
  }

  static ServicePage services(Page<Service> page) {
    ServicePage info = new ServicePage();
    info.items = items(page, Wire::service);
    info.nextAfter = next(page);
    return info;
  }

  static EndpointPage endpoints(Page<Endpoint> page) {
    EndpointPage info = new EndpointPage();
    info.items = items(page, Wire::endpoint);
    info.nextAfter = next(page);
    return info;
  }

  static OfferPage offers(Page<Offer> page) {
    OfferPage info = new OfferPage();
    info.items = items(page, Wire::offer);
    info.nextAfter = next(page);
    return info;
  }

  static SelectResponse selection(Selection selection) {
    SelectionResult result = new SelectionResult();
    for (Candidate candidate : selection.candidates()) {
      CandidateInfo info = new CandidateInfo();
      info.provider = provider(candidate.provider());
      info.service = service(candidate.service());
      info.endpoint = endpoint(candidate.endpoint());
      info.offer = offer(candidate.offer());
      info.measured = candidate.measured().map(Wire::measured).orElse(null);
      info.receipt = candidate.receipt().orElse(null);
      result.candidates.add(info);
    }
    result.registryVersion = selection.registryVersion();
    result.confirmedAt = selection.confirmedAt().toString();
    result.mayBeStale = selection.mayBeStale();
    SelectResponse response = new SelectResponse();
    response.selection = result;
    return response;
  }

  private static MeasuredInfo measured(MeasuredQos measured) {
    MeasuredInfo info = new MeasuredInfo();
    for (OperationQos op : measured.operations()) {
      MeasuredInfo.Operation o = new MeasuredInfo.Operation();
      o.operation = op.operation();
      o.requests = op.requests();
      o.failures = op.failures();
      o.availability = op.availability();
      o.p50Millis = op.p50Millis();
      o.p95Millis = op.p95Millis();
      o.p99Millis = op.p99Millis();
      o.reports = op.reports();
      info.operations.add(o);
    }
    info.flagged = measured.flagged();
    info.reason = measured.reason();
    info.evaluatedAt = measured.evaluatedAt().toString();
    info.expiresAt = measured.expiresAt().toString();
    return info;
  }

  private static <T, R> List<R> items(Page<T> page, Function<T, R> map) {
    List<R> items = new ArrayList<>(page.items().size());
    page.items().forEach(item -> items.add(map.apply(item)));
    return items;
  }

  private static Long next(Page<?> page) {
    return page.nextAfter().isPresent() ? page.nextAfter().getAsLong() : null;
  }

  // From a request; null where the request has no value, so that the service names what is missing.

  /**
   * {@code text} without the spaces, tabs and line breaks XML Schema's {@code collapse} takes off
   * its ends ({@code xs:anyURI}, {@code xs:decimal}, {@code xs:token}); any other character stays,
   * for the value's own check to refuse.
   */
  static String collapse(String text) {
    int start = 0;
    int end = text.length();
    while (start < end && isXmlSpace(text.charAt(start))) {
      start++;
    }
    while (end > start && isXmlSpace(text.charAt(end - 1))) {
      end--;
    }
    return text.substring(start, end);
  }

  private static boolean isXmlSpace(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
  }

  static BigDecimal decimal(String field, String text) {
    if (text == null) {
      return null;
    }
    try {
      return Checks.decimal(field, collapse(text));
    } catch (InvalidValueException e) {
      throw InvalidInputException.of(e);
    }
  }

  static URI url(String field, String text) {
    if (text == null) {
      return null;
    }
    try {
      return new URI(collapse(text));
    } catch (URISyntaxException e) {
      throw invalid(field, text, "an absolute http or https URL", e);
    }
  }

  static Set<Binding> bindings(List<String> tokens) {
    if (tokens == null) {
      return null;
    }
    Set<Binding> bindings = EnumSet.noneOf(Binding.class);
    for (String token : tokens) {
      String text = token == null ? "" : collapse(token);
      bindings.add(
          Binding.fromToken(text)
              .orElseThrow(() -> invalid("bindings", text, "soap11 or soap12", null)));
    }
    return bindings;
  }

  static Currency currency(String field, String code) {
    if (code == null) {
      return null;
    }
    try {
      return OfferTerms.currency(collapse(code));
    } catch (InvalidValueException e) {
      // The value names itself "currency"; the request's field may be nested.
      throw InvalidInputException.of(e.named(field));
    }
  }

  static OfferTerms terms(OfferTermsInfo info) {
    if (info == null) {
      return null;
    }
    OfferTerms.Builder builder = OfferTerms.builder();
    if (info.price != null) {
      if (info.currency == null) {
        throw InvalidInputException.of(
            new InvalidValueException("terms.currency", "missing", "an ISO 4217 code"));
      }
      builder.price(decimal("terms.price", info.price), currency("terms.currency", info.currency));
    }
    if (info.maxResponseTimeMillis != null) {
      builder.maxResponseTimeMillis(info.maxResponseTimeMillis);
    }
    if (info.availability != null) {
      builder.availability(info.availability);
    }
    if (info.throughputPerSecond != null) {
      builder.throughputPerSecond(info.throughputPerSecond);
    }
    if (info.transportPriorities != null && !info.transportPriorities.isEmpty()) {
      Set<TransportPriority> priorities = EnumSet.noneOf(TransportPriority.class);
      for (String token : info.transportPriorities) {
        String text = token == null ? "" : collapse(token);
        priorities.add(
            TransportPriority.fromToken(text)
                .orElseThrow(
                    () ->
                        invalid(
                            "terms.transportPriorities",
                            text,
                            "one of best-effort, assured, expedited",
                            null)));
      }
      builder.transportPriorities(priorities);
    }
    if (info.compression != null) {
      builder.compression(info.compression);
    }
    if (info.validFrom != null) {
      builder.validFrom(instant("terms.validFrom", info.validFrom));
    }
    if (info.validUntil != null) {
      builder.validUntil(instant("terms.validUntil", info.validUntil));
    }
    try {
      return builder.build();
    } catch (InvalidValueException e) {
      throw InvalidInputException.of("terms", e);
    }
  }

  /**
   * The requirement of a select: its one {@code qos:Requirement} element read by core's codec, or
   * null when there is none.
   */
  static QosRequirement requirement(List<Element> elements) {
    if (elements == null || elements.isEmpty()) {
      return null;
    }
    if (elements.size() > 1) {
      throw InvalidInputException.of(
          new InvalidValueException(
              "requirement", elements.size() + " elements", "exactly one qos:Requirement"));
    }
    HeaderBlock<QosRequirement> block = CODEC.readRequirement(elements.get(0));
    if (block.isValid()) {
      return block.value().orElseThrow();
    }
    HeaderProblem problem = block.problem().orElseThrow();
    String field =
        problem.field().equals(WsQosBlock.REQUIREMENT.localName())
            ? "requirement"
            : "requirement." + problem.field();
    throw new InvalidInputException(
        field, "requirement: " + problem.detail() + " [" + problem.reason().token() + "]", null);
  }

  private static Instant instant(String field, String text) {
    try {
      return OffsetDateTime.parse(collapse(text)).toInstant();
    } catch (DateTimeParseException e) {
      throw invalid(field, text, "an xs:dateTime with a time zone, e.g. 2026-01-01T00:00:00Z", e);
    }
  }

  private static InvalidInputException invalid(
      String field, String text, String expected, Throwable cause) {
    return InvalidInputException.of(
        new InvalidValueException(field, Checks.shown(text), expected, cause));
  }
}

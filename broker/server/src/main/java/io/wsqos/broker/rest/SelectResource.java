package io.wsqos.broker.rest;

import io.wsqos.broker.api.InvalidInputException;
import io.wsqos.broker.api.OfferTerms;
import io.wsqos.broker.api.Selection;
import io.wsqos.broker.api.json.BrokerJson;
import io.wsqos.broker.service.BrokerService;
import io.wsqos.broker.service.Caller;
import io.wsqos.core.Checks;
import io.wsqos.core.InvalidValueException;
import io.wsqos.core.header.CompressionPreference;
import io.wsqos.core.header.QosRequirement;
import io.wsqos.core.header.QosTerms;
import io.wsqos.core.header.TransportPriority;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.core.UriInfo;
import java.math.BigDecimal;
import javax.xml.namespace.QName;

/**
 * {@code GET /api/select}: the offers for a service that meet a requirement, best first, from the
 * broker's memory (also while its database is down: the answer then says {@code mayBeStale}).
 */
@Path("/select")
@Produces(MediaType.APPLICATION_JSON)
public final class SelectResource {

  private final BrokerService broker;

  SelectResource(BrokerService broker) {
    this.broker = broker;
  }

  /**
   * Selects by the query's parameters. {@code service} is the port type as {@code
   * {namespace}local}; every other parameter ({@code maxPrice}, {@code maxResponseTimeMillis},
   * {@code minAvailability}, {@code priority}, {@code compression}, {@code currency}) may be left
   * out: {@code priority} defaults to {@code best-effort}, {@code compression} to {@code
   * server-decides}, {@code currency} to the broker's default.
   */
  @GET
  public Selection select(
      @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization, @Context UriInfo uri) {
    // One parse of the query string: CXF parses it again for each @QueryParam.
    MultivaluedMap<String, String> query = uri.getQueryParameters();
    String service = query.getFirst("service");
    String maxPrice = query.getFirst("maxPrice");
    String maxResponseTimeMillis = query.getFirst("maxResponseTimeMillis");
    String minAvailability = query.getFirst("minAvailability");
    String priority = query.getFirst("priority");
    String compression = query.getFirst("compression");
    String currency = query.getFirst("currency");
    Caller caller = Params.caller(authorization);
    QName portType = portType(service);
    QosTerms.Builder terms = QosTerms.builder();
    try {
      if (present(maxPrice)) {
        terms.maxPrice(decimal("maxPrice", maxPrice));
      }
      if (present(maxResponseTimeMillis)) {
        terms.maxResponseTimeMillis(Params.number("maxResponseTimeMillis", maxResponseTimeMillis));
      }
      if (present(minAvailability)) {
        terms.minAvailability(decimal("minAvailability", minAvailability).doubleValue());
      }
      if (present(priority)) {
        terms.transportPriority(
            TransportPriority.fromToken(priority)
                .orElseThrow(
                    () ->
                        Checks.invalidText(
                            "priority", priority, "best-effort, assured or expedited")));
      }
      CompressionPreference preference =
          present(compression)
              ? CompressionPreference.fromToken(compression)
                  .orElseThrow(
                      () ->
                          Checks.invalidText(
                              "compression", compression, "none, compress or server-decides"))
              : CompressionPreference.SERVER_DECIDES;
      QosRequirement requirement = QosRequirement.of(preference, terms.build());
      return present(currency)
          ? broker.select(caller, portType, requirement, OfferTerms.currency(currency))
          : broker.select(caller, portType, requirement);
    } catch (InvalidValueException e) {
      throw InvalidInputException.of(e);
    }
  }

  private static QName portType(String service) {
    if (!present(service)) {
      throw InvalidInputException.of(
          new InvalidValueException("service", "missing", "the port type as {namespace}local"));
    }
    try {
      return BrokerJson.qname(service);
    } catch (InvalidValueException e) {
      throw InvalidInputException.of(e.named("service"));
    }
  }

  private static BigDecimal decimal(String field, String text) {
    try {
      return new BigDecimal(text);
    } catch (NumberFormatException e) {
      throw InvalidInputException.of(
          new InvalidValueException(field, Checks.shown(text), "a number", e));
    }
  }

  private static boolean present(String text) {
    return text != null && !text.isEmpty();
  }
}

package io.wsqos.broker.rest;

import io.wsqos.broker.api.InvalidInputException;
import io.wsqos.broker.api.OfferTerms;
import io.wsqos.broker.api.Selection;
import io.wsqos.broker.api.json.BrokerJson;
import io.wsqos.broker.service.BrokerService;
import io.wsqos.broker.service.Caller;
import io.wsqos.core.header.CompressionPreference;
import io.wsqos.core.header.QosRequirement;
import io.wsqos.core.header.QosTerms;
import io.wsqos.core.header.TransportPriority;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
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
   * Selects. {@code service} is the port type as {@code {namespace}local}; every other parameter
   * may be left out: {@code priority} defaults to {@code best-effort}, {@code compression} to
   * {@code server-decides}, {@code currency} to the broker's default.
   */
  @GET
  public Selection select(
      @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
      @QueryParam("service") String service,
      @QueryParam("maxPrice") String maxPrice,
      @QueryParam("maxResponseTimeMillis") String maxResponseTimeMillis,
      @QueryParam("minAvailability") String minAvailability,
      @QueryParam("priority") String priority,
      @QueryParam("compression") String compression,
      @QueryParam("currency") String currency) {
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
                        new InvalidInputException(
                            "priority",
                            "priority: '"
                                + priority
                                + "' (expected: best-effort, assured or expedited)",
                            null)));
      }
      CompressionPreference preference =
          present(compression)
              ? CompressionPreference.fromToken(compression)
                  .orElseThrow(
                      () ->
                          new InvalidInputException(
                              "compression",
                              "compression: '"
                                  + compression
                                  + "' (expected: none, compress or server-decides)",
                              null))
              : CompressionPreference.SERVER_DECIDES;
      QosRequirement requirement = QosRequirement.of(preference, terms.build());
      return present(currency)
          ? broker.select(caller, portType, requirement, OfferTerms.currency(currency))
          : broker.select(caller, portType, requirement);
    } catch (IllegalArgumentException e) {
      throw InvalidInputException.of("", e);
    }
  }

  private static QName portType(String service) {
    if (!present(service)) {
      throw new InvalidInputException(
          "service", "service: missing (expected: the port type as {namespace}local)", null);
    }
    try {
      return BrokerJson.qname(service);
    } catch (IllegalArgumentException e) {
      throw new InvalidInputException(
          "service", "service: '" + service + "' (expected: {namespace}local)", e);
    }
  }

  private static BigDecimal decimal(String field, String text) {
    try {
      return new BigDecimal(text);
    } catch (NumberFormatException e) {
      throw new InvalidInputException(field, field + ": '" + text + "' (expected: a number)", e);
    }
  }

  private static boolean present(String text) {
    return text != null && !text.isEmpty();
  }
}

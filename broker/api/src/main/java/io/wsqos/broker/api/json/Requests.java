package io.wsqos.broker.api.json;

import io.wsqos.broker.api.Binding;
import io.wsqos.broker.api.Measurement;
import io.wsqos.broker.api.OfferTerms;
import io.wsqos.core.Checks;
import java.net.URI;
import java.util.Set;
import javax.xml.namespace.QName;

/**
 * The bodies of the broker's REST requests, as {@link BrokerJson} reads and writes them. Each names
 * only what the caller chooses; ids of the row changed travel in the path, versions in {@code
 * If-Match}. A missing id is refused here; the broker checks everything else.
 */
public final class Requests {

  private Requests() {}

  /** {@code POST /api/providers}, {@code PUT /api/providers/{id}}: the provider's name. */
  public record ProviderName(String name) {}

  /** {@code POST /api/services}: the port type (as {@code {namespace}local}) and its WSDL. */
  public record NewService(QName portType, URI wsdlLocation) {}

  /** {@code PUT /api/services/{id}}: where the service's WSDL is now. */
  public record ServiceChange(URI wsdlLocation) {}

  /** {@code POST /api/endpoints}: whose endpoint, for which service, where and how. */
  public record NewEndpoint(Long providerId, Long serviceId, URI address, Set<Binding> bindings) {
    /** Refuses a missing id. */
    public NewEndpoint {
      required("providerId", providerId);
      required("serviceId", serviceId);
    }
  }

  /** {@code PUT /api/endpoints/{id}}: the endpoint's new address and bindings. */
  public record EndpointChange(URI address, Set<Binding> bindings) {}

  /** {@code POST /api/offers}: the endpoint and the terms offered there. */
  public record NewOffer(Long endpointId, OfferTerms terms) {
    /** Refuses a missing id. */
    public NewOffer {
      required("endpointId", endpointId);
    }
  }

  /** {@code PUT /api/offers/{id}}: the offer's new terms. */
  public record OfferChange(OfferTerms terms) {}

  /** {@code POST /api/clients}: the client's name. */
  public record ClientName(String name) {}

  /**
   * {@code POST /api/offers/{id}/measurements}: what the caller measured, and, from a client, the
   * receipt the offer's candidate carried in the client's selection.
   */
  public record MeasurementReport(Measurement measurement, String receipt) {
    /** Refuses a missing measurement. */
    public MeasurementReport {
      required("measurement", measurement);
    }
  }

  /**
   * The body of every error answer.
   *
   * @param error the kind, e.g. {@code invalid_input}, {@code forbidden}, {@code not_found}
   * @param field the request field at fault, for {@code invalid_input}; else null
   * @param message what went wrong, for people
   */
  public record Error(String error, String field, String message) {}

  private static void required(String field, Object value) {
    Checks.required(field, value);
  }
}

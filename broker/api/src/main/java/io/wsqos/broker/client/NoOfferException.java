package io.wsqos.broker.client;

import static java.util.Objects.requireNonNull;

import io.wsqos.core.header.QosRequirement;
import io.wsqos.core.header.QosTerms;
import java.util.StringJoiner;
import javax.xml.namespace.QName;

/**
 * A call was not sent because no offer meets the client's requirement (or the broker has not
 * answered yet): the client is paused, and resumes by itself when the broker's selection has an
 * offer again. A CXF JAX-WS proxy throws a {@code WebServiceException} whose root cause it is.
 */
public final class NoOfferException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final transient QName service;
  private final transient QosRequirement requirement;

  /**
   * @param why what the broker said, e.g. {@code no offer meets it}
   */
  public NoOfferException(QName service, QosRequirement requirement, String why) {
    super(
        "no offer for "
            + requireNonNull(service, "service")
            + " meets the requirement "
            + describe(requireNonNull(requirement, "requirement"))
            + " ("
            + requireNonNull(why, "why")
            + "): calls resume when the broker selects one");
    this.service = service;
    this.requirement = requirement;
  }

  /**
   * The requirement as its REST query would state it, e.g. {@code maxPrice=0.4, priority=assured}.
   */
  static String describe(QosRequirement requirement) {
    QosTerms terms = requirement.terms();
    StringJoiner parts = new StringJoiner(", ", "[", "]");
    terms.maxPrice().ifPresent(p -> parts.add("maxPrice=" + p.toPlainString()));
    terms.maxResponseTimeMillis().ifPresent(t -> parts.add("maxResponseTimeMillis=" + t));
    terms.minAvailability().ifPresent(a -> parts.add("minAvailability=" + a));
    parts.add("priority=" + terms.transportPriority().token());
    parts.add("compression=" + requirement.compression().token());
    return parts.toString();
  }

  /** The service called. */
  public QName service() {
    return service;
  }

  /** The requirement no offer meets. */
  public QosRequirement requirement() {
    return requirement;
  }
}

package io.wsqos.core.entitlement;

import static java.util.Objects.requireNonNull;

import io.wsqos.core.header.TransportPriority;
import java.util.Map;

/**
 * The highest transport priority class each client is entitled to. A server that sends a response
 * in the class its client asked for grants at most this class: a request for a higher one is
 * clamped to it. Implementations are called on the request path, from many threads at once: they
 * answer from memory, without I/O or locks (a broker's contracts are loaded beforehand and swapped
 * when they change).
 *
 * <pre>{@code
 * PriorityEntitlement entitlement =
 *     PriorityEntitlement.of(Map.of("198.18.0.2", TransportPriority.ASSURED), BEST_EFFORT);
 * }</pre>
 */
@FunctionalInterface
public interface PriorityEntitlement {

  /**
   * The highest class the client {@code clientId} is entitled to; never null.
   *
   * @param clientId the client as the server identifies it: its address, an authenticated name or a
   *     contract's key, as the caller documents
   */
  TransportPriority highestFor(String clientId);

  /**
   * The class granted to {@code clientId} when it asks for {@code requested}: {@code requested}, or
   * the class it is entitled to if that is lower.
   */
  default TransportPriority grant(String clientId, TransportPriority requested) {
    requireNonNull(requested, "requested");
    TransportPriority highest =
        requireNonNull(highestFor(clientId), "highestFor(" + clientId + ")");
    return requested.compareTo(highest) <= 0 ? requested : highest;
  }

  /** Every client is entitled to {@code highest}; {@code EXPEDITED} trusts every request. */
  static PriorityEntitlement everyone(TransportPriority highest) {
    return new StaticEntitlement(Map.of(), requireNonNull(highest, "highest"));
  }

  /**
   * The clients of {@code byClient} (client id to class) are entitled to their class, every other
   * client to {@code otherwise}.
   */
  static PriorityEntitlement of(
      Map<String, TransportPriority> byClient, TransportPriority otherwise) {
    return new StaticEntitlement(byClient, otherwise);
  }
}

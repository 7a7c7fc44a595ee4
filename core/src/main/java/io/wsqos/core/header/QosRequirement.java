package io.wsqos.core.header;

import static java.util.Objects.requireNonNull;

/**
 * The client's QoS requirement, sent on requests in the {@code Requirement} block: how it wants its
 * responses compressed, and the QoS terms it accepts.
 *
 * <pre>{@code
 * QosRequirement requirement = QosRequirement.of(
 *     CompressionPreference.SERVER_DECIDES,
 *     QosTerms.builder()
 *         .transportPriority(TransportPriority.ASSURED)
 *         .maxResponseTimeMillis(500)
 *         .minAvailability(0.99)
 *         .build());
 * }</pre>
 *
 * @param compression the compression preference
 * @param terms the QoS terms, as bounds the client accepts
 */
public record QosRequirement(CompressionPreference compression, QosTerms terms) {

  /** Checks that both parts are present. */
  public QosRequirement {
    requireNonNull(compression, "compression");
    requireNonNull(terms, "terms");
  }

  /** A requirement with these parts. */
  public static QosRequirement of(CompressionPreference compression, QosTerms terms) {
    return new QosRequirement(compression, terms);
  }

  /** A requirement with a compression preference and a transport priority class only. */
  public static QosRequirement of(
      CompressionPreference compression, TransportPriority transportPriority) {
    return new QosRequirement(compression, QosTerms.of(transportPriority));
  }
}

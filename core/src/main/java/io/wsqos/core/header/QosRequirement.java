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
 * A client that wants only a compression preference states only that: {@link
 * #of(CompressionPreference)}, whose terms are {@link QosTerms#BEST_EFFORT} (best effort, no
 * bounds), as a {@code Requirement} without {@code terms} is read.
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

  /**
   * A requirement with a compression preference only: its terms are {@link QosTerms#BEST_EFFORT}.
   */
  public static QosRequirement of(CompressionPreference compression) {
    return new QosRequirement(compression, QosTerms.BEST_EFFORT);
  }

  /** A requirement with a compression preference and a transport priority class only. */
  public static QosRequirement of(
      CompressionPreference compression, TransportPriority transportPriority) {
    return new QosRequirement(compression, QosTerms.of(transportPriority));
  }
}

package io.wsqos.proxy;

import static java.util.Objects.requireNonNull;

import io.wsqos.core.entitlement.PriorityEntitlement;
import io.wsqos.core.header.TransportPriority;

/**
 * Decides the class and DSCP of a response: the class its request asked for, clamped to what the
 * client is entitled to ({@link PriorityEntitlement}), mapped by a {@link DscpMapping}. The
 * decisions are made up front, so deciding allocates nothing. Immutable and thread-safe.
 */
public final class MarkingPolicy {

  private final DscpMapping mapping;
  private final PriorityEntitlement entitlement;
  private final MarkingDecision[][] decisions;

  private MarkingPolicy(DscpMapping mapping, PriorityEntitlement entitlement) {
    this.mapping = mapping;
    this.entitlement = entitlement;
    TransportPriority[] classes = TransportPriority.values();
    decisions = new MarkingDecision[classes.length][classes.length];
    for (TransportPriority requested : classes) {
      for (TransportPriority granted : classes) {
        if (granted.compareTo(requested) <= 0) {
          decisions[requested.ordinal()][granted.ordinal()] =
              new MarkingDecision(requested, granted, mapping.dscp(granted));
        }
      }
    }
  }

  /** A policy granting each client at most its {@code entitlement}, marked by {@code mapping}. */
  public static MarkingPolicy of(DscpMapping mapping, PriorityEntitlement entitlement) {
    return new MarkingPolicy(
        requireNonNull(mapping, "mapping"), requireNonNull(entitlement, "entitlement"));
  }

  /** The mapping from classes to DSCPs. */
  public DscpMapping mapping() {
    return mapping;
  }

  /** What clients are entitled to. */
  public PriorityEntitlement entitlement() {
    return entitlement;
  }

  /**
   * The decision for a request of {@code clientId} asking for {@code requested}.
   *
   * @param clientId as {@link ClientIdentifier} gives it; null when the client is not known
   */
  public MarkingDecision decide(TransportPriority requested, String clientId) {
    requireNonNull(requested, "requested");
    if (requested == TransportPriority.BEST_EFFORT) {
      return decisions[0][0];
    }
    TransportPriority granted = entitlement.grant(clientId, requested);
    return decisions[requested.ordinal()][granted.ordinal()];
  }

  @Override
  public String toString() {
    return "MarkingPolicy{" + mapping + ", " + entitlement + "}";
  }
}

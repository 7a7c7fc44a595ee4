package io.wsqos.proxy;

import static java.util.Objects.requireNonNull;

import io.wsqos.core.header.ServerAction;
import io.wsqos.core.header.TransportPriority;

/**
 * The class a response is sent in: the one its request asked for, or the lower one its client is
 * entitled to, and that class's DSCP.
 *
 * @param requested the class the request asked for ({@code best-effort} when it named none)
 * @param granted the class granted, at most {@code requested}
 * @param dscp the DSCP of {@code granted}, {@code 0..63}
 */
public record MarkingDecision(TransportPriority requested, TransportPriority granted, int dscp) {

  /** Checks that {@code granted} is at most {@code requested} and the DSCP is {@code 0..63}. */
  public MarkingDecision {
    requireNonNull(requested, "requested");
    requireNonNull(granted, "granted");
    if (granted.compareTo(requested) > 0) {
      throw new IllegalArgumentException(
          "granted: "
              + granted.token()
              + " (expected: at most the class requested, "
              + requested.token()
              + ")");
    }
    if (dscp < 0 || dscp > ServerAction.MAX_DSCP) {
      throw new IllegalArgumentException(
          "dscp: " + dscp + " (expected: 0.." + ServerAction.MAX_DSCP + ")");
    }
  }

  /** Whether the request asked for more than its client is entitled to. */
  public boolean clamped() {
    return granted != requested;
  }

  /** The {@code IP_TOS} byte carrying the DSCP (ECN bits clear). */
  public int tos() {
    return dscp << 2;
  }

  /** {@code action} with this decision added: the DSCP if {@code marked}, the class, any clamp. */
  ServerAction report(ServerAction action, boolean marked) {
    ServerAction withDscp = marked ? action.withDscp(dscp) : action;
    return clamped()
        ? withDscp.withClamp(granted, requested)
        : withDscp.withGrantedPriority(granted);
  }
}

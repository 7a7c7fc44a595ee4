package io.wsqos.core.header;

import static java.util.Objects.requireNonNull;

import java.util.Optional;
import java.util.OptionalInt;

/**
 * What the server did with a response, sent in the {@code ServerAction} block: the compression
 * decision and the DSCP applied, each optional.
 *
 * <pre>{@code
 * ServerAction action = ServerAction.NONE
 *     .withCompression(CompressionAction.skipped(SkipReason.LOAD_ABOVE_THRESHOLD))
 *     .withDscp(10);
 * }</pre>
 *
 * @param compression applied or skipped, and why
 * @param dscp the DiffServ code point applied to the response's packets, {@code 0..63}
 */
public record ServerAction(Optional<CompressionAction> compression, OptionalInt dscp) {

  /** The largest DSCP value (six bits). */
  public static final int MAX_DSCP = 63;

  /** Nothing reported. */
  public static final ServerAction NONE = new ServerAction(Optional.empty(), OptionalInt.empty());

  /** Checks that the DSCP, if present, is {@code 0..63}. */
  public ServerAction {
    requireNonNull(compression, "compression");
    requireNonNull(dscp, "dscp");
    if (dscp.isPresent() && (dscp.getAsInt() < 0 || dscp.getAsInt() > MAX_DSCP)) {
      throw new IllegalArgumentException(
          "dscp: " + dscp.getAsInt() + " (expected: 0.." + MAX_DSCP + ")");
    }
  }

  /** A copy reporting {@code compression}. */
  public ServerAction withCompression(CompressionAction compression) {
    return new ServerAction(Optional.of(requireNonNull(compression, "compression")), dscp);
  }

  /** A copy reporting the DSCP {@code dscp}, {@code 0..63}. */
  public ServerAction withDscp(int dscp) {
    return new ServerAction(compression, OptionalInt.of(dscp));
  }
}

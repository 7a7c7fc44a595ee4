package io.wsqos.core.header;

import static java.util.Objects.requireNonNull;

import io.wsqos.core.InvalidValueException;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * What the server did with a response, sent in the {@code ServerAction} block: the compression
 * decision, the DSCP applied, the transport priority class granted and, when the client asked for
 * more than it is entitled to, the class it asked for; each optional.
 *
 * <pre>{@code
 * ServerAction action = ServerAction.NONE
 *     .withCompression(CompressionAction.skipped(SkipReason.LOAD_ABOVE_THRESHOLD))
 *     .withDscp(10);
 * }</pre>
 *
 * @param compression applied or skipped, and why
 * @param dscp the DiffServ code point applied to the response's packets, {@code 0..63}
 * @param grantedPriority the transport priority class the response was sent in
 * @param clampedFrom the higher class the client asked for and was not entitled to; present only
 *     with a lower {@code grantedPriority}
 */
public record ServerAction(
    Optional<CompressionAction> compression,
    OptionalInt dscp,
    Optional<TransportPriority> grantedPriority,
    Optional<TransportPriority> clampedFrom) {

  /** The largest DSCP value (six bits). */
  public static final int MAX_DSCP = 63;

  /** Nothing reported. */
  public static final ServerAction NONE =
      new ServerAction(Optional.empty(), OptionalInt.empty(), Optional.empty(), Optional.empty());

  /**
   * Checks that the DSCP, if present, is {@code 0..63}, and that a class clamped from is above the
   * class granted.
   */
  public ServerAction {
    requireNonNull(compression, "compression");
    requireNonNull(dscp, "dscp");
    requireNonNull(grantedPriority, "grantedPriority");
    requireNonNull(clampedFrom, "clampedFrom");
    if (clampedFrom.isPresent()
        && (grantedPriority.isEmpty() || clampedFrom.get().compareTo(grantedPriority.get()) <= 0)) {
      throw new InvalidValueException(
          "clampedFrom",
          clampedFrom.get().token()
              + ", grantedPriority: "
              + grantedPriority.map(TransportPriority::token).orElse("absent"),
          "a granted class below the class clamped from");
    }
    if (dscp.isPresent() && (dscp.getAsInt() < 0 || dscp.getAsInt() > MAX_DSCP)) {
      throw new InvalidValueException("dscp", Integer.toString(dscp.getAsInt()), "0.." + MAX_DSCP);
    }
  }

  /** An action with a compression decision and a DSCP only. */
  public ServerAction(Optional<CompressionAction> compression, OptionalInt dscp) {
    this(compression, dscp, Optional.empty(), Optional.empty());
  }

  /** A copy reporting {@code compression}. */
  public ServerAction withCompression(CompressionAction compression) {
    return new ServerAction(
        Optional.of(requireNonNull(compression, "compression")),
        dscp,
        grantedPriority,
        clampedFrom);
  }

  /** A copy reporting the DSCP {@code dscp}, {@code 0..63}. */
  public ServerAction withDscp(int dscp) {
    return new ServerAction(compression, OptionalInt.of(dscp), grantedPriority, clampedFrom);
  }

  /**
   * A copy reporting the class {@code granted}, and no clamping.
   *
   * @see #withClamp(TransportPriority, TransportPriority)
   */
  public ServerAction withGrantedPriority(TransportPriority granted) {
    return new ServerAction(
        compression, dscp, Optional.of(requireNonNull(granted, "granted")), Optional.empty());
  }

  /**
   * A copy reporting that the client asked for {@code requested} and was granted the lower class
   * {@code granted}, all it is entitled to.
   *
   * @throws io.wsqos.core.InvalidValueException unless {@code granted} is below {@code requested}
   */
  public ServerAction withClamp(TransportPriority granted, TransportPriority requested) {
    return new ServerAction(
        compression,
        dscp,
        Optional.of(requireNonNull(granted, "granted")),
        Optional.of(requireNonNull(requested, "requested")));
  }
}

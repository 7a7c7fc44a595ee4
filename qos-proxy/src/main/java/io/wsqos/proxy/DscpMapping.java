package io.wsqos.proxy;

import static java.util.Objects.requireNonNull;

import io.wsqos.core.header.ServerAction;
import io.wsqos.core.header.TransportPriority;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.Map;

/**
 * The DiffServ code point of each WS-QoS transport priority class. Immutable.
 *
 * <pre>{@code
 * DscpMapping mapping = DscpMapping.builder().dscp(TransportPriority.ASSURED, 26).build();
 * }</pre>
 */
public final class DscpMapping {

  /** Best effort: CS0, the default forwarding class of RFC 4594. */
  public static final int DEFAULT_BEST_EFFORT_DSCP = 0;

  /**
   * Assured: AF11 (decimal 10, TOS byte 0x28), RFC 4594's high-throughput data class and the mark
   * of the seed's DiffServ experiment.
   */
  public static final int DEFAULT_ASSURED_DSCP = 10;

  /** Expedited: EF (decimal 46, TOS byte 0xB8), RFC 3246. */
  public static final int DEFAULT_EXPEDITED_DSCP = 46;

  private static final DscpMapping DEFAULTS = builder().build();

  private final int[] dscpByClass;

  private DscpMapping(int[] dscpByClass) {
    this.dscpByClass = dscpByClass;
  }

  /** BE 0, AF 10 (AF11), EF 46. */
  public static DscpMapping defaults() {
    return DEFAULTS;
  }

  /** A builder starting from {@link #defaults()}. */
  public static Builder builder() {
    return new Builder();
  }

  /** The DSCP of {@code priority}, {@code 0..63}. */
  public int dscp(TransportPriority priority) {
    return dscpByClass[priority.ordinal()];
  }

  /**
   * The {@code IP_TOS} byte that carries the DSCP of {@code priority}: the DSCP in its upper six
   * bits, the two ECN bits clear (the kernel owns them).
   */
  public int tos(TransportPriority priority) {
    return dscp(priority) << 2;
  }

  /** The mapping, class by class. */
  public Map<TransportPriority, Integer> asMap() {
    Map<TransportPriority, Integer> map = new EnumMap<>(TransportPriority.class);
    for (TransportPriority priority : TransportPriority.values()) {
      map.put(priority, dscp(priority));
    }
    return map;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof DscpMapping mapping && Arrays.equals(dscpByClass, mapping.dscpByClass);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(dscpByClass);
  }

  @Override
  public String toString() {
    return "DscpMapping" + asMap();
  }

  /** Configures a {@link DscpMapping}; each class starts at its default. */
  public static final class Builder {
    private final int[] dscpByClass = new int[TransportPriority.values().length];

    private Builder() {
      dscpByClass[TransportPriority.BEST_EFFORT.ordinal()] = DEFAULT_BEST_EFFORT_DSCP;
      dscpByClass[TransportPriority.ASSURED.ordinal()] = DEFAULT_ASSURED_DSCP;
      dscpByClass[TransportPriority.EXPEDITED.ordinal()] = DEFAULT_EXPEDITED_DSCP;
    }

    /**
     * The DSCP of {@code priority}, {@code 0..63}; defaults {@link #DEFAULT_BEST_EFFORT_DSCP},
     * {@link #DEFAULT_ASSURED_DSCP}, {@link #DEFAULT_EXPEDITED_DSCP}.
     */
    public Builder dscp(TransportPriority priority, int dscp) {
      requireNonNull(priority, "priority");
      if (dscp < 0 || dscp > ServerAction.MAX_DSCP) {
        throw new IllegalArgumentException(
            "dscp of "
                + priority.token()
                + ": "
                + dscp
                + " (expected: 0.."
                + ServerAction.MAX_DSCP
                + ")");
      }
      dscpByClass[priority.ordinal()] = dscp;
      return this;
    }

    /**
     * Returns the mapping.
     *
     * @throws IllegalArgumentException if two classes share a DSCP: a router could not tell them
     *     apart, so a class granted would not be the class forwarded
     */
    public DscpMapping build() {
      TransportPriority[] classes = TransportPriority.values();
      for (int i = 0; i < classes.length; i++) {
        for (int j = i + 1; j < classes.length; j++) {
          if (dscpByClass[i] == dscpByClass[j]) {
            throw new IllegalArgumentException(
                "dscp of "
                    + classes[j].token()
                    + ": "
                    + dscpByClass[j]
                    + " (expected: a DSCP other than that of "
                    + classes[i].token()
                    + ")");
          }
        }
      }
      return new DscpMapping(dscpByClass.clone());
    }
  }
}

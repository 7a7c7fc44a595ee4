package io.wsqos.monitor.jdbc.internal;

import io.wsqos.monitor.Outcome;
import io.wsqos.monitor.Validity;
import java.sql.SQLException;

/**
 * The codes under which {@code qos_record} stores outcomes and validities: each constant's ordinal,
 * named by the rows of {@code qos_outcome} and {@code qos_validity}. A new constant goes at the end
 * of its enum, with a migration that adds its row.
 */
public final class Codes {

  private static final Outcome[] OUTCOMES = Outcome.values();
  private static final Validity[] VALIDITIES = Validity.values();

  private Codes() {}

  /** The code of {@code outcome}. */
  public static short of(Outcome outcome) {
    return (short) outcome.ordinal();
  }

  /** The code of {@code validity}. */
  public static short of(Validity validity) {
    return (short) validity.ordinal();
  }

  /**
   * The outcome stored as {@code code}.
   *
   * @throws SQLException if no outcome has that code
   */
  public static Outcome outcome(int code) throws SQLException {
    if (code < 0 || code >= OUTCOMES.length) {
      throw new SQLException("qos_record holds the unknown outcome code " + code);
    }
    return OUTCOMES[code];
  }

  /**
   * The validity stored as {@code code}.
   *
   * @throws SQLException if no validity has that code
   */
  public static Validity validity(int code) throws SQLException {
    if (code < 0 || code >= VALIDITIES.length) {
      throw new SQLException("qos_record holds the unknown validity code " + code);
    }
    return VALIDITIES[code];
  }
}

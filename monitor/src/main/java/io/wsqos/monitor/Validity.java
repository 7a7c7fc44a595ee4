package io.wsqos.monitor;

/**
 * Whether a record's timestamps can be trusted, and if not, why. Invalid records are kept (and
 * counted) but never reach the statistics, the timers or the diagnosis.
 */
public enum Validity {
  /** Every timestamp the record needs is present and consistent. */
  VALID,
  /** A timestamp the record needs is absent (e.g. t2 without t3, or a success without t2/t3). */
  MISSING_TIMESTAMP,
  /** A timestamp could not be read: unparsable, negative, or carrying CR/LF. */
  MALFORMED_TIMESTAMP,
  /** The message carried the same timestamp twice. */
  DUPLICATE_TIMESTAMP,
  /** A timestamp stamped on this side's clock lies beyond the tolerance in the future. */
  FUTURE_TIMESTAMP,
  /** t3 before t2, or t4 before t1. */
  NEGATIVE_DIFFERENCE,
  /** The execution time t3-t2 exceeds the response time t4-t1 that contains it. */
  EXECUTION_EXCEEDS_RESPONSE,
  /** A difference is beyond {@link QosRecord#MAX_PLAUSIBLE_MICROS} (or overflows). */
  HUGE_VALUE;

  /** Whether this is {@link #VALID}. */
  public boolean isValid() {
    return this == VALID;
  }
}

package io.wsqos.monitor;

import static io.wsqos.monitor.QosRecord.ABSENT;
import static io.wsqos.monitor.QosRecord.MAX_PLAUSIBLE_MICROS;

/** The validity rules of {@link Validity}, in the order they are checked. */
final class Validation {

  private Validation() {}

  /** The rules that need no clock: presence, sign, order and size of the differences. */
  static Validity structural(Side side, Outcome outcome, long t1, long t2, long t3, long t4) {
    if (malformed(t1) || malformed(t2) || malformed(t3) || malformed(t4)) {
      return Validity.MALFORMED_TIMESTAMP;
    }
    // t2 and t3 travel together: one without the other is a broken header, whatever the side.
    if ((t2 == ABSENT) != (t3 == ABSENT)) {
      return Validity.MISSING_TIMESTAMP;
    }
    if (side == Side.REQUESTER) {
      if (t1 == ABSENT || t4 == ABSENT) {
        return Validity.MISSING_TIMESTAMP;
      }
      // A success came from the provider's monitor, so it must carry t2 and t3. A failure may
      // never have reached the provider: valid for availability, without execution time.
      if (outcome.succeeded() && t2 == ABSENT) {
        return Validity.MISSING_TIMESTAMP;
      }
    } else if (t2 == ABSENT) {
      return Validity.MISSING_TIMESTAMP;
    }
    // Every stamp present is >= 0 here, so the differences cannot overflow.
    long response = side == Side.REQUESTER ? t4 - t1 : 0;
    long execution = t2 == ABSENT ? 0 : t3 - t2;
    if (response < 0 || execution < 0) {
      return Validity.NEGATIVE_DIFFERENCE;
    }
    if (response > MAX_PLAUSIBLE_MICROS || execution > MAX_PLAUSIBLE_MICROS) {
      return Validity.HUGE_VALUE;
    }
    if (side == Side.REQUESTER && execution > response) {
      return Validity.EXECUTION_EXCEEDS_RESPONSE;
    }
    return Validity.VALID;
  }

  /**
   * Whether a stamp on this side's own clock lies after {@code nowMicros} by more than the
   * tolerance. Stamps on the other side's clock cannot be checked.
   */
  static boolean fromTheFuture(
      Side side, long t1, long t2, long t3, long t4, long nowMicros, long toleranceMicros) {
    long latest =
        nowMicros > Long.MAX_VALUE - toleranceMicros ? Long.MAX_VALUE : nowMicros + toleranceMicros;
    return side == Side.REQUESTER
        ? after(t1, latest) || after(t4, latest)
        : after(t2, latest) || after(t3, latest);
  }

  private static boolean malformed(long stamp) {
    return stamp != ABSENT && stamp < 0;
  }

  private static boolean after(long stamp, long latest) {
    return stamp != ABSENT && stamp > latest;
  }
}

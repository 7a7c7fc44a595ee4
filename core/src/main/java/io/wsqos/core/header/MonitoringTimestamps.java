package io.wsqos.core.header;

import io.wsqos.core.InvalidValueException;
import java.util.OptionalLong;

/**
 * The monitoring timestamps of one call, each optional, in microseconds since the epoch on the
 * clock of the side that takes it: t1 request sent (requester), t2 request received (provider), t3
 * response sent (provider), t4 response received (requester). The provider echoes t1 and adds t2
 * and t3 on the response. Only differences taken on one clock (t4 - t1, t3 - t2) are meaningful.
 *
 * <pre>{@code
 * MonitoringTimestamps sent = MonitoringTimestamps.EMPTY.withT1(nowMicros);
 * }</pre>
 *
 * @param t1 request sent, {@code >= 0}
 * @param t2 request received, {@code >= 0}
 * @param t3 response sent, {@code >= 0}
 * @param t4 response received, {@code >= 0}
 */
public record MonitoringTimestamps(
    OptionalLong t1, OptionalLong t2, OptionalLong t3, OptionalLong t4) {

  /** No timestamp at all. */
  public static final MonitoringTimestamps EMPTY =
      new MonitoringTimestamps(
          OptionalLong.empty(), OptionalLong.empty(), OptionalLong.empty(), OptionalLong.empty());

  /** Checks that every present timestamp is {@code >= 0}. */
  public MonitoringTimestamps {
    check("t1", t1);
    check("t2", t2);
    check("t3", t3);
    check("t4", t4);
  }

  /** A copy with t1 (request sent, requester's clock) set to {@code micros}. */
  public MonitoringTimestamps withT1(long micros) {
    return new MonitoringTimestamps(OptionalLong.of(micros), t2, t3, t4);
  }

  /** A copy with t2 (request received, provider's clock) set to {@code micros}. */
  public MonitoringTimestamps withT2(long micros) {
    return new MonitoringTimestamps(t1, OptionalLong.of(micros), t3, t4);
  }

  /** A copy with t3 (response sent, provider's clock) set to {@code micros}. */
  public MonitoringTimestamps withT3(long micros) {
    return new MonitoringTimestamps(t1, t2, OptionalLong.of(micros), t4);
  }

  /** A copy with t4 (response received, requester's clock) set to {@code micros}. */
  public MonitoringTimestamps withT4(long micros) {
    return new MonitoringTimestamps(t1, t2, t3, OptionalLong.of(micros));
  }

  private static void check(String name, OptionalLong micros) {
    if (micros == null) {
      throw new NullPointerException(name);
    }
    if (micros.isPresent() && micros.getAsLong() < 0) {
      throw new InvalidValueException(
          name, Long.toString(micros.getAsLong()), ">= 0 microseconds since the epoch");
    }
  }
}

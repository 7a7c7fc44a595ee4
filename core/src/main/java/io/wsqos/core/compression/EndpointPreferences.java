package io.wsqos.core.compression;

import static java.util.Objects.requireNonNull;

import io.wsqos.core.Checks;
import io.wsqos.core.header.CompressionPreference;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

/**
 * A {@link ClientPreferencePolicy} that asks chosen endpoints to compress: for a time after {@link
 * #compress(String, Duration)} named an endpoint, a call to it that would let the server decide
 * ({@link CompressionPreference#SERVER_DECIDES}) says {@link CompressionPreference#COMPRESS}
 * instead, which a server compresses whatever its load. Meant for a path where fewer segments
 * matter more than the server's CPU: the monitor's {@code network-loss} alarm calls it ({@code
 * io.wsqos.monitor.reconfiguration.CompressOnNetworkLoss}), so no module depends on the other. A
 * client that said {@link CompressionPreference#NONE} keeps it.
 *
 * <p>Changes are rare and swap an immutable map whole under this object's lock; a call reads the
 * map from a volatile field, looks its endpoint up and compares one clock reading, without a lock
 * or an allocation.
 */
public final class EndpointPreferences implements ClientPreferencePolicy {

  /** The most a {@link #compress} lasts. */
  public static final Duration MAX_HOLD = Duration.ofDays(1);

  private final Clock clock;

  /** Endpoint to the epoch millisecond its escalation ends; replaced whole, never changed. */
  private volatile Map<String, Long> until = Map.of();

  private EndpointPreferences(Clock clock) {
    this.clock = clock;
  }

  /** No endpoint escalated yet; time from the system UTC clock. */
  public static EndpointPreferences create() {
    return create(Clock.systemUTC());
  }

  /** No endpoint escalated yet; time from {@code clock} (tests). */
  public static EndpointPreferences create(Clock clock) {
    return new EndpointPreferences(requireNonNull(clock, "clock"));
  }

  @Override
  public CompressionPreference preference(String endpoint, CompressionPreference configured) {
    Map<String, Long> current = until;
    if (current.isEmpty()
        || endpoint == null
        || configured != CompressionPreference.SERVER_DECIDES) {
      return configured;
    }
    Long end = current.get(endpoint);
    return end != null && clock.millis() < end ? CompressionPreference.COMPRESS : configured;
  }

  /**
   * Calls to {@code endpoint} ask for compression for {@code hold} from now (1 ms..{@link
   * #MAX_HOLD}), or until {@link #clear}; a later call extends or shortens it. Forgets escalations
   * that have ended.
   */
  public synchronized void compress(String endpoint, Duration hold) {
    Checks.notBlank("endpoint", endpoint);
    Checks.inRange("hold", hold, Duration.ofMillis(1), MAX_HOLD);
    long now = clock.millis();
    Map<String, Long> next = live(now);
    next.put(endpoint, now + hold.toMillis());
    until = Map.copyOf(next);
  }

  /** Calls to {@code endpoint} send the feature's preference again. */
  public synchronized void clear(String endpoint) {
    requireNonNull(endpoint, "endpoint");
    Map<String, Long> next = live(clock.millis());
    next.remove(endpoint);
    until = Map.copyOf(next);
  }

  /** The endpoints asked to compress now, each with when that ends. */
  public Map<String, Instant> escalated() {
    long now = clock.millis();
    Map<String, Instant> escalated = new HashMap<>();
    until.forEach(
        (endpoint, end) -> {
          if (now < end) {
            escalated.put(endpoint, Instant.ofEpochMilli(end));
          }
        });
    return Map.copyOf(escalated);
  }

  private Map<String, Long> live(long now) {
    Map<String, Long> live = new HashMap<>(until);
    live.values().removeIf(end -> now >= end);
    return live;
  }

  @Override
  public String toString() {
    return "EndpointPreferences" + escalated();
  }
}

package io.wsqos.monitor.reconfiguration;

import static java.util.Objects.requireNonNull;

import io.wsqos.core.Checks;
import io.wsqos.core.compression.EndpointPreferences;
import io.wsqos.monitor.diagnosis.Alarm;
import io.wsqos.monitor.diagnosis.AlarmListener;
import io.wsqos.monitor.diagnosis.NetworkLossRule;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Acts on {@value NetworkLossRule#NAME} alarms by compression: the client's calls to the lossy path
 * ask the server to compress ({@code compress}, which a server honours whatever its load, where
 * {@code server-decides} would not be compressed by a loaded one) for {@code hold} after each
 * alarm. Compressed responses are fewer segments, so fewer of them are lost late, where only a
 * retransmission timeout repairs the loss. Other alarms are ignored: a slow provider is not helped
 * by compression.
 *
 * <pre>{@code
 * EndpointPreferences lossy = EndpointPreferences.create();
 * clientFactory.getFeatures().add(CompressionFeature.builder().clientPolicy(lossy).build());
 * Diagnosis.builder(registry).listener(CompressOnNetworkLoss.of(lossy)).build();
 * }</pre>
 *
 * <p>The rule raises again every {@link NetworkLossRule.Builder#repeatEveryWindows} bad windows
 * while the loss lasts; keep {@code hold} longer than that many windows, so that compression does
 * not lapse in between.
 */
public final class CompressOnNetworkLoss implements AlarmListener {

  /**
   * How long an alarm keeps compression on: 15 minutes, longer than the rule's default repeat
   * ({@value NetworkLossRule#DEFAULT_REPEAT_EVERY_WINDOWS} windows of the default 10 s).
   */
  public static final long DEFAULT_HOLD_MILLIS = 15 * 60_000;

  private static final Logger logger = LoggerFactory.getLogger(CompressOnNetworkLoss.class);

  private final EndpointPreferences preferences;
  private final Duration hold;

  private CompressOnNetworkLoss(EndpointPreferences preferences, Duration hold) {
    this.preferences = requireNonNull(preferences, "preferences");
    this.hold = Checks.inRange("hold", hold, Duration.ofMillis(1), EndpointPreferences.MAX_HOLD);
  }

  /** Compression for {@value #DEFAULT_HOLD_MILLIS} ms after each alarm. */
  public static CompressOnNetworkLoss of(EndpointPreferences preferences) {
    return of(preferences, Duration.ofMillis(DEFAULT_HOLD_MILLIS));
  }

  /** Compression for {@code hold} (1 ms..1 day) after each alarm. */
  public static CompressOnNetworkLoss of(EndpointPreferences preferences, Duration hold) {
    return new CompressOnNetworkLoss(preferences, hold);
  }

  @Override
  public void onAlarm(Alarm alarm) {
    if (!NetworkLossRule.NAME.equals(alarm.rule())) {
      return;
    }
    boolean already = preferences.escalated().containsKey(alarm.endpoint());
    preferences.compress(alarm.endpoint(), hold);
    if (!already) {
      logger.info("Asking {} to compress for {}: {}", alarm.endpoint(), hold, alarm.describe());
    }
  }

  @Override
  public String toString() {
    return "CompressOnNetworkLoss{hold=" + hold + ", " + preferences + '}';
  }
}

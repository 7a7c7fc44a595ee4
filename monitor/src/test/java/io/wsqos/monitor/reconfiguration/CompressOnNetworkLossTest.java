package io.wsqos.monitor.reconfiguration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.wsqos.core.compression.EndpointPreferences;
import io.wsqos.core.header.CompressionPreference;
import io.wsqos.monitor.TimeStats;
import io.wsqos.monitor.diagnosis.Alarm;
import io.wsqos.monitor.diagnosis.NetworkLossRule;
import io.wsqos.monitor.diagnosis.WindowStats;
import io.wsqos.testing.MutableClock;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class CompressOnNetworkLossTest {

  static final String LOSSY = "http://198.18.0.2:8080/bookstore";
  static final String SLOW = "http://198.18.0.3:8080/bookstore";

  final MutableClock clock = new MutableClock(Instant.parse("2026-12-07T05:00:00Z"));
  final EndpointPreferences preferences = EndpointPreferences.create(clock);

  static Alarm alarm(String endpoint, String rule) {
    Instant now = Instant.parse("2026-12-07T05:00:00Z");
    return new Alarm(
        now,
        endpoint,
        rule,
        "figure",
        0.02,
        0.005,
        3,
        new WindowStats(
            endpoint, now, now, 100, 100, TimeStats.EMPTY, TimeStats.EMPTY, TimeStats.EMPTY));
  }

  CompressionPreference preferenceFor(String endpoint) {
    return preferences.preference(endpoint, CompressionPreference.SERVER_DECIDES);
  }

  @Test
  void aNetworkLossAlarmAsksThatPathToCompressForTheHold() {
    CompressOnNetworkLoss listener = CompressOnNetworkLoss.of(preferences, Duration.ofMinutes(10));

    listener.onAlarm(alarm(LOSSY, NetworkLossRule.NAME));
    CompressionPreference during = preferenceFor(LOSSY);
    clock.advance(Duration.ofMinutes(10));
    CompressionPreference after = preferenceFor(LOSSY);

    assertThat(during).isEqualTo(CompressionPreference.COMPRESS);
    assertThat(after).isEqualTo(CompressionPreference.SERVER_DECIDES);
  }

  @Test
  void aRepeatedAlarmRenewsTheHold() {
    CompressOnNetworkLoss listener = CompressOnNetworkLoss.of(preferences, Duration.ofMinutes(10));

    listener.onAlarm(alarm(LOSSY, NetworkLossRule.NAME));
    clock.advance(Duration.ofMinutes(8));
    listener.onAlarm(alarm(LOSSY, NetworkLossRule.NAME));
    clock.advance(Duration.ofMinutes(8));

    assertThat(preferenceFor(LOSSY)).isEqualTo(CompressionPreference.COMPRESS);
  }

  @Test
  void otherAlarmsChangeNothing() {
    CompressOnNetworkLoss listener = CompressOnNetworkLoss.of(preferences);

    listener.onAlarm(alarm(SLOW, "p95-response-time"));
    listener.onAlarm(alarm(SLOW, "communication-dominates"));

    assertThat(preferences.escalated()).isEmpty();
    assertThat(preferenceFor(SLOW)).isEqualTo(CompressionPreference.SERVER_DECIDES);
  }

  @Test
  void aHoldOutOfRangeIsRefused() {
    assertThatThrownBy(() -> CompressOnNetworkLoss.of(preferences, Duration.ZERO))
        .hasMessageContaining("hold");
  }
}

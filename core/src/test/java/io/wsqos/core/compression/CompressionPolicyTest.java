package io.wsqos.core.compression;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.wsqos.core.compression.CompressionPolicy.Decision;
import io.wsqos.core.header.CompressionPreference;
import io.wsqos.core.header.SkipReason;
import io.wsqos.core.load.ScriptedLoadProbe;
import org.junit.jupiter.api.Test;

class CompressionPolicyTest {
  private static final CompressionPreference DECIDES = CompressionPreference.SERVER_DECIDES;
  private static final CompressionPreference COMPRESS = CompressionPreference.COMPRESS;

  private final ScriptedLoadProbe probe = new ScriptedLoadProbe();

  @Test
  void neverSkipsEveryResponseAsDisabled() {
    CompressionPolicy policy = CompressionPolicy.never();

    assertThat(policy.decide(COMPRESS)).isEqualTo(Decision.SKIP_DISABLED);
    assertThat(policy.decide(DECIDES)).isEqualTo(Decision.SKIP_DISABLED);
    assertThat(Decision.SKIP_DISABLED.skipReason()).isEqualTo(SkipReason.DISABLED);
  }

  @Test
  void alwaysCompressesWhateverTheLoad() {
    CompressionPolicy policy = CompressionPolicy.always();
    probe.set(1.0);

    assertThat(policy.decide(COMPRESS)).isEqualTo(Decision.COMPRESS);
    assertThat(policy.decide(DECIDES)).isEqualTo(Decision.COMPRESS);
  }

  @Test
  void serverDecidesCompressesBelowTheThresholdAndSkipsAtIt() {
    CompressionPolicy policy = CompressionPolicy.loadAware(probe);

    Decision idle = policy.decide(DECIDES);
    probe.set(0.80);
    Decision atThreshold = policy.decide(DECIDES);

    assertThat(idle).isEqualTo(Decision.COMPRESS);
    assertThat(atThreshold).isEqualTo(Decision.SKIP_LOAD_ABOVE_THRESHOLD);
    assertThat(atThreshold.skipReason()).isEqualTo(SkipReason.LOAD_ABOVE_THRESHOLD);
  }

  @Test
  void compressPreferenceIsHonouredAboveTheThreshold() {
    CompressionPolicy policy = CompressionPolicy.loadAware(probe);
    probe.set(0.99);

    assertThat(policy.decide(COMPRESS)).isEqualTo(Decision.COMPRESS);
  }

  @Test
  void decisionHoldsInsideTheHysteresisBandAndChangesOnlyBeyondIt() {
    CompressionPolicy policy = CompressionPolicy.loadAware(probe, 80, 5);

    probe.set(0.79);
    Decision risingInBand = policy.decide(DECIDES);
    probe.set(0.81);
    Decision over = policy.decide(DECIDES);
    probe.set(0.76);
    Decision fallingInBand = policy.decide(DECIDES);
    probe.set(0.7499);
    Decision belowBand = policy.decide(DECIDES);
    probe.set(0.79);
    Decision risingAgain = policy.decide(DECIDES);

    assertThat(risingInBand).isEqualTo(Decision.COMPRESS);
    assertThat(over).isEqualTo(Decision.SKIP_LOAD_ABOVE_THRESHOLD);
    assertThat(fallingInBand).isEqualTo(Decision.SKIP_LOAD_ABOVE_THRESHOLD);
    assertThat(belowBand).isEqualTo(Decision.COMPRESS);
    assertThat(risingAgain).isEqualTo(Decision.COMPRESS);
  }

  @Test
  void gradedPolicyCompressesFastWhenBusyAndStopsAboveTheThreshold() {
    CompressionPolicy policy = CompressionPolicy.graded(probe, 50, 80, 5);

    probe.set(0.4);
    Decision idle = policy.decide(DECIDES);
    probe.set(0.6);
    Decision busy = policy.decide(DECIDES);
    probe.set(0.9);
    Decision overloaded = policy.decide(DECIDES);
    probe.set(0.77);
    Decision stillOff = policy.decide(DECIDES);
    probe.set(0.6);
    Decision fastAgain = policy.decide(DECIDES);
    probe.set(0.47);
    Decision fastInLowerBand = policy.decide(DECIDES);
    probe.set(0.3);
    Decision fullAgain = policy.decide(DECIDES);

    assertThat(idle).isEqualTo(Decision.COMPRESS);
    assertThat(busy).isEqualTo(Decision.COMPRESS_FAST);
    assertThat(overloaded).isEqualTo(Decision.SKIP_LOAD_ABOVE_THRESHOLD);
    assertThat(stillOff).isEqualTo(Decision.SKIP_LOAD_ABOVE_THRESHOLD);
    assertThat(fastAgain).isEqualTo(Decision.COMPRESS_FAST);
    assertThat(fastInLowerBand).isEqualTo(Decision.COMPRESS_FAST);
    assertThat(fullAgain).isEqualTo(Decision.COMPRESS);
    assertThat(policy.decide(COMPRESS)).isEqualTo(Decision.COMPRESS);
  }

  @Test
  void jumpFromIdleToOverloadSkipsAtOnce() {
    CompressionPolicy policy = CompressionPolicy.graded(probe, 50, 80, 5);
    probe.set(0.95);

    assertThat(policy.decide(DECIDES)).isEqualTo(Decision.SKIP_LOAD_ABOVE_THRESHOLD);
  }

  @Test
  void invalidPercentsAreRejectedWithWhatWasExpected() {
    assertThatThrownBy(() -> CompressionPolicy.loadAware(probe, 101, 5))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("thresholdPercent: 101.0 (expected: 0..100)");
    assertThatThrownBy(() -> CompressionPolicy.loadAware(probe, 80, 81))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("hysteresisPercent: 81.0 (expected: 0..80.0)");
    assertThatThrownBy(() -> CompressionPolicy.loadAware(probe, Double.NaN, 5))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("thresholdPercent: NaN (expected: 0..100)");
    assertThatThrownBy(() -> CompressionPolicy.graded(probe, 90, 80, 5))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("busyPercent: 90.0 (expected: 0..80.0)");
    assertThatThrownBy(() -> CompressionPolicy.loadAware(null))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("probe");
  }
}

package io.wsqos.core.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.DoubleSupplier;
import org.junit.jupiter.api.Test;

class SampledLoadProbeTest {

  private static final Duration FAST = Duration.ofMillis(1);

  @Test
  void averagesAScriptedSignalOverTheWindow() {
    ScriptedSignal signal = new ScriptedSignal(0.2, 0.4, 0.9);

    try (SampledLoadProbe probe =
        LoadProbe.sampling(signal)
            .sampleInterval(FAST)
            .averagingWindow(Duration.ofSeconds(1))
            .threadName("test-scripted-probe")
            .build()) {
      await().until(() -> probe.samples() > 3);

      assertThat(probe.currentLoad()).isEqualTo(0.9);
      assertThat(probe.averageLoad()).isCloseTo(0.5, within(1e-12));
    }
  }

  @Test
  void negativeNanAndInfiniteSamplesAreCountedAndIgnored() {
    ScriptedSignal signal =
        new ScriptedSignal(0.5, -1.0, Double.NaN, Double.POSITIVE_INFINITY, 0.7);

    try (SampledLoadProbe probe =
        LoadProbe.sampling(signal).sampleInterval(FAST).threadName("test-gaps-probe").build()) {
      await().until(() -> probe.samples() > 5);
      ProbeThreads.closeAndAwaitEnd(probe, "test-gaps-probe");

      assertThat(probe.currentLoad()).isEqualTo(0.7);
      assertThat(probe.averageLoad()).isCloseTo(0.6, within(1e-12));
      // Three gaps in the script, then the NaN the script answers once exhausted.
      assertThat(probe.unavailableSamples()).isEqualTo(probe.samples() - 2);
    }
  }

  @Test
  void signalThatThrowsCountsAsUnavailableAndSamplingGoesOn() {
    AtomicInteger calls = new AtomicInteger();
    DoubleSupplier failingOnce =
        () -> {
          if (calls.getAndIncrement() == 0) {
            throw new IllegalStateException("pool not started yet");
          }
          return 0.7;
        };

    try (SampledLoadProbe probe =
        LoadProbe.sampling(failingOnce).sampleInterval(FAST).threadName("test-throws").build()) {
      await().until(() -> probe.currentLoad() == 0.7);

      assertThat(probe.unavailableSamples()).isEqualTo(1);
      assertThat(probe.averageLoad()).isCloseTo(0.7, within(1e-9));
    }
  }

  @Test
  void anyNormalisedSignalPlugsInThroughADoubleSupplier() {
    AtomicInteger queueLength = new AtomicInteger(5);
    int capacity = 10;

    try (SampledLoadProbe probe =
        LoadProbe.sampling(() -> (double) queueLength.get() / capacity)
            .sampleInterval(FAST)
            .threadName("test-queue-probe")
            .build()) {
      await().until(() -> probe.currentLoad() == 0.5);
      queueLength.set(15);

      await().until(() -> probe.currentLoad() == 1.0);
      assertThat(probe.averageLoad()).isBetween(0.5, 1.0);
    }
  }

  @Test
  void closeEndsTheSamplingThreadAndIsIdempotent() {
    SampledLoadProbe probe =
        LoadProbe.sampling(() -> 0.3).sampleInterval(FAST).threadName("test-close-probe").build();
    await().until(() -> ProbeThreads.isAlive("test-close-probe"));

    probe.close();
    probe.close();

    await().until(() -> !ProbeThreads.isAlive("test-close-probe"));
    assertThat(probe.isClosed()).isTrue();
    assertThat(probe.currentLoad()).isEqualTo(0.3);
  }

  @Test
  void defaultWindowAveragesTheLast150SamplesTakenEvery200Milliseconds() {
    SamplingSettings defaults = new SamplingSettings(SampledLoadProbe.DEFAULT_THREAD_NAME);

    int windowSamples = defaults.windowSamples();

    assertThat(defaults.sampleInterval).isEqualTo(Duration.ofMillis(200));
    assertThat(defaults.averagingWindow).isEqualTo(Duration.ofSeconds(30));
    assertThat(windowSamples).isEqualTo(150);
  }

  @Test
  void probeWithDefaultsSamplesAtOnceOnItsDefaultNamedThread() {
    try (SampledLoadProbe probe = LoadProbe.sampling(() -> 0.25).build()) {
      await().until(() -> probe.samples() > 0);

      assertThat(ProbeThreads.isAlive(SampledLoadProbe.DEFAULT_THREAD_NAME)).isTrue();
      assertThat(probe.currentLoad()).isEqualTo(0.25);
      assertThat(probe.averageLoad()).isEqualTo(0.25);
    }
  }

  @Test
  void rejectsASampleIntervalOutsideItsRange() {
    SampledLoadProbe.Builder builder = LoadProbe.sampling(() -> 0.0);

    assertThatThrownBy(() -> builder.sampleInterval(Duration.ZERO))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("sampleInterval: PT0S (expected: PT0.001S..PT1H)");
    assertThatThrownBy(() -> builder.sampleInterval(Duration.ofHours(2)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("sampleInterval: PT2H (expected: PT0.001S..PT1H)");
  }

  @Test
  void rejectsAWindowShorterThanTheInterval() {
    SampledLoadProbe.Builder builder =
        LoadProbe.sampling(() -> 0.0).averagingWindow(Duration.ofMillis(100));

    assertThatThrownBy(builder::build)
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("averagingWindow: PT0.1S (expected: >= sampleInterval, PT0.2S)");
  }

  @Test
  void rejectsAWindowOfTooManySamples() {
    SampledLoadProbe.Builder builder =
        LoadProbe.sampling(() -> 0.0).sampleInterval(FAST).averagingWindow(Duration.ofSeconds(101));

    assertThatThrownBy(builder::build)
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("averagingWindow: PT1M41S (expected: at most 100000 samples of PT0.001S)");
  }

  @Test
  void rejectsANonPositiveWindowABlankThreadNameAndANullSignal() {
    SampledLoadProbe.Builder builder = LoadProbe.sampling(() -> 0.0);

    assertThatThrownBy(() -> builder.averagingWindow(Duration.ofSeconds(-1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("averagingWindow: PT-1S (expected: > 0)");
    assertThatThrownBy(() -> builder.threadName(" "))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("threadName: ' ' (expected: not blank)");
    assertThatThrownBy(() -> LoadProbe.sampling(null))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("signal");
  }

  /** Answers the given values in order, then NaN (unavailable) for ever. */
  static final class ScriptedSignal implements DoubleSupplier {
    private final List<Double> values;
    private final AtomicInteger next = new AtomicInteger();

    ScriptedSignal(Double... values) {
      this.values = List.of(values);
    }

    @Override
    public double getAsDouble() {
      int index = next.getAndIncrement();
      return index < values.size() ? values.get(index) : Double.NaN;
    }
  }
}

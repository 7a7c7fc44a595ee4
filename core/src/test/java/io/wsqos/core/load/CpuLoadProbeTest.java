package io.wsqos.core.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class CpuLoadProbeTest {

  @Test
  void samplesTheRealMxBeanWhichAnswersAtLeastSomeSamples() {
    try (CpuLoadProbe probe =
        CpuLoadProbe.builder()
            .sampleInterval(Duration.ofMillis(10))
            .threadName("test-cpu-probe")
            .build()) {
      await().until(() -> probe.samples() >= 3);

      // The range of the loads is the window's business (a sample above 1 counts as 1, see
      // mxBeanAnsweringAboveOneCountsAsFullLoad); here only that the real MXBean is read at all.
      assertThat(probe.unavailableSamples()).isLessThan(probe.samples());
    }
  }

  @Test
  void mxBeanAnsweringAboveOneCountsAsFullLoad() {
    try (CpuLoadProbe probe =
        CpuLoadProbe.builder()
            .sampleInterval(Duration.ofMillis(1))
            .threadName("test-cpu-saturated")
            .signals(() -> 1.7, () -> 2.5)
            .build()) {
      await().until(() -> probe.samples() >= 3);
      ProbeThreads.closeAndAwaitEnd(probe, "test-cpu-saturated");

      assertThat(probe.currentLoad()).isEqualTo(1.0);
      assertThat(probe.averageLoad()).isCloseTo(1.0, within(1e-9));
      assertThat(probe.currentProcessLoad()).isEqualTo(1.0);
      assertThat(probe.averageProcessLoad()).isCloseTo(1.0, within(1e-9));
      assertThat(probe.unavailableSamples()).isZero();
    }
  }

  @Test
  void mxBeanAnsweringNegativeLeavesTheLoadsAtZeroAndCountsTheSamples() {
    try (CpuLoadProbe probe =
        CpuLoadProbe.builder()
            .sampleInterval(Duration.ofMillis(1))
            .threadName("test-cpu-unavailable")
            .signals(() -> -1.0, () -> -1.0)
            .build()) {
      await().until(() -> probe.samples() >= 3);
      ProbeThreads.closeAndAwaitEnd(probe, "test-cpu-unavailable");

      assertThat(probe.currentLoad()).isZero();
      assertThat(probe.averageLoad()).isZero();
      assertThat(probe.currentProcessLoad()).isZero();
      assertThat(probe.unavailableSamples()).isEqualTo(probe.samples());
    }
  }

  @Test
  void systemAndProcessLoadAreSampledSeparately() {
    try (CpuLoadProbe probe =
        CpuLoadProbe.builder()
            .sampleInterval(Duration.ofMillis(1))
            .threadName("test-cpu-signals")
            .signals(() -> 0.8, () -> 0.2)
            .build()) {
      await().until(() -> probe.samples() >= 1 && probe.currentProcessLoad() == 0.2);

      assertThat(probe.currentLoad()).isEqualTo(0.8);
      assertThat(probe.averageLoad()).isCloseTo(0.8, within(1e-9));
      assertThat(probe.averageProcessLoad()).isCloseTo(0.2, within(1e-9));
    }
  }

  @Test
  void closeEndsTheDefaultNamedSamplingThread() {
    CpuLoadProbe probe = LoadProbe.cpu();
    await().until(() -> ProbeThreads.isAlive(CpuLoadProbe.DEFAULT_THREAD_NAME));

    probe.close();
    probe.close();

    await().until(() -> !ProbeThreads.isAlive(CpuLoadProbe.DEFAULT_THREAD_NAME));
    assertThat(probe.isClosed()).isTrue();
  }
}

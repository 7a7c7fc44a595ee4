package io.wsqos.monitor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.wsqos.core.compression.CompressionFeature;
import io.wsqos.core.header.WsQosHeaderFeature;
import io.wsqos.core.header.WsQosHeaderInterceptor;
import io.wsqos.core.routing.EndpointCandidates;
import io.wsqos.monitor.cxf.MonitoringFeature;
import io.wsqos.monitor.diagnosis.Diagnosis;
import io.wsqos.monitor.reconfiguration.ReroutingFeature;
import io.wsqos.testing.FeatureKit;
import io.wsqos.testing.FeatureKit.Attachment;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The monitor's features through the {@link FeatureKit}: monitoring (with its log and diagnosis),
 * rerouting, each alone and together with the core's; none is closed by the test.
 */
class MonitorFeatureKitTest {

  private static final String SERVICE = "EchoService";

  /** The application's registry, on the bus. */
  private static FeatureKit.Case onTheBusRegistry(FeatureKit.Case kase) {
    return kase.onBus(bus -> bus.setExtension(new SimpleMeterRegistry(), MeterRegistry.class));
  }

  private static MeterRegistry busRegistry(FeatureKit.Run run) {
    return run.server().bus().getExtension(MeterRegistry.class);
  }

  /** A monitoring feature owning a log, a diagnosis and optionally a rerouting; counts records. */
  private static MonitoringFeature monitoring(AtomicLong records, ReroutingFeature rerouting) {
    Diagnosis.Builder diagnosis =
        Diagnosis.builder(new SimpleMeterRegistry()).window(Duration.ofMillis(50));
    if (rerouting != null) {
      diagnosis.listener(rerouting);
    }
    Diagnosis built = diagnosis.build();
    QosLog log =
        QosLog.builder(new SimpleMeterRegistry())
            .store(new TestStore())
            .listener(built)
            .listener(batch -> records.addAndGet(batch.size()))
            .build();
    MonitoringFeature.Builder builder = MonitoringFeature.builder().log(log);
    return (rerouting != null ? builder.closing(rerouting, built) : builder.closing(built)).build();
  }

  private static ReroutingFeature rerouting() {
    return ReroutingFeature.builder(EndpointCandidates.of(Map.of()), SERVICE)
        .probeInterval(Duration.ofMillis(20))
        .build();
  }

  /** Two calls: a record per call and side the monitor is on. */
  private static void twoRecordsPerSide(FeatureKit.Run run, AtomicLong records) {
    long expected = run.attachment() == Attachment.BUS ? 4 : 2;
    await().atMost(Duration.ofSeconds(10)).until(() -> records.get() >= expected);
    assertThat(records).hasValue(expected);
    assertThat(busRegistry(run).find(WsQosHeaderInterceptor.INVALID_COUNTER).counters())
        .isNotEmpty();
  }

  static FeatureKit.Case monitoringCase() {
    AtomicLong records = new AtomicLong();
    return onTheBusRegistry(
        FeatureKit.features(
                "monitoring",
                () -> {
                  records.set(0);
                  return List.of(monitoring(records, null));
                })
            .afterCall(run -> twoRecordsPerSide(run, records)));
  }

  static FeatureKit.Case reroutingCase() {
    return onTheBusRegistry(FeatureKit.features("rerouting", () -> List.of(rerouting())));
  }

  @ParameterizedTest
  @EnumSource(Attachment.class)
  void monitoringAloneWorksAndLeavesNothing(Attachment attachment) {
    FeatureKit.run(monitoringCase(), attachment);
  }

  @ParameterizedTest
  @EnumSource(Attachment.class)
  void reroutingAloneWorksAndLeavesNothing(Attachment attachment) {
    FeatureKit.run(reroutingCase(), attachment);
  }

  @ParameterizedTest
  @EnumSource(Attachment.class)
  void allTogetherWorkAndLeaveNothing(Attachment attachment) {
    AtomicLong records = new AtomicLong();
    FeatureKit.Case all =
        onTheBusRegistry(
            FeatureKit.features(
                    "monitor and core",
                    () -> {
                      records.set(0);
                      ReroutingFeature rerouting = rerouting();
                      return List.of(
                          WsQosHeaderFeature.builder().build(),
                          CompressionFeature.builder().build(),
                          monitoring(records, rerouting),
                          rerouting);
                    })
                .afterCall(run -> twoRecordsPerSide(run, records)));

    FeatureKit.run(all, attachment);
  }
}

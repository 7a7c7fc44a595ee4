package io.wsqos.examples.bookstore;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.wsqos.core.compression.CompressionFeature;
import io.wsqos.core.header.WsQosHeaderFeature;
import io.wsqos.core.routing.EndpointCandidates;
import io.wsqos.monitor.QosLog;
import io.wsqos.monitor.cxf.MonitoringFeature;
import io.wsqos.monitor.diagnosis.Diagnosis;
import io.wsqos.monitor.jdbc.JdbcRecordStore;
import io.wsqos.monitor.reconfiguration.ReroutingFeature;
import io.wsqos.proxy.DscpClientMarking;
import io.wsqos.proxy.DscpMarkingFeature;
import io.wsqos.testing.FeatureKit;
import io.wsqos.testing.FeatureKit.Attachment;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Every wsqos feature at once through the {@link FeatureKit}, as the bookstore wires them: the
 * header rules, compression, monitoring logged to an H2 file with its diagnosis, rerouting, and
 * DiffServ marking on both sides. Nothing is closed by the test: once the server, the client and
 * the bus are gone, no wsqos thread may be left and the database file must be closed.
 */
class EveryFeatureKitTest {

  @TempDir Path directory;

  private List<org.apache.cxf.feature.Feature> everyFeature() {
    ReroutingFeature rerouting =
        ReroutingFeature.builder(EndpointCandidates.of(Map.of()), "EchoService").build();
    Diagnosis diagnosis = Diagnosis.builder(new SimpleMeterRegistry()).listener(rerouting).build();
    QosLog log =
        QosLog.builder(new SimpleMeterRegistry())
            .store(
                JdbcRecordStore.builder()
                    .url(
                        "jdbc:h2:file:"
                            + directory.resolve("qos")
                            + JdbcRecordStore.H2_LOG_SETTINGS,
                        "sa",
                        "")
                    .build())
            .listener(diagnosis)
            .build();
    return List.of(
        WsQosHeaderFeature.builder().build(),
        CompressionFeature.builder().build(),
        MonitoringFeature.builder().log(log).closing(rerouting, diagnosis).build(),
        DscpMarkingFeature.builder().build(),
        // The marking's conduit first, so that the rerouting chooses the address of its calls.
        DscpClientMarking.builder().build().feature(),
        rerouting);
  }

  private static double count(FeatureKit.Run run, String counter) {
    return run.server().bus().getExtension(MeterRegistry.class).find(counter).counters().stream()
        .mapToDouble(Counter::count)
        .sum();
  }

  @ParameterizedTest
  @EnumSource(Attachment.class)
  void everyFeatureTogetherWorksAndLeavesNothing(Attachment attachment) {
    FeatureKit.Case every =
        FeatureKit.features("every wsqos feature", this::everyFeature)
            .onBus(bus -> bus.setExtension(new SimpleMeterRegistry(), MeterRegistry.class))
            .afterCall(
                run -> {
                  assertThat(count(run, DscpMarkingFeature.RESPONSES_COUNTER))
                      .isEqualTo(attachment == Attachment.CLIENT ? 0 : 2);
                  assertThat(count(run, DscpClientMarking.REQUESTS_COUNTER))
                      .isEqualTo(attachment == Attachment.ENDPOINT ? 0 : 2);
                })
            .files(directory);

    FeatureKit.run(every, attachment);
  }
}

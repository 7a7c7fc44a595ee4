package io.wsqos.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.wsqos.core.compression.CompressionFeature;
import io.wsqos.core.header.WsQosHeaderFeature;
import io.wsqos.core.header.WsQosHeaderInterceptor;
import io.wsqos.testing.FeatureKit;
import io.wsqos.testing.FeatureKit.Attachment;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The core's features through the {@link FeatureKit}: each alone and both together. */
class CoreFeatureKitTest {

  /**
   * The application's registry, set on the bus: the features count there with none of their own.
   */
  static FeatureKit.Case countingInTheBusRegistry(FeatureKit.Case kase, String... counters) {
    return kase.onBus(bus -> bus.setExtension(new SimpleMeterRegistry(), MeterRegistry.class))
        .afterCall(
            run -> {
              MeterRegistry registry = run.server().bus().getExtension(MeterRegistry.class);
              for (String counter : counters) {
                assertThat(registry.find(counter).counters())
                    .as("%s in the bus's registry, on the %s", counter, run.attachment())
                    .isNotEmpty();
              }
            });
  }

  static FeatureKit.Case compression() {
    return countingInTheBusRegistry(
        FeatureKit.features("compression", () -> List.of(CompressionFeature.builder().build())),
        CompressionFeature.RESPONSES_COUNTER,
        WsQosHeaderInterceptor.INVALID_COUNTER);
  }

  static FeatureKit.Case header() {
    return countingInTheBusRegistry(
        FeatureKit.features("header", () -> List.of(WsQosHeaderFeature.builder().build())),
        WsQosHeaderInterceptor.INVALID_COUNTER);
  }

  @ParameterizedTest
  @EnumSource(Attachment.class)
  void compressionAloneWorksAndLeavesNothing(Attachment attachment) {
    FeatureKit.run(compression(), attachment);
  }

  @ParameterizedTest
  @EnumSource(Attachment.class)
  void theHeaderFeatureAloneWorksAndLeavesNothing(Attachment attachment) {
    FeatureKit.run(header(), attachment);
  }

  @ParameterizedTest
  @EnumSource(Attachment.class)
  void bothTogetherWorkAndLeaveNothing(Attachment attachment) {
    FeatureKit.run(FeatureKit.together("core", header(), compression()), attachment);
  }
}

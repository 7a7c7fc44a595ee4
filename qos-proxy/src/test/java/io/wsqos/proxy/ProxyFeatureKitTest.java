package io.wsqos.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.wsqos.core.compression.CompressionFeature;
import io.wsqos.core.header.WsQosHeaderFeature;
import io.wsqos.testing.FeatureKit;
import io.wsqos.testing.FeatureKit.Attachment;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The qos-proxy's features through the {@link FeatureKit}: the server's marking and the client's,
 * each alone and together with the core's; none is closed by the test.
 */
class ProxyFeatureKitTest {

  private static FeatureKit.Case onTheBusRegistry(FeatureKit.Case kase) {
    return kase.onBus(bus -> bus.setExtension(new SimpleMeterRegistry(), MeterRegistry.class));
  }

  private static double count(FeatureKit.Run run, String counter) {
    return run.server().bus().getExtension(MeterRegistry.class).find(counter).counters().stream()
        .mapToDouble(Counter::count)
        .sum();
  }

  /** The server marks both responses wherever it has the feature: on the bus or the endpoint. */
  static FeatureKit.Case serverMarking() {
    return onTheBusRegistry(
        FeatureKit.features("server marking", () -> List.of(DscpMarkingFeature.builder().build()))
            .afterCall(
                run ->
                    assertThat(count(run, DscpMarkingFeature.RESPONSES_COUNTER))
                        .isEqualTo(run.attachment() == Attachment.CLIENT ? 0 : 2)));
  }

  /** The client marks both requests wherever it has the feature: on the bus or the client. */
  static FeatureKit.Case clientMarking() {
    return onTheBusRegistry(
        FeatureKit.features(
                "client marking", () -> List.of(DscpClientMarking.builder().build().feature()))
            .afterCall(
                run ->
                    assertThat(count(run, DscpClientMarking.REQUESTS_COUNTER))
                        .isEqualTo(run.attachment() == Attachment.ENDPOINT ? 0 : 2)));
  }

  @ParameterizedTest
  @EnumSource(Attachment.class)
  void serverMarkingAloneWorksAndLeavesNothing(Attachment attachment) {
    FeatureKit.run(serverMarking(), attachment);
  }

  @ParameterizedTest
  @EnumSource(Attachment.class)
  void clientMarkingAloneWorksAndLeavesNothing(Attachment attachment) {
    FeatureKit.run(clientMarking(), attachment);
  }

  @ParameterizedTest
  @EnumSource(Attachment.class)
  void allTogetherWorkAndLeaveNothing(Attachment attachment) {
    FeatureKit.Case core =
        FeatureKit.features(
            "core",
            () ->
                List.of(
                    WsQosHeaderFeature.builder().build(), CompressionFeature.builder().build()));

    FeatureKit.run(
        FeatureKit.together("proxy and core", core, serverMarking(), clientMarking()), attachment);
  }
}

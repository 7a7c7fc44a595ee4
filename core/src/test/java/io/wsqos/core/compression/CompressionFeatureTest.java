package io.wsqos.core.compression;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.wsqos.core.header.CompressionAction;
import io.wsqos.core.header.CompressionPreference;
import io.wsqos.core.header.SkipReason;
import io.wsqos.core.load.ScriptedLoadProbe;
import io.wsqos.testing.CxfServerExtension;
import io.wsqos.testing.MutableClock;
import io.wsqos.testing.service.EchoService;
import io.wsqos.testing.service.EchoServiceImpl;
import jakarta.xml.ws.BindingProvider;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.cxf.frontend.ClientProxy;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A CXF client with the feature against a Jetty server with the feature, for each preference x load
 * state x codec; the load comes from a scripted probe around the default 80% threshold with 5
 * points of hysteresis.
 */
class CompressionFeatureTest {
  private static final int RESPONSE_CHARS = 4000;
  private static final double IDLE = 0.30;
  private static final double BUSY = 0.95;
  private static final double IN_BAND = 0.78;

  static final ScriptedLoadProbe probe = new ScriptedLoadProbe();
  static final SimpleMeterRegistry registry = new SimpleMeterRegistry();
  static final CompressionFeature serverFeature =
      CompressionFeature.builder()
          .policy(CompressionPolicy.loadAware(probe))
          .meterRegistry(registry)
          .build();
  static final List<CompressionFeature> clientFeatures = new ArrayList<>();

  @RegisterExtension
  static final CxfServerExtension server =
      CxfServerExtension.builder(EchoService.class, new EchoServiceImpl())
          .feature(serverFeature)
          .toExtension();

  @AfterAll
  static void closeFeatures() {
    serverFeature.close();
    clientFeatures.forEach(CompressionFeature::close);
  }

  /** Where the load stands when the call is made, and where it came from. */
  enum LoadState {
    BELOW_THRESHOLD(IDLE, IDLE, true),
    ABOVE_THRESHOLD(BUSY, BUSY, false),
    IN_BAND_COMING_FROM_BELOW(IDLE, IN_BAND, true),
    IN_BAND_COMING_FROM_ABOVE(BUSY, IN_BAND, false);

    final double before;
    final double now;
    final boolean serverCompresses;

    LoadState(double before, double now, boolean serverCompresses) {
      this.before = before;
      this.now = now;
      this.serverCompresses = serverCompresses;
    }
  }

  static Stream<Arguments> preferenceLoadAndCodec() {
    List<Arguments> cases = new ArrayList<>();
    for (CompressionPreference preference : CompressionPreference.values()) {
      for (LoadState load : LoadState.values()) {
        for (ContentCoding coding : ContentCoding.values()) {
          cases.add(Arguments.of(preference, load, coding));
        }
      }
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "{0} at {1} with {2}")
  @MethodSource("preferenceLoadAndCodec")
  void responseIsCompressedExactlyWhenPreferenceAndLoadSaySo(
      CompressionPreference preference, LoadState load, ContentCoding coding) {
    ResponseRecorder recorder = new ResponseRecorder();
    EchoService client = client(preference, recorder, coding);
    primeLoad(load);
    Counts before = Counts.of(coding);

    String text = client.text(RESPONSE_CHARS);

    assertThat(text).isEqualTo(EchoServiceImpl.textOf(RESPONSE_CHARS));
    assertThat(recorder.vary).isEqualTo("Accept-Encoding");
    Counts after = Counts.of(coding);
    boolean compressed =
        preference == CompressionPreference.COMPRESS
            || preference == CompressionPreference.SERVER_DECIDES && load.serverCompresses;
    if (compressed) {
      assertThat(recorder.contentEncoding).isEqualTo(coding.token());
      assertThat(recorder.action).isEqualTo(CompressionAction.applied(coding.token()));
      assertThat(after.compressed - before.compressed).isEqualTo(1);
      double bytesIn = after.bytesBefore - before.bytesBefore;
      double bytesOut = after.bytesAfter - before.bytesAfter;
      assertThat(bytesIn).isGreaterThan(RESPONSE_CHARS);
      assertThat(bytesOut).isPositive().isLessThan(bytesIn / 2);
    } else {
      SkipReason reason =
          preference == CompressionPreference.NONE
              ? SkipReason.CLIENT_SAID_NONE
              : SkipReason.LOAD_ABOVE_THRESHOLD;
      assertThat(recorder.contentEncoding).isNull();
      assertThat(recorder.action).isEqualTo(CompressionAction.skipped(reason));
      assertThat(after.compressed).isEqualTo(before.compressed);
      assertThat(skipped(reason)).isEqualTo(before.skipped(reason) + 1);
    }
  }

  @Test
  void bodySmallerThanTheMinimumIsSentAsItIsAndReportedTooSmall() {
    ResponseRecorder recorder = new ResponseRecorder();
    EchoService client = client(CompressionPreference.COMPRESS, recorder, ContentCoding.GZIP);
    double tooSmallBefore = skipped(SkipReason.BODY_TOO_SMALL);

    String text = client.text(50);

    assertThat(text).isEqualTo(EchoServiceImpl.textOf(50));
    assertThat(recorder.contentEncoding).isNull();
    assertThat(recorder.action).isEqualTo(CompressionAction.skipped(SkipReason.BODY_TOO_SMALL));
    assertThat(skipped(SkipReason.BODY_TOO_SMALL)).isEqualTo(tooSmallBefore + 1);
  }

  @Test
  void bodyJustAboveTheMinimumIsCompressed() {
    ResponseRecorder recorder = new ResponseRecorder();
    EchoService client = client(CompressionPreference.COMPRESS, recorder, ContentCoding.GZIP);

    String text = client.text(CompressionFeature.DEFAULT_MIN_BODY_BYTES);

    assertThat(text).isEqualTo(EchoServiceImpl.textOf(CompressionFeature.DEFAULT_MIN_BODY_BYTES));
    assertThat(recorder.contentEncoding).isEqualTo("gzip");
    assertThat(recorder.action).isEqualTo(CompressionAction.applied("gzip"));
  }

  @ParameterizedTest
  @EnumSource(ContentCoding.class)
  void bodyLongerThanTheHoldIsCompressedAsItStreams(ContentCoding coding) {
    ResponseRecorder recorder = new ResponseRecorder();
    EchoService client = client(CompressionPreference.COMPRESS, recorder, coding);
    int chars = 3 * CompressingResponseStream.HOLD_BYTES;
    Counts before = Counts.of(coding);

    String text = client.text(chars);

    assertThat(text).isEqualTo(EchoServiceImpl.textOf(chars));
    assertThat(recorder.contentEncoding).isEqualTo(coding.token());
    assertThat(recorder.action).isEqualTo(CompressionAction.applied(coding.token()));
    Counts after = Counts.of(coding);
    assertThat(after.compressed - before.compressed).isEqualTo(1);
    assertThat(after.bytesBefore - before.bytesBefore).isGreaterThan(chars);
  }

  @Test
  void preferenceInTheRequestContextOverridesTheClientsDefaultForThatCall() {
    ResponseRecorder recorder = new ResponseRecorder();
    EchoService client = client(CompressionPreference.COMPRESS, recorder, ContentCoding.GZIP);
    ((BindingProvider) client)
        .getRequestContext()
        .put(CompressionFeature.PREFERENCE_PROPERTY, CompressionPreference.NONE);

    client.text(RESPONSE_CHARS);

    assertThat(recorder.contentEncoding).isNull();
    assertThat(recorder.action).isEqualTo(CompressionAction.skipped(SkipReason.CLIENT_SAID_NONE));
  }

  @Test
  void anEscalatedEndpointIsAskedToCompressEvenWhenTheServerWouldNot() {
    MutableClock clock = new MutableClock(Instant.parse("2026-12-07T05:00:00Z"));
    EndpointPreferences lossy = EndpointPreferences.create(clock);
    ResponseRecorder recorder = new ResponseRecorder();
    EchoService client =
        client(CompressionPreference.SERVER_DECIDES, lossy, recorder, ContentCoding.GZIP);
    primeLoad(LoadState.ABOVE_THRESHOLD);

    client.text(RESPONSE_CHARS);
    CompressionAction before = recorder.action;
    lossy.compress(server.address(), Duration.ofMinutes(5));
    client.text(RESPONSE_CHARS);
    CompressionAction escalated = recorder.action;
    clock.advance(Duration.ofMinutes(5));
    client.text(RESPONSE_CHARS);
    CompressionAction lapsed = recorder.action;

    assertThat(before).isEqualTo(CompressionAction.skipped(SkipReason.LOAD_ABOVE_THRESHOLD));
    assertThat(escalated).isEqualTo(CompressionAction.applied(ContentCoding.GZIP.token()));
    assertThat(lapsed).isEqualTo(CompressionAction.skipped(SkipReason.LOAD_ABOVE_THRESHOLD));
  }

  @Test
  void anEscalationIsForItsEndpointOnlyAndAClientThatSaidNoneKeepsIt() {
    EndpointPreferences lossy = EndpointPreferences.create();
    lossy.compress("http://198.18.0.2:8080/elsewhere", Duration.ofMinutes(5));
    ResponseRecorder deciding = new ResponseRecorder();
    ResponseRecorder refusing = new ResponseRecorder();
    EchoService other =
        client(CompressionPreference.SERVER_DECIDES, lossy, deciding, ContentCoding.GZIP);
    EchoService none = client(CompressionPreference.NONE, lossy, refusing, ContentCoding.GZIP);
    primeLoad(LoadState.ABOVE_THRESHOLD);
    lossy.compress(server.address(), Duration.ofMinutes(5));
    lossy.clear(server.address());

    other.text(RESPONSE_CHARS);
    lossy.compress(server.address(), Duration.ofMinutes(5));
    none.text(RESPONSE_CHARS);

    assertThat(deciding.action)
        .isEqualTo(CompressionAction.skipped(SkipReason.LOAD_ABOVE_THRESHOLD));
    assertThat(refusing.action).isEqualTo(CompressionAction.skipped(SkipReason.CLIENT_SAID_NONE));
    assertThat(lossy.escalated())
        .containsOnlyKeys("http://198.18.0.2:8080/elsewhere", server.address());
  }

  @Test
  void badEscalationsSayWhatWasExpected() {
    EndpointPreferences lossy = EndpointPreferences.create();

    assertThatThrownBy(() -> lossy.compress(" ", Duration.ofMinutes(1)))
        .hasMessageContaining("endpoint");
    assertThatThrownBy(() -> lossy.compress(server.address(), Duration.ofDays(2)))
        .hasMessageContaining("hold");
    assertThat(lossy.escalated()).isEmpty();
  }

  private static void primeLoad(LoadState load) {
    probe.set(load.before);
    ResponseRecorder primer = new ResponseRecorder();
    client(CompressionPreference.SERVER_DECIDES, primer, ContentCoding.GZIP).text(RESPONSE_CHARS);
    assertThat(primer.action.isApplied()).isEqualTo(load.before < 0.8);
    probe.set(load.now);
  }

  private static EchoService client(
      CompressionPreference preference, ResponseRecorder recorder, ContentCoding coding) {
    return client(preference, ClientPreferencePolicy.configured(), recorder, coding);
  }

  private static EchoService client(
      CompressionPreference preference,
      ClientPreferencePolicy policy,
      ResponseRecorder recorder,
      ContentCoding coding) {
    CompressionFeature feature =
        CompressionFeature.builder()
            .policy(CompressionPolicy.never())
            .clientPreference(preference)
            .clientPolicy(policy)
            .codings(coding)
            .build();
    clientFeatures.add(feature);
    EchoService client = server.client(EchoService.class, feature);
    ClientProxy.getClient(client).getInInterceptors().add(recorder);
    return client;
  }

  private static double skipped(SkipReason reason) {
    return registry
        .get(CompressionFeature.RESPONSES_COUNTER)
        .tag("action", "skipped")
        .tag("reason", reason.token())
        .counter()
        .count();
  }

  /** The counters of one codec and the skip counters, at one moment. */
  record Counts(double compressed, double bytesBefore, double bytesAfter, double[] skipped) {
    static Counts of(ContentCoding coding) {
      double[] skipped = new double[SkipReason.values().length];
      for (SkipReason reason : SkipReason.values()) {
        skipped[reason.ordinal()] = CompressionFeatureTest.skipped(reason);
      }
      return new Counts(
          registry
              .get(CompressionFeature.RESPONSES_COUNTER)
              .tag("action", "compressed")
              .tag("codec", coding.token())
              .counter()
              .count(),
          bytes("before", coding),
          bytes("after", coding),
          skipped);
    }

    double skipped(SkipReason reason) {
      return skipped[reason.ordinal()];
    }

    private static double bytes(String stage, ContentCoding coding) {
      return registry
          .get(CompressionFeature.RESPONSE_BYTES_COUNTER)
          .tag("stage", stage)
          .tag("codec", coding.token())
          .counter()
          .count();
    }
  }
}

package io.wsqos.monitor.cxf;

import static io.wsqos.monitor.cxf.ForgedHeaderInterceptor.block;
import static org.assertj.core.api.Assertions.assertThat;

import io.wsqos.monitor.Outcome;
import io.wsqos.monitor.QosRecord;
import io.wsqos.monitor.Side;
import io.wsqos.monitor.Validity;
import io.wsqos.testing.TestServer;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Forged or broken Timestamps blocks on the wire, in either direction, never break the call and
 * give an invalid record (which the logging manager then counts and keeps out of the statistics).
 */
class ForgedTimestampsOnTheWireTest {

  static final String AFTER_T3 = "io.wsqos.monitor.cxf.ProviderInterceptors$StampT3";
  static final String AFTER_T1 = "io.wsqos.monitor.cxf.RequesterInterceptors$StampT1";

  static String s(long value) {
    return Long.toString(value);
  }

  /** Forgeries of the response, judged by the requester-side monitor. */
  static Stream<Arguments> responseForgeries() {
    return Stream.of(
        Arguments.of("missing", forge(t -> List.of()), Validity.MISSING_TIMESTAMP),
        Arguments.of(
            "missing t3",
            forge(t -> List.of(block(s(t[0]), s(t[1]), null))),
            Validity.MISSING_TIMESTAMP),
        Arguments.of(
            "duplicated",
            forge(t -> List.of(block(s(t[0]), s(t[1]), s(t[2])), block(s(t[0]), s(t[1]), s(t[2])))),
            Validity.DUPLICATE_TIMESTAMP),
        Arguments.of(
            "unparsable",
            forge(t -> List.of(block(s(t[0]), "12ab", s(t[2])))),
            Validity.MALFORMED_TIMESTAMP),
        Arguments.of(
            "negative value",
            forge(t -> List.of(block(s(t[0]), "-5", s(t[2])))),
            Validity.MALFORMED_TIMESTAMP),
        Arguments.of(
            "CR/LF",
            forge(t -> List.of(block(s(t[0]), s(t[1]) + "\r\nX-Evil: 1", s(t[2])))),
            Validity.MALFORMED_TIMESTAMP),
        Arguments.of(
            "huge",
            forge(t -> List.of(block(s(t[0]), s(t[1]), s(Long.MAX_VALUE)))),
            Validity.HUGE_VALUE),
        Arguments.of(
            "too many digits",
            forge(t -> List.of(block(s(t[0]), s(t[1]), "1".repeat(80)))),
            Validity.MALFORMED_TIMESTAMP),
        Arguments.of(
            "negative difference",
            forge(t -> List.of(block(s(t[0]), s(t[2]), s(t[1] - 1)))),
            Validity.NEGATIVE_DIFFERENCE),
        Arguments.of(
            "t3 in the future (execution longer than the response)",
            forge(t -> List.of(block(s(t[0]), s(t[1]), s(t[2] + 60_000_000)))),
            Validity.EXECUTION_EXCEEDS_RESPONSE),
        Arguments.of(
            "echoed t1 from the future",
            forge(t -> List.of(block(s(t[0] + 3_600_000_000L), s(t[1]), s(t[2])))),
            Validity.MALFORMED_TIMESTAMP));
  }

  /** Forgeries of the request, judged by the provider-side monitor. */
  static Stream<Arguments> requestForgeries() {
    return Stream.of(
        Arguments.of(
            "duplicated",
            forge(t -> List.of(block(s(t[0]), null, null), block("1", null, null))),
            Validity.DUPLICATE_TIMESTAMP),
        Arguments.of(
            "unparsable",
            forge(t -> List.of(block("t1!", null, null))),
            Validity.MALFORMED_TIMESTAMP),
        Arguments.of(
            "CR/LF",
            forge(t -> List.of(block("1\r\n2", null, null))),
            Validity.MALFORMED_TIMESTAMP),
        Arguments.of(
            "huge",
            forge(t -> List.of(block("9".repeat(40), null, null))),
            Validity.MALFORMED_TIMESTAMP));
  }

  static Function<long[], List<String>> forge(Function<long[], List<String>> forge) {
    return forge;
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("responseForgeries")
  void forgedResponseStampsNeverBreakTheCallAndGiveAnInvalidRecord(
      String name, Function<long[], List<String>> forgery, Validity expected) {
    RecordCollector records = new RecordCollector();
    MonitoringFeature monitoring = MonitoringFeature.builder().listener(records).build();
    try (TestServer server =
        TestServer.builder(Greeter.class, new SwitchableGreeter())
            .feature(monitoring)
            .outInterceptor(new ForgedHeaderInterceptor(AFTER_T3, forgery))
            .start()) {
      Greeter client = server.client(Greeter.class, monitoring);

      String answer = client.greet("Ada");

      assertThat(answer).isEqualTo("Hello, Ada");
      QosRecord requester = records.single(Side.REQUESTER);
      assertThat(requester.outcome()).isEqualTo(Outcome.SUCCESS);
      assertThat(requester.validity()).isEqualTo(expected);
      assertThat(requester.responseMicros()).isEmpty();
      assertThat(requester.executionMicros()).isEmpty();
      assertThat(records.single(Side.PROVIDER).isValid()).isTrue();
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("requestForgeries")
  void forgedRequestStampsNeverBreakTheCallAndGiveAnInvalidProviderRecord(
      String name, Function<long[], List<String>> forgery, Validity expected) {
    RecordCollector records = new RecordCollector();
    MonitoringFeature monitoring = MonitoringFeature.builder().listener(records).build();
    try (TestServer server =
        TestServer.builder(Greeter.class, new SwitchableGreeter()).feature(monitoring).start()) {
      Greeter client = server.client(Greeter.class, monitoring);
      org.apache.cxf.frontend.ClientProxy.getClient(client)
          .getOutInterceptors()
          .add(new ForgedHeaderInterceptor(AFTER_T1, forgery));

      String answer = client.greet("Ada");

      assertThat(answer).isEqualTo("Hello, Ada");
      QosRecord provider = records.single(Side.PROVIDER);
      assertThat(provider.validity()).isEqualTo(expected);
      assertThat(provider.executionMicros()).isEmpty();
    }
  }
}

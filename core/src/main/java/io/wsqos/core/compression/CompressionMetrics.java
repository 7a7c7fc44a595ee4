package io.wsqos.core.compression;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.wsqos.core.header.SkipReason;

/**
 * The feature's counters, registered up front so that counting on the request path is an array read
 * and so that every series exists (at 0) before its first event.
 */
final class CompressionMetrics {
  static final String NONE_TAG = "none";

  private static final Family RESPONSES =
      new Family(
          CompressionFeature.RESPONSES_COUNTER,
          "Responses compressed or skipped, by reason and codec",
          "action");
  private static final Family REQUESTS =
      new Family(
          CompressionFeature.REQUESTS_COUNTER,
          "Compressed requests (server) or responses (client) inflated or rejected",
          "outcome");

  private final Counter[] compressed;
  private final Counter[] skipped;
  private final Counter[] bytesBefore;
  private final Counter[] bytesAfter;
  private final Counter[] inflated;
  private final Counter[] rejected;

  CompressionMetrics(MeterRegistry registry) {
    ContentCoding[] codings = ContentCoding.values();
    SkipReason[] reasons = SkipReason.values();
    InflationException.Reason[] inflationReasons = InflationException.Reason.values();
    compressed = new Counter[codings.length];
    bytesBefore = new Counter[codings.length];
    bytesAfter = new Counter[codings.length];
    inflated = new Counter[codings.length];
    for (ContentCoding coding : codings) {
      int i = coding.ordinal();
      compressed[i] = RESPONSES.counter(registry, "compressed", NONE_TAG, coding.token());
      bytesBefore[i] = bytes(registry, "before", coding.token());
      bytesAfter[i] = bytes(registry, "after", coding.token());
      inflated[i] = REQUESTS.counter(registry, "inflated", NONE_TAG, coding.token());
    }
    skipped = new Counter[reasons.length];
    for (SkipReason reason : reasons) {
      skipped[reason.ordinal()] = RESPONSES.counter(registry, "skipped", reason.token(), NONE_TAG);
    }
    rejected = new Counter[inflationReasons.length];
    for (InflationException.Reason reason : inflationReasons) {
      rejected[reason.ordinal()] = REQUESTS.counter(registry, "rejected", tag(reason), NONE_TAG);
    }
  }

  /** The {@code reason} tag of a rejected request: the reason's name in lower case with dashes. */
  static String tag(InflationException.Reason reason) {
    return reason.name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
  }

  void compressed(ContentCoding coding, long before, long after) {
    int i = coding.ordinal();
    compressed[i].increment();
    bytesBefore[i].increment(before);
    bytesAfter[i].increment(after);
  }

  void skipped(SkipReason reason) {
    skipped[reason.ordinal()].increment();
  }

  void inflated(ContentCoding coding) {
    inflated[coding.ordinal()].increment();
  }

  void rejected(InflationException.Reason reason) {
    rejected[reason.ordinal()].increment();
  }

  private static Counter bytes(MeterRegistry registry, String stage, String codec) {
    return Counter.builder(CompressionFeature.RESPONSE_BYTES_COUNTER)
        .description("Bytes of compressed responses before and after compression")
        .baseUnit("bytes")
        .tag("stage", stage)
        .tag("codec", codec)
        .register(registry);
  }

  /**
   * A family of counters of one name, told apart by what happened ({@code kindKey}), why, and with
   * which codec.
   */
  private record Family(String name, String description, String kindKey) {
    Counter counter(MeterRegistry registry, String kind, String reason, String codec) {
      return Counter.builder(name)
          .description(description)
          .tag(kindKey, kind)
          .tag("reason", reason)
          .tag("codec", codec)
          .register(registry);
    }
  }
}

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
      compressed[i] = response(registry, "compressed", NONE_TAG, coding.token());
      bytesBefore[i] = bytes(registry, "before", coding.token());
      bytesAfter[i] = bytes(registry, "after", coding.token());
      inflated[i] = request(registry, "inflated", NONE_TAG, coding.token());
    }
    skipped = new Counter[reasons.length];
    for (SkipReason reason : reasons) {
      skipped[reason.ordinal()] = response(registry, "skipped", reason.token(), NONE_TAG);
    }
    rejected = new Counter[inflationReasons.length];
    for (InflationException.Reason reason : inflationReasons) {
      rejected[reason.ordinal()] = request(registry, "rejected", tag(reason), NONE_TAG);
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

  private static Counter response(
      MeterRegistry registry, String action, String reason, String codec) {
    return Counter.builder(CompressionFeature.RESPONSES_COUNTER)
        .description("Responses compressed or skipped, by reason and codec")
        .tag("action", action)
        .tag("reason", reason)
        .tag("codec", codec)
        .register(registry);
  }

  private static Counter bytes(MeterRegistry registry, String stage, String codec) {
    return Counter.builder(CompressionFeature.RESPONSE_BYTES_COUNTER)
        .description("Bytes of compressed responses before and after compression")
        .baseUnit("bytes")
        .tag("stage", stage)
        .tag("codec", codec)
        .register(registry);
  }

  private static Counter request(
      MeterRegistry registry, String outcome, String reason, String codec) {
    return Counter.builder(CompressionFeature.REQUESTS_COUNTER)
        .description("Compressed requests (server) or responses (client) inflated or rejected")
        .tag("outcome", outcome)
        .tag("reason", reason)
        .tag("codec", codec)
        .register(registry);
  }
}

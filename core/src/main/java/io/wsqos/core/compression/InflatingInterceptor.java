package io.wsqos.core.compression;

import java.io.InputStream;
import org.apache.cxf.interceptor.Fault;
import org.apache.cxf.message.Message;
import org.apache.cxf.phase.AbstractPhaseInterceptor;
import org.apache.cxf.phase.Phase;

/**
 * Replaces the body of an inbound message that has a {@code Content-Encoding} with its inflated
 * content, read through the limits as the parser needs it. An unsupported coding fails at once;
 * broken data fails the read that finds it, and {@link InflationCheckInterceptor} makes sure the
 * data was complete and correct to its end before the service (or the client's caller) sees it.
 */
final class InflatingInterceptor extends AbstractPhaseInterceptor<Message> {
  private static final int MAX_QUOTED_CHARS = 64;

  private final Codec[] byCoding;
  private final InflationLimits limits;
  private final CompressionMetrics metrics;

  InflatingInterceptor(Codec[] byCoding, InflationLimits limits, CompressionMetrics metrics) {
    // RECEIVE: before anything reads the body (the StAX reader is created in POST_STREAM).
    super(Phase.RECEIVE);
    this.byCoding = byCoding;
    this.limits = limits;
    this.metrics = metrics;
  }

  @Override
  public void handleMessage(Message message) {
    String contentEncoding = HttpHeaders.get(message, HttpHeaders.CONTENT_ENCODING);
    if (contentEncoding == null) {
      return;
    }
    String token = contentEncoding.trim();
    if (token.isEmpty() || token.equalsIgnoreCase("identity")) {
      return;
    }
    ContentCoding coding = ContentCoding.fromToken(token).orElse(null);
    Codec codec = coding == null ? null : byCoding[coding.ordinal()];
    if (codec == null) {
      metrics.rejected(InflationException.Reason.UNSUPPORTED_CODING);
      throw new Fault(
          new InflationException(
              InflationException.Reason.UNSUPPORTED_CODING,
              "Content-Encoding '" + quote(token) + "' (expected: one of " + offered() + ")"));
    }
    InputStream in = message.getContent(InputStream.class);
    if (in == null) {
      return;
    }
    InflatedBody body = new InflatedBody(codec.inflatingStream(in, limits), coding, metrics);
    message.setContent(InputStream.class, body);
    message.put(InflatedBody.class, body);
  }

  private String offered() {
    StringBuilder s = new StringBuilder();
    for (Codec codec : byCoding) {
      if (codec != null) {
        s.append(s.length() == 0 ? "" : ", ").append(codec.coding().token());
      }
    }
    return s.toString();
  }

  private static String quote(String value) {
    StringBuilder s = new StringBuilder(Math.min(value.length(), MAX_QUOTED_CHARS));
    for (int i = 0; i < value.length() && i < MAX_QUOTED_CHARS; i++) {
      char c = value.charAt(i);
      // No braces either: CXF may run fault messages through MessageFormat.
      s.append(c < 0x20 || c > 0x7e || c == '{' || c == '}' || c == '\'' ? '?' : c);
    }
    return s.toString();
  }

  @Override
  public String toString() {
    return "CompressionFeature.InflatingInterceptor";
  }
}

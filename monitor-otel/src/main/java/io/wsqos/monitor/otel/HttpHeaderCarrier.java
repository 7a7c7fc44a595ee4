package io.wsqos.monitor.otel;

import io.opentelemetry.context.propagation.TextMapGetter;
import io.opentelemetry.context.propagation.TextMapSetter;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.cxf.message.Message;

/**
 * A CXF message's HTTP headers ({@link Message#PROTOCOL_HEADERS}) as the propagators' carrier: the
 * requester's trace context goes out in them, the provider's comes in from them.
 */
enum HttpHeaderCarrier implements TextMapGetter<Message>, TextMapSetter<Message> {
  INSTANCE;

  @Override
  public Iterable<String> keys(Message message) {
    Map<String, List<String>> headers = headers(message);
    return headers == null ? List.of() : headers.keySet();
  }

  @Override
  public String get(Message message, String key) {
    if (message == null) {
      return null;
    }
    Map<String, List<String>> headers = headers(message);
    if (headers == null) {
      return null;
    }
    // CXF's maps ignore case; the loop covers one someone replaced with a plain map.
    List<String> values = headers.get(key);
    if (values == null) {
      for (Map.Entry<String, List<String>> e : headers.entrySet()) {
        if (key.equalsIgnoreCase(e.getKey())) {
          values = e.getValue();
          break;
        }
      }
    }
    return values == null || values.isEmpty() ? null : values.get(0);
  }

  @Override
  public void set(Message message, String key, String value) {
    if (message == null) {
      return;
    }
    Map<String, List<String>> headers = headers(message);
    if (headers == null) {
      headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
      message.put(Message.PROTOCOL_HEADERS, headers);
    }
    headers.put(key, List.of(value));
  }

  /** Whether {@code message} carries a {@code Content-Encoding} other than identity. */
  static boolean isCompressed(Message message) {
    String coding = INSTANCE.get(message, "Content-Encoding");
    return coding != null && !coding.isBlank() && !coding.trim().equalsIgnoreCase("identity");
  }

  @SuppressWarnings("unchecked")
  private static Map<String, List<String>> headers(Message message) {
    return (Map<String, List<String>>) message.get(Message.PROTOCOL_HEADERS);
  }
}

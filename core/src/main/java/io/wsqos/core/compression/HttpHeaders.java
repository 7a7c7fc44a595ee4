package io.wsqos.core.compression;

import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import org.apache.cxf.message.Message;

/** Reading and setting HTTP headers in a CXF message's {@link Message#PROTOCOL_HEADERS}. */
final class HttpHeaders {
  static final String ACCEPT_ENCODING = "Accept-Encoding";
  static final String CONTENT_ENCODING = "Content-Encoding";
  static final String VARY = "Vary";

  private HttpHeaders() {}

  /**
   * The header's values joined with {@code ", "}, or null if absent. CXF's maps are
   * case-insensitive on both sides, so their lookup is the answer, also when the header is absent
   * (as {@code Content-Encoding} is from most requests); the loop covers a map someone replaced
   * with a plain one.
   */
  static String get(Message message, String name) {
    Map<String, List<String>> headers = headers(message);
    if (headers == null) {
      return null;
    }
    List<String> values = headers.get(name);
    if (values == null && !isCaseInsensitive(headers)) {
      for (Map.Entry<String, List<String>> e : headers.entrySet()) {
        if (name.equalsIgnoreCase(e.getKey())) {
          values = e.getValue();
          break;
        }
      }
    }
    if (values == null || values.isEmpty()) {
      return null;
    }
    return values.size() == 1 ? values.get(0) : String.join(", ", values);
  }

  /** Sets the header to one value, creating the header map if there is none. */
  static void set(Message message, String name, String value) {
    Map<String, List<String>> headers = headers(message);
    if (headers == null) {
      headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
      message.put(Message.PROTOCOL_HEADERS, headers);
    }
    headers.put(name, List.of(value));
  }

  private static boolean isCaseInsensitive(Map<String, List<String>> headers) {
    return headers instanceof SortedMap<String, List<String>> sorted
        && sorted.comparator() == String.CASE_INSENSITIVE_ORDER;
  }

  @SuppressWarnings("unchecked")
  private static Map<String, List<String>> headers(Message message) {
    return (Map<String, List<String>>) message.get(Message.PROTOCOL_HEADERS);
  }
}

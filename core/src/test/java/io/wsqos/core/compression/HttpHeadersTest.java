package io.wsqos.core.compression;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.cxf.message.Message;
import org.apache.cxf.message.MessageImpl;
import org.junit.jupiter.api.Test;

/** Reading HTTP headers from CXF's case-insensitive maps and from plain ones put in their place. */
class HttpHeadersTest {

  @Test
  void aCaseInsensitiveMapFindsTheHeaderWhateverItsCase() {
    Map<String, List<String>> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    headers.put("accept-encoding", List.of("zstd"));

    String value = HttpHeaders.get(message(headers), HttpHeaders.ACCEPT_ENCODING);

    assertThat(value).isEqualTo("zstd");
  }

  @Test
  void aCaseInsensitiveMapWithoutTheHeaderGivesNull() {
    Map<String, List<String>> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    headers.put("Content-Type", List.of("text/xml"));

    String value = HttpHeaders.get(message(headers), HttpHeaders.CONTENT_ENCODING);

    assertThat(value).isNull();
  }

  @Test
  void aPlainMapFindsTheHeaderWhateverItsCase() {
    Map<String, List<String>> headers = new HashMap<>();
    headers.put("content-ENCODING", List.of("gzip"));

    String value = HttpHeaders.get(message(headers), HttpHeaders.CONTENT_ENCODING);

    assertThat(value).isEqualTo("gzip");
  }

  @Test
  void aPlainMapWithoutTheHeaderGivesNull() {
    Map<String, List<String>> headers = new HashMap<>();
    headers.put("Content-Type", List.of("text/xml"));

    String value = HttpHeaders.get(message(headers), HttpHeaders.VARY);

    assertThat(value).isNull();
  }

  @Test
  void aHeaderOnSeveralLinesIsJoined() {
    Map<String, List<String>> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    headers.put("Accept-Encoding", List.of("gzip", "zstd;q=0.5"));

    String value = HttpHeaders.get(message(headers), HttpHeaders.ACCEPT_ENCODING);

    assertThat(value).isEqualTo("gzip, zstd;q=0.5");
  }

  private static Message message(Map<String, List<String>> headers) {
    Message message = new MessageImpl();
    message.put(Message.PROTOCOL_HEADERS, headers);
    return message;
  }
}

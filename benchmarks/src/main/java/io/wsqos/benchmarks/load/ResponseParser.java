package io.wsqos.benchmarks.load;

import io.wsqos.core.overload.BusyAnswers;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;

/**
 * Incremental HTTP/1.1 response parser: status line, the headers that delimit the body ({@code
 * Content-Length}, {@code Transfer-Encoding: chunked}, {@code Connection}), then the body, which it
 * skips. Bodies of non-2xx responses are kept (up to {@link #MAX_CAPTURED_BODY_BYTES}) so that a
 * SOAP fault can be told from another server error.
 */
final class ResponseParser {

  static final int MAX_LINE_BYTES = 16 * 1024;
  static final int MAX_CAPTURED_BODY_BYTES = 64 * 1024;

  private enum State {
    STATUS_LINE,
    HEADERS,
    BODY_FIXED,
    CHUNK_SIZE,
    CHUNK_DATA,
    CHUNK_DATA_END,
    TRAILERS,
    BODY_UNTIL_CLOSE,
    DONE
  }

  private State state = State.STATUS_LINE;
  private byte[] line = new byte[128];
  private int lineLength;
  private int status;
  private boolean http11;
  private boolean connectionClose;
  private boolean connectionKeepAlive;
  private boolean chunked;
  private boolean contentEncoded;
  private boolean retryAfter;
  private long contentLength = -1;
  private long remaining;
  private ByteArrayOutputStream captured;

  /**
   * Consumes bytes from {@code buffer}; returns true once the response is complete. Bytes after the
   * end of the response are left in the buffer.
   */
  boolean feed(ByteBuffer buffer) throws MalformedResponseException {
    while (buffer.hasRemaining() && state != State.DONE) {
      switch (state) {
        case STATUS_LINE, HEADERS, CHUNK_SIZE, CHUNK_DATA_END, TRAILERS -> {
          if (readLine(buffer)) {
            onLine();
          }
        }
        case BODY_FIXED, CHUNK_DATA, BODY_UNTIL_CLOSE -> skipBody(buffer);
        case DONE -> throw new AssertionError();
      }
    }
    return state == State.DONE;
  }

  /**
   * Tells the parser the peer closed the connection; returns true when that ends the response (a
   * body delimited by the close), false when the response was cut short.
   */
  boolean endOfStream() {
    if (state == State.BODY_UNTIL_CLOSE) {
      state = State.DONE;
      return true;
    }
    return state == State.DONE;
  }

  /** The status code of the complete response. */
  int status() {
    return status;
  }

  /** Whether the connection may carry another request after this response. */
  boolean reusable() {
    boolean persistent = http11 ? !connectionClose : connectionKeepAlive;
    return persistent && (chunked || contentLength >= 0 || noBody(status));
  }

  /** Whether the response body holds a SOAP {@code Fault} element (only looked for if non-2xx). */
  boolean hasSoapFault() {
    if (captured == null) {
      return false;
    }
    String body = captured.toString(StandardCharsets.UTF_8);
    return body.contains(":Fault>")
        || body.contains(":Fault ")
        || body.contains("<Fault>")
        || body.contains("<Fault ");
  }

  /**
   * Whether the response declared a {@code Content-Encoding} other than {@code identity} (e.g. a
   * compressed body); the body is still skipped, not decoded.
   */
  boolean contentEncoded() {
    return contentEncoded;
  }

  /**
   * Whether the response carried a usable {@code Retry-After} in delta-seconds: with 503, a busy
   * provider's answer ({@code BusyAnswers.retryAfter}).
   */
  boolean retryAfter() {
    return retryAfter;
  }

  /** Prepares for the next response on the same connection. */
  void reset() {
    state = State.STATUS_LINE;
    lineLength = 0;
    status = 0;
    http11 = false;
    connectionClose = false;
    connectionKeepAlive = false;
    chunked = false;
    contentEncoded = false;
    retryAfter = false;
    contentLength = -1;
    remaining = 0;
    captured = null;
  }

  private boolean readLine(ByteBuffer buffer) throws MalformedResponseException {
    while (buffer.hasRemaining()) {
      byte b = buffer.get();
      if (b == '\n') {
        if (lineLength > 0 && line[lineLength - 1] == '\r') {
          lineLength--;
        }
        return true;
      }
      if (lineLength == line.length) {
        if (line.length >= MAX_LINE_BYTES) {
          throw new MalformedResponseException(
              "line longer than " + MAX_LINE_BYTES + " bytes in state " + state);
        }
        line = Arrays.copyOf(line, line.length * 2);
      }
      line[lineLength++] = b;
    }
    return false;
  }

  private void onLine() throws MalformedResponseException {
    String text = new String(line, 0, lineLength, StandardCharsets.ISO_8859_1);
    lineLength = 0;
    switch (state) {
      case STATUS_LINE -> parseStatusLine(text);
      case HEADERS -> {
        if (text.isEmpty()) {
          endOfHeaders();
        } else {
          parseHeader(text);
        }
      }
      case CHUNK_SIZE -> {
        long size = parseChunkSize(text);
        if (size == 0) {
          state = State.TRAILERS;
        } else {
          remaining = size;
          state = State.CHUNK_DATA;
        }
      }
      case CHUNK_DATA_END -> {
        if (!text.isEmpty()) {
          throw new MalformedResponseException(
              "expected CRLF after chunk data, got '" + text + "'");
        }
        state = State.CHUNK_SIZE;
      }
      case TRAILERS -> {
        if (text.isEmpty()) {
          state = State.DONE;
        }
      }
      default -> throw new AssertionError(state);
    }
  }

  private void parseStatusLine(String text) throws MalformedResponseException {
    // "HTTP/1.1 200 OK"; the reason phrase may be empty or missing.
    if (!text.startsWith("HTTP/1.") || text.length() < 12 || text.charAt(8) != ' ') {
      throw new MalformedResponseException("bad status line '" + text + "'");
    }
    http11 = text.charAt(7) != '0';
    try {
      status = Integer.parseInt(text.substring(9, 12));
    } catch (NumberFormatException e) {
      throw new MalformedResponseException("bad status code in '" + text + "'");
    }
    state = State.HEADERS;
  }

  private void parseHeader(String text) throws MalformedResponseException {
    int colon = text.indexOf(':');
    if (colon <= 0) {
      throw new MalformedResponseException("bad header line '" + text + "'");
    }
    String name = text.substring(0, colon).trim().toLowerCase(Locale.ROOT);
    String value = text.substring(colon + 1).trim().toLowerCase(Locale.ROOT);
    switch (name) {
      case "content-length" -> {
        try {
          contentLength = Long.parseLong(value);
        } catch (NumberFormatException e) {
          throw new MalformedResponseException("bad Content-Length '" + value + "'");
        }
        if (contentLength < 0) {
          throw new MalformedResponseException("negative Content-Length " + contentLength);
        }
      }
      case "transfer-encoding" -> chunked = value.contains("chunked");
      case "content-encoding" -> contentEncoded = !value.isEmpty() && !value.equals("identity");
      case "retry-after" -> retryAfter = BusyAnswers.retryAfter(value).isPresent();
      case "connection" -> {
        connectionClose = value.contains("close");
        connectionKeepAlive = value.contains("keep-alive");
      }
      default -> {}
    }
  }

  private void endOfHeaders() {
    if (status >= 100 && status < 200) {
      // An interim response (100 Continue): the real one follows on the same connection.
      reset();
      return;
    }
    if (status < 200 || status >= 300) {
      captured = new ByteArrayOutputStream();
    }
    if (noBody(status)) {
      state = State.DONE;
    } else if (chunked) {
      state = State.CHUNK_SIZE;
    } else if (contentLength >= 0) {
      remaining = contentLength;
      state = contentLength == 0 ? State.DONE : State.BODY_FIXED;
    } else {
      state = State.BODY_UNTIL_CLOSE;
    }
  }

  private static long parseChunkSize(String text) throws MalformedResponseException {
    int end = text.indexOf(';');
    String hex = (end >= 0 ? text.substring(0, end) : text).trim();
    try {
      long size = Long.parseLong(hex, 16);
      if (size < 0) {
        throw new MalformedResponseException("negative chunk size '" + text + "'");
      }
      return size;
    } catch (NumberFormatException e) {
      throw new MalformedResponseException("bad chunk size '" + text + "'");
    }
  }

  private void skipBody(ByteBuffer buffer) {
    int n =
        state == State.BODY_UNTIL_CLOSE
            ? buffer.remaining()
            : (int) Math.min(remaining, buffer.remaining());
    if (captured != null && captured.size() < MAX_CAPTURED_BODY_BYTES) {
      int keep = Math.min(n, MAX_CAPTURED_BODY_BYTES - captured.size());
      byte[] bytes = new byte[keep];
      buffer.duplicate().get(bytes);
      captured.writeBytes(bytes);
    }
    buffer.position(buffer.position() + n);
    if (state == State.BODY_UNTIL_CLOSE) {
      return;
    }
    remaining -= n;
    if (remaining == 0) {
      state = state == State.CHUNK_DATA ? State.CHUNK_DATA_END : State.DONE;
    }
  }

  private static boolean noBody(int status) {
    return status == 204 || status == 304;
  }
}

package io.wsqos.testing;

import static java.util.Objects.requireNonNull;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * One HTTP/1.1 request over a plain socket, answered with the raw bytes the server sent: status
 * line, headers and body exactly as framed on the wire (chunked or not), which an HTTP client
 * library would hide or change, plus the status, the headers and the de-chunked body read from
 * them. The request is sent exactly as given (any header, any bytes, nothing added but {@code
 * Host}, {@code Content-Length} and {@code Connection: close}); the connection is closed after the
 * response, so no client thread or pooled connection outlives the call.
 */
public final class RawHttp {

  // Far above any exchange of these tests: a stall of a shared machine must not fail a test.
  private static final int TIMEOUT_MILLIS = 30_000;
  private static final byte[] END_OF_HEAD = "\r\n\r\n".getBytes(StandardCharsets.US_ASCII);

  private RawHttp() {}

  /**
   * Posts {@code body} as a SOAP 1.1 request: {@code Content-Type: text/xml; charset=UTF-8} and an
   * empty {@code SOAPAction}, then the given headers (name, value, ...). A given {@code
   * Content-Type} or {@code SOAPAction} (any case) replaces the default, so a test can send, say, a
   * type without a charset.
   *
   * @throws UncheckedIOException if the exchange fails or the response has no end of headers
   */
  public static Response postXml(String address, byte[] body, String... headers) {
    checkPairs(headers);
    List<String> all = new ArrayList<>(headers.length + 4);
    if (!names(headers, "Content-Type")) {
      all.addAll(List.of("Content-Type", "text/xml; charset=UTF-8"));
    }
    if (!names(headers, "SOAPAction")) {
      all.addAll(List.of("SOAPAction", "\"\""));
    }
    all.addAll(Arrays.asList(headers));
    return post(address, body, all.toArray(String[]::new));
  }

  /**
   * Posts {@code body} with the given headers, as name, value, name, value...; nothing else is
   * added but {@code Host}, {@code Content-Length} and {@code Connection: close}.
   *
   * @throws UncheckedIOException if the exchange fails or the response has no end of headers
   */
  public static Response post(String address, byte[] body, String... headers) {
    return exchange("POST", address, requireNonNull(body, "body"), headers);
  }

  /** Sends a GET with the given headers (name, value, ...). */
  public static Response get(String address, String... headers) {
    return exchange("GET", address, null, headers);
  }

  /**
   * Sends {@code request} exactly as given, request line, headers and body, nothing added (so it
   * should say {@code Connection: close}), to the server of {@code address} ({@code
   * http://host:port}, any path ignored), and reads until the server closes the connection: for
   * what {@link #get} cannot send, such as a malformed request target.
   *
   * @throws UncheckedIOException if the exchange fails or the response has no end of headers
   */
  public static Response exchange(String address, String request) {
    URI uri = URI.create(address);
    try (Socket socket = new Socket(uri.getHost(), uri.getPort())) {
      socket.setSoTimeout(TIMEOUT_MILLIS);
      OutputStream out = socket.getOutputStream();
      out.write(requireNonNull(request, "request").getBytes(StandardCharsets.ISO_8859_1));
      out.flush();
      return Response.parse(socket.getInputStream().readAllBytes());
    } catch (IOException e) {
      throw new UncheckedIOException("exchange with " + address + " failed", e);
    }
  }

  private static void checkPairs(String[] headers) {
    if (headers.length % 2 != 0) {
      throw new IllegalArgumentException(
          "headers: " + Arrays.toString(headers) + " (expected: name, value pairs)");
    }
  }

  private static boolean names(String[] headers, String name) {
    for (int i = 0; i < headers.length; i += 2) {
      if (headers[i].equalsIgnoreCase(name)) {
        return true;
      }
    }
    return false;
  }

  private static Response exchange(String method, String address, byte[] body, String[] headers) {
    checkPairs(headers);
    URI uri = URI.create(address);
    StringBuilder head = new StringBuilder();
    String target = uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
    if (uri.getRawQuery() != null) {
      target += "?" + uri.getRawQuery();
    }
    head.append(method).append(' ').append(target).append(" HTTP/1.1\r\n");
    head.append("Host: ").append(uri.getAuthority()).append("\r\n");
    for (int i = 0; i < headers.length; i += 2) {
      head.append(headers[i]).append(": ").append(headers[i + 1]).append("\r\n");
    }
    if (body != null) {
      head.append("Content-Length: ").append(body.length).append("\r\n");
    }
    head.append("Connection: close\r\n\r\n");
    try (Socket socket = new Socket(uri.getHost(), uri.getPort())) {
      socket.setSoTimeout(TIMEOUT_MILLIS);
      OutputStream out = socket.getOutputStream();
      out.write(head.toString().getBytes(StandardCharsets.ISO_8859_1));
      if (body != null) {
        out.write(body);
      }
      out.flush();
      return Response.parse(socket.getInputStream().readAllBytes());
    } catch (IOException e) {
      throw new UncheckedIOException(method + " " + address + " failed", e);
    }
  }

  /** A response as framed on the wire, and what its head says. */
  public static final class Response {
    private final byte[] wire;
    private final int bodyStart;
    private final int status;
    private final Map<String, List<String>> headers;

    private Response(byte[] wire, int bodyStart, int status, Map<String, List<String>> headers) {
      this.wire = wire;
      this.bodyStart = bodyStart;
      this.status = status;
      this.headers = headers;
    }

    static Response parse(byte[] wire) throws IOException {
      int end = indexOf(wire, END_OF_HEAD, 0);
      if (end < 0) {
        throw new IOException(
            "no end of headers in the response: " + new String(wire, StandardCharsets.ISO_8859_1));
      }
      String[] lines = new String(wire, 0, end, StandardCharsets.ISO_8859_1).split("\r\n");
      String[] statusLine = lines[0].split(" ", 3);
      if (statusLine.length < 2 || !statusLine[0].startsWith("HTTP/")) {
        throw new IOException("not an HTTP status line: " + lines[0]);
      }
      Map<String, List<String>> headers = new LinkedHashMap<>();
      for (int i = 1; i < lines.length; i++) {
        int colon = lines[i].indexOf(':');
        if (colon > 0) {
          headers
              .computeIfAbsent(
                  lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT),
                  name -> new ArrayList<>())
              .add(lines[i].substring(colon + 1).trim());
        }
      }
      return new Response(wire, end + END_OF_HEAD.length, Integer.parseInt(statusLine[1]), headers);
    }

    /** The status code. */
    public int status() {
      return status;
    }

    /** The status line and headers, without the blank line after them. */
    public String head() {
      return new String(wire, 0, bodyStart - END_OF_HEAD.length, StandardCharsets.ISO_8859_1);
    }

    /** The first value of header {@code name} (case-insensitive). */
    public Optional<String> header(String name) {
      return headers(name).stream().findFirst();
    }

    /** Every value of header {@code name} (case-insensitive), in the order sent. */
    public List<String> headers(String name) {
      return List.copyOf(headers.getOrDefault(name.toLowerCase(Locale.ROOT), List.of()));
    }

    /** Every byte the server sent, head included. */
    public byte[] wire() {
      return wire.clone();
    }

    /** Everything after the blank line ending the head, chunk sizes included if chunked, UTF-8. */
    public String body() {
      return new String(wire, bodyStart, wire.length - bodyStart, StandardCharsets.UTF_8);
    }

    /**
     * The body's bytes with any chunked framing removed, still content-encoded as sent (a gzip body
     * stays gzip).
     *
     * @throws UncheckedIOException if the chunked framing is broken
     */
    public byte[] content() {
      byte[] raw = Arrays.copyOfRange(wire, bodyStart, wire.length);
      boolean chunked =
          headers("Transfer-Encoding").stream()
              .anyMatch(v -> v.toLowerCase(Locale.ROOT).contains("chunked"));
      return chunked ? dechunk(raw) : raw;
    }

    /** {@link #content()} as text in the charset of the {@code Content-Type}, UTF-8 if none. */
    public String text() {
      Charset charset = StandardCharsets.UTF_8;
      for (String part : header("Content-Type").orElse("").split(";")) {
        String p = part.trim();
        if (p.toLowerCase(Locale.ROOT).startsWith("charset=")) {
          charset = Charset.forName(p.substring("charset=".length()).replace("\"", "").trim());
        }
      }
      return new String(content(), charset);
    }

    @Override
    public String toString() {
      return new String(wire, StandardCharsets.ISO_8859_1);
    }

    private static byte[] dechunk(byte[] raw) {
      ByteArrayOutputStream out = new ByteArrayOutputStream(raw.length);
      int at = 0;
      while (true) {
        int lineEnd = indexOf(raw, new byte[] {'\r', '\n'}, at);
        if (lineEnd < 0) {
          throw new UncheckedIOException(new IOException("chunk size line not ended"));
        }
        String sizeLine = new String(raw, at, lineEnd - at, StandardCharsets.US_ASCII);
        int semicolon = sizeLine.indexOf(';');
        int size =
            Integer.parseInt(
                (semicolon < 0 ? sizeLine : sizeLine.substring(0, semicolon)).trim(), 16);
        at = lineEnd + 2;
        if (size == 0) {
          return out.toByteArray();
        }
        if (at + size > raw.length) {
          throw new UncheckedIOException(new IOException("chunk of " + size + " bytes truncated"));
        }
        out.write(raw, at, size);
        at += size + 2;
      }
    }
  }

  private static int indexOf(byte[] data, byte[] pattern, int from) {
    outer:
    for (int i = from; i <= data.length - pattern.length; i++) {
      for (int j = 0; j < pattern.length; j++) {
        if (data[i + j] != pattern[j]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }
}

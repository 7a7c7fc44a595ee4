package io.wsqos.benchmarks.load;

import static java.util.Objects.requireNonNull;

import java.io.ByteArrayOutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * One HTTP/1.1 request, encoded once into bytes so that sending it costs a buffer copy and nothing
 * else. By default it asks the server to close the connection after the response ({@code
 * Connection: close}), one connection per request as {@code sclient} and {@code httperf} do.
 */
public final class HttpRequest {

  private final InetSocketAddress address;
  private final byte[] encoded;
  private final boolean keepAlive;
  private final int tos;
  private final ConnectionKey connectionKey;

  /** What kept-alive requests must share to share a connection: the address and the TOS. */
  record ConnectionKey(InetSocketAddress address, int tos) {}

  private HttpRequest(InetSocketAddress address, byte[] encoded, boolean keepAlive, int tos) {
    this.address = address;
    this.encoded = encoded;
    this.keepAlive = keepAlive;
    this.tos = tos;
    this.connectionKey = new ConnectionKey(address, tos);
  }

  /** A POST of {@code body} to {@code url} ({@code http://host:port/path}). */
  public static Builder post(URI url, byte[] body) {
    return new Builder("POST", url, requireNonNull(body, "body"));
  }

  /** A GET of {@code url}, without a body. */
  public static Builder get(URI url) {
    return new Builder("GET", url, null);
  }

  /** The server's socket address, resolved when the request was built. */
  public InetSocketAddress address() {
    return address;
  }

  /** Whether the connection may be reused for the next request after the response. */
  public boolean keepAlive() {
    return keepAlive;
  }

  /**
   * The {@code IP_TOS} of the connection the request goes on, set before it connects, so that its
   * SYN carries it too; 0 for none.
   */
  public int tos() {
    return tos;
  }

  /** The key of the kept-alive connections this request may go on; made once, with the request. */
  ConnectionKey connectionKey() {
    return connectionKey;
  }

  /** The whole request as sent on the wire. */
  public byte[] bytes() {
    return encoded.clone();
  }

  /** Writes the whole request to {@code out}, without a copy. */
  void writeTo(java.io.OutputStream out) throws java.io.IOException {
    out.write(encoded);
  }

  /** A fresh read-only view of the encoded bytes, positioned at the start. */
  ByteBuffer buffer() {
    return ByteBuffer.wrap(encoded).asReadOnlyBuffer();
  }

  /** Builds an {@link HttpRequest}; headers keep the order in which they were added. */
  public static final class Builder {
    private final String method;
    private final URI url;
    private final byte[] body;
    private final Map<String, String> headers = new LinkedHashMap<>();
    private boolean keepAlive;
    private int tos;

    private Builder(String method, URI url, byte[] body) {
      this.method = method;
      this.url = requireNonNull(url, "url");
      if (!"http".equalsIgnoreCase(url.getScheme())) {
        throw new IllegalArgumentException("url: " + url + " (expected: http://host:port/path)");
      }
      if (url.getHost() == null) {
        throw new IllegalArgumentException("url: " + url + " (expected: a host)");
      }
      this.body = body;
    }

    /**
     * Adds a header sent as given. {@code Host}, {@code Content-Length} and {@code Connection} are
     * written by the builder and cannot be set here.
     */
    public Builder header(String name, String value) {
      requireNonNull(name, "name");
      requireNonNull(value, "value");
      String lower = name.toLowerCase(Locale.ROOT);
      if (lower.equals("host") || lower.equals("content-length") || lower.equals("connection")) {
        throw new IllegalArgumentException(
            "header: " + name + " (expected: not Host, Content-Length or Connection)");
      }
      if (name.isEmpty() || hasLineBreak(name) || hasLineBreak(value)) {
        throw new IllegalArgumentException(
            "header: '" + name + ": " + value + "' (expected: a non-empty name, no line breaks)");
      }
      headers.put(name, value);
      return this;
    }

    /** Keeps the connection open for further requests (default: false, one connection each). */
    public Builder keepAlive(boolean keepAlive) {
      this.keepAlive = keepAlive;
      return this;
    }

    /**
     * Sends the request on a connection whose packets, its handshake's included, carry {@code tos}
     * in their IP header's TOS byte (default 0: none): a DSCP shifted left by two, e.g. {@code
     * 0x28} for AF11. Such a connection is opened as IPv4 (the server's address must be one): on
     * JDK 17 to 20 a dual-stack socket sends IPv4 packets unmarked (JDK-8303509). Kept-alive
     * requests share connections only with requests of the same address and TOS.
     */
    public Builder tos(int tos) {
      if (tos < 0 || tos > 0xff || (tos & 0x3) != 0) {
        throw new IllegalArgumentException(
            "tos: " + tos + " (expected: 0..255 with the two ECN bits clear, e.g. 0x28)");
      }
      this.tos = tos;
      return this;
    }

    public HttpRequest build() {
      int port = url.getPort() == -1 ? 80 : url.getPort();
      String path = url.getRawPath() == null || url.getRawPath().isEmpty() ? "/" : url.getRawPath();
      if (url.getRawQuery() != null) {
        path = path + "?" + url.getRawQuery();
      }
      StringBuilder head = new StringBuilder(256);
      head.append(method).append(' ').append(path).append(" HTTP/1.1\r\n");
      head.append("Host: ").append(url.getHost()).append(':').append(port).append("\r\n");
      headers.forEach((name, value) -> head.append(name).append(": ").append(value).append("\r\n"));
      if (body != null) {
        head.append("Content-Length: ").append(body.length).append("\r\n");
      }
      if (!keepAlive) {
        head.append("Connection: close\r\n");
      }
      head.append("\r\n");
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      out.writeBytes(head.toString().getBytes(StandardCharsets.ISO_8859_1));
      if (body != null) {
        out.writeBytes(body);
      }
      return new HttpRequest(
          new InetSocketAddress(url.getHost(), port), out.toByteArray(), keepAlive, tos);
    }

    private static boolean hasLineBreak(String s) {
      return s.indexOf('\r') >= 0 || s.indexOf('\n') >= 0;
    }
  }
}

package io.wsqos.testing;

import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;

/**
 * One HTTP/1.1 POST over a plain socket, answered as the raw bytes the server sent: status line,
 * headers and body exactly as framed on the wire (chunked or not), which an HTTP client library
 * would hide. The connection is closed after the response ({@code Connection: close}), so no client
 * thread or pooled connection outlives the call.
 */
public final class RawHttp {

  private static final int TIMEOUT_MILLIS = 10_000;

  private RawHttp() {}

  /** Posts {@code body} as {@code text/xml; charset=UTF-8} to {@code address}. */
  public static Response postXml(String address, byte[] body) throws IOException {
    URI uri = URI.create(address);
    try (Socket socket = new Socket(uri.getHost(), uri.getPort())) {
      socket.setSoTimeout(TIMEOUT_MILLIS);
      OutputStream out = socket.getOutputStream();
      out.write(
          ("POST "
                  + uri.getRawPath()
                  + " HTTP/1.1\r\nHost: "
                  + uri.getAuthority()
                  + "\r\nContent-Type: text/xml; charset=UTF-8\r\nSOAPAction: \"\"\r\n"
                  + "Connection: close\r\nContent-Length: "
                  + body.length
                  + "\r\n\r\n")
              .getBytes(StandardCharsets.US_ASCII));
      out.write(body);
      out.flush();
      String raw = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      int end = raw.indexOf("\r\n\r\n");
      if (end < 0) {
        throw new IOException("no end of headers in the response: " + raw);
      }
      return new Response(raw.substring(0, end), raw.substring(end + 4));
    }
  }

  /**
   * A response as framed on the wire.
   *
   * @param head the status line and headers, without the blank line after them
   * @param body everything after that blank line (chunk sizes included if chunked)
   */
  public record Response(String head, String body) {}
}

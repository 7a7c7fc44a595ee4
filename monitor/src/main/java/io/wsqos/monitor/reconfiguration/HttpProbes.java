package io.wsqos.monitor.reconfiguration;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.URI;

/**
 * The HTTP exchange of {@link EndpointProbe}'s factories. {@link HttpURLConnection}, not the JDK's
 * HttpClient: it starts no background thread that would outlive the rerouting (the HttpClient of
 * Java 17 cannot be closed).
 */
final class HttpProbes {

  private HttpProbes() {}

  /** Whether {@code url} answers 200 within {@code timeoutMillis}; POSTs {@code body} if given. */
  static boolean answersOk(String url, byte[] body, int timeoutMillis) throws IOException {
    long start = System.nanoTime();
    HttpURLConnection connection = (HttpURLConnection) URI.create(url).toURL().openConnection();
    try {
      connection.setConnectTimeout(timeoutMillis);
      connection.setReadTimeout(timeoutMillis);
      connection.setUseCaches(false);
      // No keep-alive: a probe is rare, and a cached connection would outlive the rerouting.
      connection.setRequestProperty("Connection", "close");
      if (body != null) {
        connection.setRequestMethod("POST");
        connection.setDoOutput(true);
        connection.setRequestProperty("Content-Type", "text/xml; charset=UTF-8");
        connection.setRequestProperty("SOAPAction", "\"\"");
        connection.setFixedLengthStreamingMode(body.length);
        try (OutputStream out = connection.getOutputStream()) {
          out.write(body);
        }
      }
      int status = connection.getResponseCode();
      InputStream in = status >= 400 ? connection.getErrorStream() : connection.getInputStream();
      if (in != null) {
        try (in) {
          in.transferTo(OutputStream.nullOutputStream());
        }
      }
      // Connect and read timeouts bound each step; the whole exchange must fit too.
      long elapsedMillis = (System.nanoTime() - start) / 1_000_000;
      return status == HttpURLConnection.HTTP_OK && elapsedMillis <= timeoutMillis;
    } finally {
      connection.disconnect();
    }
  }
}

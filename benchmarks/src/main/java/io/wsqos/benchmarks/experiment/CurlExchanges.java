package io.wsqos.benchmarks.experiment;

import io.wsqos.benchmarks.net.SlowLink;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * SOAP exchanges made by one curl inside a {@link SlowLink}'s namespace, one after the other, each
 * on a connection of its own ({@code Connection: close}), timed by curl: the parts of the response
 * time model of {@code 003_7056a00f535db75b.txt} (T = t_conn + t_req + P_req_resp + t_resp).
 */
final class CurlExchanges {

  /**
   * One curl transfer must end within this: far more than a lost SYN thrice over, or 50 KB over
   * poor GPRS behind a saturated server.
   */
  static final long MAX_SECONDS = 120;

  private static final String FORMAT =
      "%{http_code} %{time_connect} %{time_starttransfer} %{time_total} %{size_download}"
          + " %{size_upload} %header{content-encoding}\\n";

  /**
   * One exchange as curl timed it, from the start of the transfer.
   *
   * @param connectSeconds the handshake done: t_conn
   * @param firstByteSeconds the first byte of the response: t_conn + t_req + P_req_resp
   * @param totalSeconds the last byte: the whole response time T
   * @param bytesDown the response body as sent (compressed when it was)
   * @param bytesUp the request body
   */
  record Exchange(
      int status,
      double connectSeconds,
      double firstByteSeconds,
      double totalSeconds,
      long bytesDown,
      long bytesUp,
      String contentEncoding) {

    /** The response's transfer after its first byte: t_resp. */
    double responseSeconds() {
      return totalSeconds - firstByteSeconds;
    }
  }

  private CurlExchanges() {}

  /**
   * Posts {@code body} {@code count} times to {@code at}'s {@code path} with curl inside {@code
   * link}, asking for a compressed response when {@code compressed}; the link's TCP metrics are
   * forgotten first.
   */
  static List<Exchange> run(
      SlowLink link, InetSocketAddress at, String path, Path body, boolean compressed, int count) {
    link.forgetTcpMetrics();
    List<String> curl =
        new ArrayList<>(
            List.of(
                "curl",
                "-s",
                "-o",
                "/dev/null",
                "--max-time",
                Long.toString(MAX_SECONDS),
                "-H",
                "Content-Type: text/xml; charset=UTF-8",
                "-H",
                "SOAPAction: \"\"",
                "-H",
                "Connection: close",
                "--data-binary",
                "@" + body,
                "-w",
                FORMAT));
    if (compressed) {
      curl.add("--compressed");
    }
    // A glob in the fragment (never sent) makes curl repeat the transfer.
    curl.add(
        "http://"
            + at.getAddress().getHostAddress()
            + ":"
            + at.getPort()
            + path
            + "#[1-"
            + count
            + "]");
    try {
      Process p = new ProcessBuilder(link.command(curl)).redirectErrorStream(true).start();
      p.getOutputStream().close();
      String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!p.waitFor(MAX_SECONDS, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new IllegalStateException("curl did not end");
      }
      List<Exchange> exchanges = output.lines().map(CurlExchanges::parse).toList();
      if (exchanges.size() != count) {
        throw new IllegalStateException(
            "curl made " + exchanges.size() + " of " + count + " exchanges: " + output);
      }
      return exchanges;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
  }

  static Exchange parse(String line) {
    String[] f = line.strip().split(" ");
    if (f.length < 6 || f.length > 7) {
      throw new IllegalStateException("curl printed '" + line + "'");
    }
    return new Exchange(
        Integer.parseInt(f[0]),
        Double.parseDouble(f[1]),
        Double.parseDouble(f[2]),
        Double.parseDouble(f[3]),
        Long.parseLong(f[4]),
        Long.parseLong(f[5]),
        f.length == 7 ? f[6] : "identity");
  }
}

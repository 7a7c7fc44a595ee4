package io.wsqos.server;

import static java.nio.charset.StandardCharsets.UTF_8;
import static java.util.Objects.requireNonNull;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.function.Supplier;

/**
 * {@code GET}: a scrape in Prometheus' text format (0.0.4), as the given supplier writes it, e.g.
 * {@code prometheusMeterRegistry::scrape}. It takes a supplier rather than a Micrometer registry so
 * that the server module, which every launcher shares, carries no metrics library of its own.
 */
public final class MetricsServlet extends HttpServlet {

  /** The content type of Prometheus' text format. */
  public static final String CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

  private static final long serialVersionUID = 1L;

  private final transient Supplier<String> scrape;

  /** Serves what {@code scrape} returns on each {@code GET}. */
  public MetricsServlet(Supplier<String> scrape) {
    this.scrape = requireNonNull(scrape, "scrape");
  }

  @Override
  protected void doGet(HttpServletRequest request, HttpServletResponse response)
      throws IOException {
    byte[] body = scrape.get().getBytes(UTF_8);
    response.setContentType(CONTENT_TYPE);
    response.setContentLength(body.length);
    response.getOutputStream().write(body);
  }
}

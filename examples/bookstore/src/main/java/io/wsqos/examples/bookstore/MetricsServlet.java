package io.wsqos.examples.bookstore;

import static java.nio.charset.StandardCharsets.UTF_8;

import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/** {@code GET /metrics}: the bookstore's Micrometer registry in Prometheus' text format. */
final class MetricsServlet extends HttpServlet {

  private static final long serialVersionUID = 1L;

  private final transient PrometheusMeterRegistry registry;

  MetricsServlet(PrometheusMeterRegistry registry) {
    this.registry = registry;
  }

  @Override
  protected void doGet(HttpServletRequest request, HttpServletResponse response)
      throws IOException {
    response.setContentType("text/plain; version=0.0.4; charset=utf-8");
    response.getOutputStream().write(registry.scrape().getBytes(UTF_8));
  }
}

package io.wsqos.server;

import static java.nio.charset.StandardCharsets.UTF_8;
import static java.util.Objects.requireNonNull;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Optional;

/**
 * {@code GET} (and {@code HEAD}): whether the application can serve, for a load balancer, an
 * orchestrator or a container's health check. 200 with {@code ready} when the check finds nothing
 * wrong; 503 with the reason it gives otherwise; plain text, never cached. The check runs on every
 * request, so it must answer from state the application already keeps, without I/O.
 */
public final class ReadinessServlet extends HttpServlet {

  /** The path the launchers of this project serve it at. */
  public static final String PATH = "/ready";

  private static final long serialVersionUID = 1L;

  /** What decides readiness. */
  @FunctionalInterface
  public interface Check {
    /** Why the application cannot serve now; empty when it can. Must not block. */
    Optional<String> notReadyBecause();
  }

  private final transient Check check;

  /** Answers by {@code check} on each request. */
  public ReadinessServlet(Check check) {
    this.check = requireNonNull(check, "check");
  }

  /** A servlet that answers 200 for as long as it is served: the application is ready once up. */
  public static ReadinessServlet whileServed() {
    return new ReadinessServlet(Optional::empty);
  }

  @Override
  protected void doGet(HttpServletRequest request, HttpServletResponse response)
      throws IOException {
    Optional<String> reason = check.notReadyBecause();
    byte[] body = (reason.map(r -> "not ready: " + r).orElse("ready") + "\n").getBytes(UTF_8);
    response.setStatus(
        reason.isPresent()
            ? HttpServletResponse.SC_SERVICE_UNAVAILABLE
            : HttpServletResponse.SC_OK);
    response.setHeader("Cache-Control", "no-store");
    response.setContentType("text/plain; charset=utf-8");
    response.setContentLength(body.length);
    response.getOutputStream().write(body);
  }
}

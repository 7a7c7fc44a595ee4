package io.wsqos.broker.console;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.wsqos.broker.api.ForbiddenException;
import io.wsqos.broker.api.UnauthenticatedException;
import io.wsqos.broker.api.json.BrokerJson;
import io.wsqos.broker.service.Caller;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * Serves the broker's console under {@value #PATH}: the page, its script and style from the jar's
 * resources, and {@code state} (the {@link ConsoleState} in JSON, read with the request's bearer
 * token, if any). Every answer carries a strict Content-Security-Policy ({@value #CSP}) and {@code
 * X-Content-Type-Options: nosniff}; names reach the page as JSON data, never as markup. The console
 * writes nothing itself: the page writes through the REST API with the token its user gives.
 */
public final class ConsoleServlet extends HttpServlet {

  private static final long serialVersionUID = 1L;

  /** Where the console is served; map the servlet at {@code /console/*}. */
  public static final String PATH = "/console";

  /** The Content-Security-Policy of every answer: the page's own files only, never framed. */
  public static final String CSP =
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:;"
          + " connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none';"
          + " frame-ancestors 'none'";

  private static final String RESOURCES = "/io/wsqos/broker/console/";

  private record Resource(String contentType, byte[] body) {}

  private final transient Map<String, Resource> files =
      Map.of(
          "/", resource("index.html", "text/html; charset=utf-8"),
          "/console.js", resource("console.js", "text/javascript; charset=utf-8"),
          "/console.css", resource("console.css", "text/css; charset=utf-8"));

  private final transient Console console;
  private final transient ObjectMapper json = BrokerJson.newMapper();

  /** A servlet showing {@code console}. */
  public ConsoleServlet(Console console) {
    this.console = requireNonNull(console, "console");
  }

  private static Resource resource(String name, String contentType) {
    try (InputStream in = ConsoleServlet.class.getResourceAsStream(RESOURCES + name)) {
      if (in == null) {
        throw new IllegalStateException("the console's " + name + " is missing from the jar");
      }
      return new Resource(contentType, in.readAllBytes());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  protected void doGet(HttpServletRequest request, HttpServletResponse response)
      throws IOException {
    secure(response);
    String path = request.getPathInfo();
    if (path == null) {
      // "/console" without its slash: the page's relative links need the slash.
      response.setStatus(HttpServletResponse.SC_MOVED_PERMANENTLY);
      response.setHeader("Location", request.getContextPath() + PATH + "/");
      return;
    }
    if (path.equals("/state")) {
      state(request, response);
      return;
    }
    Resource file = files.get(path);
    if (file == null) {
      error(response, 404, "not_found", "no such console file: the console is at " + PATH + "/");
      return;
    }
    response.setHeader("Cache-Control", "no-cache");
    write(response, 200, file.contentType(), file.body());
  }

  private void state(HttpServletRequest request, HttpServletResponse response) throws IOException {
    response.setHeader("Cache-Control", "no-store");
    ConsoleState state;
    try {
      List<String> authorization = Collections.list(request.getHeaders("Authorization"));
      if (authorization.size() > 1) {
        throw new UnauthenticatedException(
            "Authorization: " + authorization.size() + " headers (expected: one, Bearer <token>)");
      }
      state =
          console.state(
              Caller.ofAuthorization(authorization.isEmpty() ? null : authorization.get(0)));
    } catch (UnauthenticatedException e) {
      response.setHeader("WWW-Authenticate", "Bearer");
      error(response, 401, "unauthenticated", e.getMessage());
      return;
    } catch (ForbiddenException e) {
      error(response, 403, "forbidden", e.getMessage());
      return;
    }
    write(response, 200, "application/json", json.writeValueAsBytes(state));
  }

  private static void secure(HttpServletResponse response) {
    response.setHeader("Content-Security-Policy", CSP);
    response.setHeader("X-Content-Type-Options", "nosniff");
    response.setHeader("Referrer-Policy", "no-referrer");
  }

  private void error(HttpServletResponse response, int status, String error, String message)
      throws IOException {
    ObjectNode body = json.createObjectNode().put("error", error).put("message", message);
    response.setHeader("Cache-Control", "no-store");
    write(response, status, "application/json", json.writeValueAsBytes(body));
  }

  private static void write(
      HttpServletResponse response, int status, String contentType, byte[] body)
      throws IOException {
    response.setStatus(status);
    response.setContentType(contentType);
    response.setContentLength(body.length);
    response.getOutputStream().write(body);
  }
}

package io.wsqos.binding.internal;

import static java.nio.charset.StandardCharsets.UTF_8;
import static java.util.Objects.requireNonNull;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.function.Supplier;

/** Serves a service descriptor's text on GET; 503 until the publication has finished starting. */
public final class DescriptorServlet extends HttpServlet {
  private static final long serialVersionUID = 1L;

  private final transient Supplier<String> text;

  /** Serves what {@code text} returns, or 503 while it returns null. */
  public DescriptorServlet(Supplier<String> text) {
    this.text = requireNonNull(text, "text");
  }

  @Override
  protected void doGet(HttpServletRequest request, HttpServletResponse response)
      throws IOException {
    String body = text.get();
    if (body == null) {
      response.sendError(HttpServletResponse.SC_SERVICE_UNAVAILABLE, "starting");
      return;
    }
    byte[] bytes = body.getBytes(UTF_8);
    response.setContentType("text/plain; charset=UTF-8");
    response.setContentLength(bytes.length);
    response.getOutputStream().write(bytes);
  }
}

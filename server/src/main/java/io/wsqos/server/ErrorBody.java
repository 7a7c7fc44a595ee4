package io.wsqos.server;

import static java.util.Objects.requireNonNull;

/**
 * The body of the error responses the server writes itself, before or beside any endpoint: a
 * request Jetty cannot parse (a bad or ambiguous path, a header too large: 400, 431), a body over
 * the limits (413, 503), a request not received in time (408), a path nothing serves (404). An
 * application whose clients read errors in a format of their own (the broker's JSON) gives one to
 * {@link EmbeddedServer.Builder#errorBody}; without one, Jetty writes its own page. Called on a
 * Jetty thread for each such error, so it must be quick; if it throws, the error is answered with
 * an empty body.
 */
@FunctionalInterface
public interface ErrorBody {

  /**
   * The body answering {@code status}, with Jetty's {@code message} (its reason, such as {@code
   * Ambiguous URI path segment}, or the status's reason phrase).
   */
  Page render(int status, String message);

  /**
   * A body and its media type, written in UTF-8.
   *
   * @param contentType the {@code Content-Type}, e.g. {@code application/json}; a charset is added
   *     unless it names one
   * @param text the body
   */
  record Page(String contentType, String text) {
    public Page {
      requireNonNull(contentType, "contentType");
      requireNonNull(text, "text");
      if (contentType.isBlank()) {
        throw new IllegalArgumentException("contentType: '' (expected: a media type)");
      }
    }
  }
}

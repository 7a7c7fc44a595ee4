package io.wsqos.broker.rest;

import io.wsqos.core.Checks;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.PreMatching;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.ext.Provider;
import java.util.List;
import java.util.Locale;

/**
 * Refuses what a request's headers get wrong before a resource reads anything: a body that is not
 * declared JSON in UTF-8 (415: JAX-RS would read {@code Content-Type: *}{@code /*}, or none, as
 * JSON), and more than one {@code Authorization} header (400: JAX-RS would use the first and drop
 * the others).
 */
@Provider
@PreMatching
final class RequestHeaders implements ContainerRequestFilter {

  private static final String EXPECTED_TYPE = "application/json";

  @Override
  public void filter(ContainerRequestContext request) {
    List<String> authorization = request.getHeaders().get(HttpHeaders.AUTHORIZATION);
    if (authorization != null && authorization.size() > 1) {
      request.abortWith(
          ErrorResponses.of(
              400,
              "invalid_input",
              HttpHeaders.AUTHORIZATION,
              HttpHeaders.AUTHORIZATION
                  + ": "
                  + authorization.size()
                  + " headers (expected: one, Bearer <token>)"));
      return;
    }
    if (request.hasEntity()) {
      String contentType = request.getHeaderString(HttpHeaders.CONTENT_TYPE);
      if (contentType == null || !isJson(contentType)) {
        request.abortWith(
            ErrorResponses.of(
                415,
                "unsupported_media_type",
                null,
                HttpHeaders.CONTENT_TYPE
                    + ": "
                    + (contentType == null ? "missing" : Checks.shown(contentType))
                    + " (expected: "
                    + EXPECTED_TYPE
                    + ", in UTF-8 if a charset is named)"));
      }
    }
  }

  /**
   * Whether {@code contentType} names JSON ({@code application/json} or {@code +json}) in UTF-8.
   */
  private static boolean isJson(String contentType) {
    MediaType type;
    try {
      type = MediaType.valueOf(contentType);
    } catch (IllegalArgumentException malformed) {
      return false;
    }
    if (!type.getType().equalsIgnoreCase("application")) {
      return false;
    }
    String subtype = type.getSubtype().toLowerCase(Locale.ROOT);
    if (!subtype.equals("json") && !subtype.endsWith("+json")) {
      return false;
    }
    for (var parameter : type.getParameters().entrySet()) {
      if (parameter.getKey().equalsIgnoreCase(MediaType.CHARSET_PARAMETER)
          && !parameter.getValue().equalsIgnoreCase("utf-8")) {
        return false;
      }
    }
    return true;
  }
}

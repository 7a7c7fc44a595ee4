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
 * the others). This is the one check of a body's media type: the resources declare no {@code
 * Consumes}, whose matching would refuse {@code +json} types and a quoted charset with a 415 of its
 * own, and a request without a body is read as JSON, so that a missing body is a 400 naming it.
 */
@Provider
@PreMatching
final class RequestHeaders implements ContainerRequestFilter {

  private static final String EXPECTED_TYPE = "application/json or application/*+json";

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
    } else {
      // No body, whatever its declared type: read as JSON, it is absent (null), and a resource
      // that needs one refuses it as missing. Under any other type JAX-RS would find no reader
      // and answer a 415 of its own.
      request.getHeaders().putSingle(HttpHeaders.CONTENT_TYPE, MediaType.APPLICATION_JSON);
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
          && !unquoted(parameter.getValue()).equalsIgnoreCase("utf-8")) {
        return false;
      }
    }
    return true;
  }

  /** A parameter's value, which RFC 9110 lets a sender quote: {@code "UTF-8"} is {@code UTF-8}. */
  private static String unquoted(String value) {
    if (value.length() < 2 || !value.startsWith("\"") || !value.endsWith("\"")) {
      return value;
    }
    return value.substring(1, value.length() - 1);
  }
}

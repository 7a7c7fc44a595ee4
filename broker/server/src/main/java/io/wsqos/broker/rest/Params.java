package io.wsqos.broker.rest;

import io.wsqos.broker.api.InvalidInputException;
import io.wsqos.broker.api.Page;
import io.wsqos.broker.service.Caller;
import io.wsqos.core.Checks;
import io.wsqos.core.InvalidValueException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.UriInfo;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the text a request carries in its path, query and headers. Parameters arrive as text and
 * are parsed here, so that a wrong one is a 400 naming it (JAX-RS would answer 404 for a query
 * parameter it cannot convert), as is a query parameter the resource does not read or one given
 * twice (JAX-RS would drop the one and take the first of the other).
 */
final class Params {

  /** The query parameters of a page of rows. */
  private static final List<String> PAGE_PARAMETERS = List.of("after", "limit");

  private Params() {}

  /** The rows after an id ({@code after}, 0 for the first page) and how many ({@code limit}). */
  record PageQuery(long after, int limit) {}

  /** The page a request's query asks for: {@code after} and {@code limit}, nothing else. */
  static PageQuery page(UriInfo uri) {
    Map<String, String> query = query(uri, PAGE_PARAMETERS);
    return new PageQuery(number("after", query.get("after"), 0), limit(query.get("limit")));
  }

  /**
   * A request's query parameters by name, each one of {@code known} and each given once: a misspelt
   * {@code maxprice} would otherwise drop a limit without a word, and of a repeated one the first
   * value would be taken. Absent parameters are absent from the map.
   */
  static Map<String, String> query(UriInfo uri, List<String> known) {
    Map<String, String> single = new HashMap<>();
    for (Map.Entry<String, List<String>> parameter : uri.getQueryParameters().entrySet()) {
      String name = parameter.getKey();
      if (name.isEmpty() && parameter.getValue().stream().allMatch(v -> v == null || v.isEmpty())) {
        continue; // "?&limit=5", "?limit=5&": nothing between the separators
      }
      if (!known.contains(name)) {
        throw InvalidInputException.of(
            new InvalidValueException(
                name.isEmpty() ? "query" : Checks.cut(name),
                name.isEmpty() ? "a value without a name" : "unknown parameter",
                "one of " + String.join(", ", known)));
      }
      int count = parameter.getValue().size();
      if (count > 1) {
        throw InvalidInputException.of(
            new InvalidValueException(
                name, count == 2 ? "twice" : count + " times", "each parameter once"));
      }
      single.put(name, parameter.getValue().get(0));
    }
    return single;
  }

  /** The caller of {@code authorization}, an {@code Authorization} header's value or null. */
  static Caller caller(String authorization) {
    return Caller.ofAuthorization(authorization);
  }

  /** {@code text} as a number, or {@code absent} when there is none. */
  static long number(String field, String text, long absent) {
    if (text == null || text.isEmpty()) {
      return absent;
    }
    try {
      return Long.parseLong(text);
    } catch (NumberFormatException e) {
      throw InvalidInputException.of(
          new InvalidValueException(field, Checks.shown(text), "an integer", e));
    }
  }

  /** {@code text} as a number, which the request must carry. */
  static long number(String field, String text) {
    if (text == null || text.isEmpty()) {
      throw InvalidInputException.of(new InvalidValueException(field, "missing", "an integer"));
    }
    return number(field, text, 0);
  }

  /** A page size. */
  static int limit(String text) {
    long limit = number("limit", text, RestDefaults.PAGE_LIMIT);
    if (limit < Integer.MIN_VALUE || limit > Integer.MAX_VALUE) {
      throw InvalidInputException.of(
          new InvalidValueException("limit", Checks.cut(text), "1.." + Page.MAX_LIMIT));
    }
    return (int) limit;
  }

  /**
   * The version an {@code If-Match} header names: the offer's ETag exactly as {@code GET} returned
   * it ({@code "3"}). As HTTP has it, an update without the header is answered 428, and a tag that
   * never matches an offer's ETag under the strong comparison {@code If-Match} takes (identical
   * quoted text) 412: a weak one ({@code W/"3"}) or another text ({@code "03"}). A value that is
   * not one entity tag (a bare {@code 3}, a list, {@code *}) is a 400 naming the header.
   */
  static long ifMatch(String header) {
    if (header == null || header.isBlank()) {
      throw new WebApplicationException(
          ErrorResponses.of(
              428,
              "precondition_required",
              "If-Match",
              "If-Match: missing (expected: the offer's version as its ETag, e.g. \"1\", from"
                  + " GET)"));
    }
    String value = header.strip();
    if (value.startsWith("W/")) {
      throw neverMatches(header, "is a weak tag");
    }
    if (!isEntityTag(value)) {
      throw InvalidInputException.of(
          new InvalidValueException(
              "If-Match",
              Checks.shown(header),
              "one strong ETag, the offer's version as GET returned it, e.g. \"1\""));
    }
    String opaque = value.substring(1, value.length() - 1);
    long version;
    try {
      version = Long.parseLong(opaque);
    } catch (NumberFormatException e) {
      throw neverMatches(header, "is no offer's ETag");
    }
    if (!etag(version).equals(value)) {
      throw neverMatches(header, "is no offer's ETag"); // "01", "+1", "-0": not as sent
    }
    return version;
  }

  private static WebApplicationException neverMatches(String header, String why) {
    return new WebApplicationException(
        ErrorResponses.of(
            412,
            "precondition_failed",
            "If-Match",
            "If-Match: "
                + Checks.cut(header)
                + " "
                + why
                + ", which never matches an update (expected: the offer's ETag, e.g. \"1\")"));
  }

  /** Whether {@code value} is one entity tag's quoted form ({@code "..."}, RFC 9110 etagc). */
  private static boolean isEntityTag(String value) {
    if (value.length() < 2 || value.charAt(0) != '"' || value.charAt(value.length() - 1) != '"') {
      return false;
    }
    for (int i = 1; i < value.length() - 1; i++) {
      char c = value.charAt(i);
      if (c == '"' || c <= 0x20 || c == 0x7f) {
        return false;
      }
    }
    return true;
  }

  /** The request body, which must be there. */
  static <T> T body(T body) {
    if (body == null) {
      throw InvalidInputException.of(new InvalidValueException("body", "missing", "a JSON object"));
    }
    return body;
  }

  /** The ETag of an offer at {@code version}. */
  static String etag(long version) {
    return "\"" + version + "\"";
  }
}

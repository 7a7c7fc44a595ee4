package io.wsqos.broker.rest;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.exc.InputCoercionException;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.core.exc.StreamReadException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.PropertyBindingException;
import io.wsqos.broker.api.BrokerException;
import io.wsqos.broker.api.DuplicateException;
import io.wsqos.broker.api.ForbiddenException;
import io.wsqos.broker.api.InvalidInputException;
import io.wsqos.broker.api.NotFoundException;
import io.wsqos.broker.api.RegistryUnavailableException;
import io.wsqos.broker.api.TooManyReportsException;
import io.wsqos.broker.api.TooManyWatchesException;
import io.wsqos.broker.api.UnauthenticatedException;
import io.wsqos.broker.api.VersionConflictException;
import io.wsqos.broker.api.json.Requests;
import io.wsqos.broker.service.OutageLog;
import io.wsqos.core.Checks;
import io.wsqos.core.InvalidValueException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import java.math.BigInteger;
import java.net.URI;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Currency;
import java.util.List;
import java.util.Locale;
import javax.xml.namespace.QName;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Every failure of a request as a status and a JSON {@link Requests.Error}: the broker's typed
 * errors, JSON the mapper refused (400 naming the field), what JAX-RS refused itself (unknown path
 * 404, wrong method 405, wrong media type 415), and anything else as a logged 500. A database's or
 * a pool's own text goes to the log only.
 */
final class ErrorResponses {

  private static final Logger log = LoggerFactory.getLogger(ErrorResponses.class);

  private ErrorResponses() {}

  static Response of(int status, String error, String field, String message) {
    return Response.status(status)
        .type(MediaType.APPLICATION_JSON_TYPE)
        .entity(new Requests.Error(error, field, message))
        .build();
  }

  /** The broker's typed errors. */
  @Provider
  static final class Broker implements ExceptionMapper<BrokerException> {
    // The database's outages, logged once per interval rather than once per refused request.
    private final OutageLog outages =
        new OutageLog(log, "A REST request", OutageLog.DEFAULT_INTERVAL);

    @Override
    public Response toResponse(BrokerException e) {
      if (e instanceof InvalidInputException invalid) {
        return of(400, "invalid_input", invalid.field(), invalid.getMessage());
      }
      if (e instanceof UnauthenticatedException) {
        return Response.fromResponse(of(401, "unauthenticated", null, e.getMessage()))
            .header(HttpHeaders.WWW_AUTHENTICATE, "Bearer")
            .build();
      }
      if (e instanceof ForbiddenException) {
        return of(403, "forbidden", null, e.getMessage());
      }
      if (e instanceof NotFoundException) {
        return of(404, "not_found", null, e.getMessage());
      }
      if (e instanceof DuplicateException) {
        return of(409, "duplicate", null, e.getMessage());
      }
      if (e instanceof VersionConflictException) {
        // A stale If-Match: the precondition failed, as HTTP answers it.
        return of(412, "version_conflict", null, e.getMessage());
      }
      if (e instanceof TooManyWatchesException) {
        return Response.fromResponse(of(429, "too_many_watches", null, e.getMessage()))
            .header(HttpHeaders.RETRY_AFTER, SelectResource.WATCH_RETRY_AFTER_SECONDS)
            .build();
      }
      if (e instanceof TooManyReportsException limited) {
        return Response.fromResponse(of(429, "too_many_reports", null, e.getMessage()))
            .header(
                HttpHeaders.RETRY_AFTER,
                Math.max(1, (limited.retryAfter().toMillis() + 999) / 1000))
            .build();
      }
      if (e instanceof RegistryUnavailableException) {
        // The message names the database's tables and the pool: the log's, not the client's.
        outages.refused(e.getMessage());
        return Response.fromResponse(
                of(503, "unavailable", null, RegistryUnavailableException.CLIENT_MESSAGE))
            .header(HttpHeaders.RETRY_AFTER, RestDefaults.RETRY_AFTER_SECONDS)
            .build();
      }
      log.warn("A broker error without a status: {}", e.toString(), e);
      return of(500, "internal_error", null, e.getClass().getSimpleName());
    }
  }

  /**
   * JSON that could not be read (400 {@code malformed_json}, saying where), or read into no valid
   * value (400 {@code invalid_input} naming the field). Every message is built from the typed parts
   * of the failure: none repeats Jackson's own text, which names the broker's classes.
   */
  @Provider
  static final class Json implements ExceptionMapper<JsonProcessingException> {

    // Bounds the walk down the causes.
    private static final int MAX_CAUSES = 8;

    @Override
    public Response toResponse(JsonProcessingException e) {
      String path = e instanceof JsonMappingException mapping ? path(mapping) : "";
      Throwable cause = e;
      for (int i = 0; cause != null && i < MAX_CAUSES; i++, cause = cause.getCause()) {
        if (cause instanceof StrictJsonProvider.DuplicateFieldException duplicate) {
          return of(400, "invalid_input", duplicate.field(), duplicate.getOriginalMessage());
        }
        if (cause instanceof InvalidValueException refusal) {
          // The refusal's field is relative to the path (BrokerJson's contract).
          return invalid(refusal.under(path));
        }
        if (cause instanceof InputCoercionException tooLarge) {
          return invalid(
              new InvalidValueException(
                  field(path), "out of range", expected(tooLarge.getTargetType())));
        }
        if (cause instanceof StrictJsonProvider.SecondValueException second) {
          return malformed(
              second.getLocation(), "a second JSON value follows the first", "one JSON object");
        }
        if (cause instanceof StreamConstraintsException limit) {
          // A number of over 1,000 characters, or a field name of over 50,000.
          return malformed(
              limit.getLocation(), "a value longer than the reader allows", "a JSON object");
        }
        if (cause instanceof StreamReadException unreadable) {
          // The parser's refusal (NaN, bytes that are not UTF-8), which the mapper wraps naming
          // the object it was reading: the text is not JSON, whatever the field.
          return malformed(unreadable.getLocation(), "malformed JSON", "a JSON object");
        }
      }
      if (e instanceof PropertyBindingException unknown) {
        List<String> known = new ArrayList<>();
        if (unknown.getKnownPropertyIds() != null) {
          unknown.getKnownPropertyIds().forEach(id -> known.add(String.valueOf(id)));
        }
        return invalid(
            new InvalidValueException(
                field(path),
                "unknown field",
                known.isEmpty() ? "no such field" : "one of " + String.join(", ", known)));
      }
      if (e instanceof InvalidFormatException format) {
        Object value = format.getValue();
        String shown = value instanceof String text ? Checks.shown(text) : String.valueOf(value);
        return invalid(
            new InvalidValueException(field(path), shown, expected(format.getTargetType())));
      }
      if (e instanceof MismatchedInputException mismatch) {
        return invalid(
            new InvalidValueException(
                field(path), found(mismatch), expected(mismatch.getTargetType())));
      }
      if (e instanceof JsonMappingException) {
        return invalid(new InvalidValueException(field(path), "invalid", "a valid value"));
      }
      return malformed(e.getLocation(), "malformed JSON", "a JSON object");
    }

    /** 400 {@code malformed_json}: {@code body: what at line 1, column 7 (expected: ...)}. */
    private static Response malformed(JsonLocation where, String what, String expected) {
      return of(
          400,
          "malformed_json",
          null,
          "body: "
              + what
              + (where == null || where.getLineNr() < 1
                  ? ""
                  : " at line " + where.getLineNr() + ", column " + where.getColumnNr())
              + " (expected: "
              + expected
              + ")");
    }

    private static Response invalid(InvalidValueException e) {
      InvalidValueException named = e.field().isEmpty() ? e.named("body") : e;
      return of(400, "invalid_input", named.field(), named.getMessage());
    }

    private static String field(String path) {
      return path.isEmpty() ? "body" : path;
    }

    /** The path of the failure's references: {@code terms.price}, {@code bindings[0]}. */
    private static String path(JsonMappingException e) {
      StringBuilder path = new StringBuilder();
      for (JsonMappingException.Reference reference : e.getPath()) {
        if (reference.getFieldName() != null) {
          path.append(path.length() == 0 ? "" : ".").append(reference.getFieldName());
        } else if (reference.getIndex() >= 0) {
          path.append('[').append(reference.getIndex()).append(']');
        }
      }
      return path.toString();
    }

    /** What a JSON value of {@code type} is. */
    private static String expected(Class<?> type) {
      if (type == null) {
        return "a value of the field's type";
      }
      if (type == Long.class
          || type == long.class
          || type == Integer.class
          || type == int.class
          || type == Short.class
          || type == short.class
          || type == BigInteger.class) {
        return "an integer";
      }
      if (Number.class.isAssignableFrom(type) || type == double.class || type == float.class) {
        return "a number";
      }
      if (type == Boolean.class || type == boolean.class) {
        return "true or false";
      }
      if (type == URI.class) {
        return "a URL";
      }
      if (type == Instant.class) {
        return "an ISO-8601 instant with a time zone";
      }
      if (CharSequence.class.isAssignableFrom(type)
          || type.isEnum()
          || type == QName.class
          || type == Currency.class) {
        return "a string";
      }
      if (Collection.class.isAssignableFrom(type) || type.isArray()) {
        return "an array";
      }
      return "an object";
    }

    /** The kind of JSON value the parser stopped at, as a mismatch shows it. */
    private static String found(MismatchedInputException e) {
      JsonToken token =
          e.getProcessor() instanceof JsonParser parser ? parser.currentToken() : null;
      if (token == null) {
        return "a value of another type";
      }
      return switch (token) {
        case START_OBJECT, END_OBJECT, FIELD_NAME -> "an object";
        case START_ARRAY, END_ARRAY -> "an array";
        case VALUE_STRING -> "a string";
        case VALUE_NUMBER_INT -> "an integer";
        case VALUE_NUMBER_FLOAT -> "a number";
        case VALUE_TRUE, VALUE_FALSE -> "a boolean";
        case VALUE_NULL -> "null";
        default -> "a value of another type";
      };
    }
  }

  /** What JAX-RS refused before a resource ran. */
  @Provider
  static final class Web implements ExceptionMapper<WebApplicationException> {
    @Override
    public Response toResponse(WebApplicationException e) {
      if (e.getResponse().hasEntity()) {
        return e.getResponse(); // one of ours, already an error document
      }
      Response.StatusType status = e.getResponse().getStatusInfo();
      String error = status.getReasonPhrase().toLowerCase(Locale.ROOT).replace(' ', '_');
      return Response.fromResponse(
              of(status.getStatusCode(), error, null, status.getReasonPhrase()))
          .build();
    }
  }

  /** A bug: logged, and answered without detail. */
  @Provider
  static final class Unexpected implements ExceptionMapper<RuntimeException> {
    @Override
    public Response toResponse(RuntimeException e) {
      log.error("A REST request failed unexpectedly", e);
      return of(500, "internal_error", null, "internal error");
    }
  }
}

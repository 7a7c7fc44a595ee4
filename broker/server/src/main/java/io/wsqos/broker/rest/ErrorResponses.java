package io.wsqos.broker.rest;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import io.wsqos.broker.api.BrokerException;
import io.wsqos.broker.api.DuplicateException;
import io.wsqos.broker.api.ForbiddenException;
import io.wsqos.broker.api.InvalidInputException;
import io.wsqos.broker.api.NotFoundException;
import io.wsqos.broker.api.RegistryUnavailableException;
import io.wsqos.broker.api.UnauthenticatedException;
import io.wsqos.broker.api.VersionConflictException;
import io.wsqos.broker.api.json.Requests;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import java.util.Locale;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Every failure of a request as a status and a JSON {@link Requests.Error}: the broker's typed
 * errors, JSON the mapper refused (400 naming the field), what JAX-RS refused itself (unknown path
 * 404, wrong method 405, wrong media type 415), and anything else as a logged 500.
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
        return of(409, "version_conflict", null, e.getMessage());
      }
      if (e instanceof RegistryUnavailableException) {
        return Response.fromResponse(of(503, "unavailable", null, e.getMessage()))
            .header(HttpHeaders.RETRY_AFTER, RestDefaults.RETRY_AFTER_SECONDS)
            .build();
      }
      log.warn("A broker error without a status: {}", e.toString(), e);
      return of(500, "internal_error", null, e.getClass().getSimpleName());
    }
  }

  /** JSON that could not be read, or read into no valid value. */
  @Provider
  static final class Json implements ExceptionMapper<JsonProcessingException> {
    @Override
    public Response toResponse(JsonProcessingException e) {
      if (!(e instanceof JsonMappingException mapping)) {
        return of(400, "malformed_json", null, "malformed JSON: " + e.getOriginalMessage());
      }
      StringBuilder path = new StringBuilder();
      for (JsonMappingException.Reference reference : mapping.getPath()) {
        if (reference.getFieldName() != null) {
          path.append(path.length() == 0 ? "" : ".").append(reference.getFieldName());
        } else if (reference.getIndex() >= 0) {
          path.append('[').append(reference.getIndex()).append(']');
        }
      }
      Throwable cause = e.getCause();
      while (cause != null && !(cause instanceof IllegalArgumentException)) {
        cause = cause.getCause();
      }
      if (cause instanceof IllegalArgumentException refusal) {
        InvalidInputException invalid = InvalidInputException.of(path.toString(), refusal);
        return of(400, "invalid_input", invalid.field(), invalid.getMessage());
      }
      String field = path.length() == 0 ? null : path.toString();
      return of(
          400,
          "invalid_input",
          field,
          (field == null ? "" : field + ": ")
              + e.getOriginalMessage().lines().findFirst().orElse(""));
    }
  }

  /** What JAX-RS refused before a resource ran. */
  @Provider
  static final class Web implements ExceptionMapper<WebApplicationException> {
    @Override
    public Response toResponse(WebApplicationException e) {
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

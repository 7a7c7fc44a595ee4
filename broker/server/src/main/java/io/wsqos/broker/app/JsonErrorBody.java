package io.wsqos.broker.app;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.wsqos.broker.api.json.BrokerJson;
import io.wsqos.broker.api.json.Requests;
import io.wsqos.server.ErrorBody;
import jakarta.ws.rs.core.Response;
import java.util.Locale;

/**
 * The errors the broker's server answers before any API sees the request (a malformed or ambiguous
 * path, a header too large, a body over the limits or too slow, a path nothing serves) in the REST
 * API's error format, {@code {"error","field","message"}}: the kind is the status's reason in
 * lowercase words joined by {@code _}, as the API's own mapper writes it ({@code not_found}, {@code
 * request_entity_too_large}), except {@code unavailable} for 503 as the API says it, and the
 * message is the server's reason.
 */
final class JsonErrorBody implements ErrorBody {

  private static final ObjectMapper JSON = BrokerJson.newMapper();

  @Override
  public Page render(int status, String message) {
    try {
      return new Page(
          "application/json",
          JSON.writeValueAsString(new Requests.Error(kind(status), null, message)));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write an error as JSON: " + e, e);
    }
  }

  static String kind(int status) {
    if (status == Response.Status.SERVICE_UNAVAILABLE.getStatusCode()) {
      return "unavailable";
    }
    Response.Status known = Response.Status.fromStatusCode(status);
    String reason = known == null ? "error" : known.getReasonPhrase();
    return reason.toLowerCase(Locale.ROOT).replace(' ', '_');
  }
}

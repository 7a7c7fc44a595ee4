package io.wsqos.broker.soap;

import io.wsqos.broker.api.UnauthenticatedException;
import io.wsqos.broker.service.Caller;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.cxf.message.Message;

/**
 * The {@link Caller} of a SOAP request, from the HTTP header {@code Authorization: Bearer <token>}
 * of its POST: no header is an anonymous caller; another scheme, or more than one header, is
 * refused as unauthenticated. What the token stands for is the service's to decide.
 */
final class BearerCaller {

  private static final String SCHEME = "bearer ";

  private BearerCaller() {}

  static Caller of(Message message) {
    Object headers = message == null ? null : message.get(Message.PROTOCOL_HEADERS);
    if (!(headers instanceof Map<?, ?> map)) {
      return Caller.anonymous();
    }
    // CXF keeps the request's headers in a map that ignores the case of names.
    Object values = map.get("Authorization");
    if (!(values instanceof List<?> list) || list.isEmpty()) {
      return Caller.anonymous();
    }
    if (list.size() > 1) {
      throw new UnauthenticatedException(
          "Authorization: " + list.size() + " headers (expected: one, Bearer <token>)");
    }
    String value = String.valueOf(list.get(0)).strip();
    if (value.length() < SCHEME.length()
        || !value.substring(0, SCHEME.length()).toLowerCase(Locale.ROOT).equals(SCHEME)) {
      throw new UnauthenticatedException(
          "Authorization: not a bearer token (expected: Bearer <token>)");
    }
    return Caller.bearer(value.substring(SCHEME.length()).strip());
  }
}

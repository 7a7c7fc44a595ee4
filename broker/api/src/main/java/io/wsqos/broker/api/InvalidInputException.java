package io.wsqos.broker.api;

import static java.util.Objects.requireNonNull;

/**
 * A value of the request is missing, malformed or out of range (a REST caller gets HTTP 400, a SOAP
 * caller a {@code soap:Client} fault). Nothing was changed.
 */
public final class InvalidInputException extends BrokerException {

  private static final long serialVersionUID = 1L;

  private final String field;

  /**
   * Field {@code field} (e.g. {@code terms.price}) of the request is wrong; {@code message} says
   * how and what was expected.
   */
  public InvalidInputException(String field, String message, Throwable cause) {
    super(requireNonNull(message, "message"), cause);
    this.field = requireNonNull(field, "field");
  }

  /**
   * The invalid-input error for a value's {@link IllegalArgumentException}, whose message starts
   * with the field's name and a colon as every value of the broker writes it ({@code price: -1
   * (expected: >= 0)}); {@code prefix} (e.g. {@code terms}, or empty) is put before that name.
   */
  public static InvalidInputException of(String prefix, IllegalArgumentException e) {
    String message = e.getMessage() == null ? "invalid" : e.getMessage();
    int colon = message.indexOf(':');
    String field = colon > 0 ? message.substring(0, colon) : "";
    if (!field.matches("[A-Za-z][A-Za-z0-9.]*")) {
      field = "";
    }
    String full = prefix.isEmpty() ? field : field.isEmpty() ? prefix : prefix + "." + field;
    String shown = prefix.isEmpty() || field.isEmpty() ? message : prefix + "." + message;
    return new InvalidInputException(full, shown, e);
  }

  /** The request field that is wrong, dotted for nested fields (e.g. {@code terms.price}). */
  public String field() {
    return field;
  }
}

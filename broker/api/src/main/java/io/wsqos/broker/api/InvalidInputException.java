package io.wsqos.broker.api;

import static java.util.Objects.requireNonNull;

import io.wsqos.core.InvalidValueException;

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
   * The invalid-input error for a value's refusal, its field put under {@code prefix} (e.g. {@code
   * terms}, or empty for none): {@code price} becomes {@code terms.price}.
   */
  public static InvalidInputException of(String prefix, InvalidValueException e) {
    InvalidValueException nested = e.under(prefix);
    return new InvalidInputException(nested.field(), nested.getMessage(), e);
  }

  /** The invalid-input error for a value's refusal, naming the value's own field. */
  public static InvalidInputException of(InvalidValueException e) {
    return of("", e);
  }

  /** The request field that is wrong, dotted for nested fields (e.g. {@code terms.price}). */
  public String field() {
    return field;
  }
}

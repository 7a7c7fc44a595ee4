package io.wsqos.examples.bookstore;

import static java.util.Objects.requireNonNull;

import io.wsqos.core.header.ClientError;
import jakarta.xml.ws.WebFault;

/** A missing or malformed argument. Travels as a SOAP fault whose string says what was expected. */
@ClientError
@WebFault(name = "invalidRequest", targetNamespace = BookstoreService.NAMESPACE)
public final class InvalidRequestFault extends Exception {

  private static final long serialVersionUID = 1L;

  /** Longer values are cut in the fault, so that a huge argument does not come back whole. */
  static final int MAX_ECHOED_VALUE_CHARS = 64;

  private final InvalidRequest faultInfo;

  /** The JAX-WS fault constructor, also used by clients to rebuild the fault. */
  public InvalidRequestFault(String message, InvalidRequest faultInfo) {
    super(message);
    this.faultInfo = requireNonNull(faultInfo, "faultInfo");
  }

  /** Builds the fault with the house message format: {@code "isbn: '12' (expected: ...)"}. */
  static InvalidRequestFault of(String argument, String value, String expected) {
    if (value.length() > MAX_ECHOED_VALUE_CHARS) {
      value = value.substring(0, MAX_ECHOED_VALUE_CHARS) + "...";
    }
    return new InvalidRequestFault(
        argument + ": '" + value + "' (expected: " + expected + ")",
        new InvalidRequest(argument, value, expected));
  }

  /** The detail carried in the fault. */
  public InvalidRequest getFaultInfo() {
    return faultInfo;
  }
}

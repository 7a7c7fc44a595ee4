package io.wsqos.examples.bookstore;

import static java.util.Objects.requireNonNull;

import io.wsqos.core.header.ClientError;
import jakarta.xml.ws.WebFault;

/** A well-formed ISBN-13 that is not in the catalogue. Travels as a SOAP fault. */
@ClientError
@WebFault(name = "bookNotFound", targetNamespace = BookstoreService.NAMESPACE)
public final class BookNotFoundFault extends Exception {

  private static final long serialVersionUID = 1L;

  private final BookNotFound faultInfo;

  /** The JAX-WS fault constructor, also used by clients to rebuild the fault. */
  public BookNotFoundFault(String message, BookNotFound faultInfo) {
    super(message);
    this.faultInfo = requireNonNull(faultInfo, "faultInfo");
  }

  static BookNotFoundFault of(String isbn) {
    return new BookNotFoundFault("no book with ISBN " + isbn, new BookNotFound(isbn));
  }

  /** The detail carried in the fault. */
  public BookNotFound getFaultInfo() {
    return faultInfo;
  }
}

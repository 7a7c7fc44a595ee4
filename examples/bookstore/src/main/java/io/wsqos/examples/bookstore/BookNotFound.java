package io.wsqos.examples.bookstore;

import static java.util.Objects.requireNonNull;

import jakarta.xml.bind.annotation.XmlAccessType;
import jakarta.xml.bind.annotation.XmlAccessorType;
import jakarta.xml.bind.annotation.XmlType;

/** The detail of a {@link BookNotFoundFault}: which ISBN the catalogue does not hold. */
@XmlAccessorType(XmlAccessType.FIELD)
@XmlType(name = "BookNotFound")
public final class BookNotFound {

  private String isbn;

  /** For JAXB only. */
  BookNotFound() {}

  /** Creates the detail for an ISBN the catalogue does not hold. */
  public BookNotFound(String isbn) {
    this.isbn = requireNonNull(isbn, "isbn");
  }

  /** The ISBN-13 that was asked for, normalized to digits only. */
  public String isbn() {
    return isbn;
  }
}

package io.wsqos.examples.bookstore;

import static java.util.Objects.requireNonNull;

import jakarta.xml.bind.annotation.XmlAccessType;
import jakarta.xml.bind.annotation.XmlAccessorType;
import jakarta.xml.bind.annotation.XmlType;

/** The answer to {@link BookstoreService#hello()}. Immutable once built. */
@XmlAccessorType(XmlAccessType.FIELD)
@XmlType(
    name = "Greeting",
    propOrder = {"message", "service", "books"})
public final class Greeting {

  private String message;
  private String service;
  private int books;

  /** For JAXB only. */
  Greeting() {}

  Greeting(String message, String service, int books) {
    this.message = requireNonNull(message, "message");
    this.service = requireNonNull(service, "service");
    this.books = books;
  }

  /** The greeting itself, {@code Hello world!}. */
  public String message() {
    return message;
  }

  /** The name of the service that answered. */
  public String service() {
    return service;
  }

  /** How many books the catalogue holds. */
  public int books() {
    return books;
  }
}

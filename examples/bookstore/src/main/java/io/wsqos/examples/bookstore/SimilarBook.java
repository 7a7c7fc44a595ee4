package io.wsqos.examples.bookstore;

import static java.util.Objects.requireNonNull;

import jakarta.xml.bind.annotation.XmlAccessType;
import jakarta.xml.bind.annotation.XmlAccessorType;
import jakarta.xml.bind.annotation.XmlType;
import java.math.BigDecimal;

/** A pointer to another book of the catalogue that readers of a book also liked. */
@XmlAccessorType(XmlAccessType.FIELD)
@XmlType(
    name = "SimilarBook",
    propOrder = {"isbn", "title", "author", "price", "rating", "reason"})
public final class SimilarBook {

  private String isbn;
  private String title;
  private String author;
  private BigDecimal price;
  private BigDecimal rating;
  private String reason;

  /** For JAXB only. */
  SimilarBook() {}

  SimilarBook(
      String isbn,
      String title,
      String author,
      BigDecimal price,
      BigDecimal rating,
      String reason) {
    this.isbn = requireNonNull(isbn, "isbn");
    this.title = requireNonNull(title, "title");
    this.author = requireNonNull(author, "author");
    this.price = requireNonNull(price, "price");
    this.rating = requireNonNull(rating, "rating");
    this.reason = requireNonNull(reason, "reason");
  }

  public String isbn() {
    return isbn;
  }

  public String title() {
    return title;
  }

  /** The first author. */
  public String author() {
    return author;
  }

  public BigDecimal price() {
    return price;
  }

  public BigDecimal rating() {
    return rating;
  }

  /** Why the store suggests it. */
  public String reason() {
    return reason;
  }
}

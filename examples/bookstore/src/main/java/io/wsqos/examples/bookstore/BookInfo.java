package io.wsqos.examples.bookstore;

import static java.util.Objects.requireNonNull;

import jakarta.xml.bind.annotation.XmlAccessType;
import jakarta.xml.bind.annotation.XmlAccessorType;
import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlElementWrapper;
import jakarta.xml.bind.annotation.XmlType;
import java.math.BigDecimal;
import java.util.List;

/**
 * The lite information for one book: what a catalogue listing shows. Immutable once built; the
 * lists are unmodifiable.
 */
@XmlAccessorType(XmlAccessType.FIELD)
@XmlType(
    name = "BookInfo",
    propOrder = {
      "isbn",
      "title",
      "subtitle",
      "authors",
      "publisher",
      "year",
      "edition",
      "language",
      "format",
      "pages",
      "price",
      "currency",
      "inStock",
      "rating",
      "ratings",
      "categories",
      "summary"
    })
public final class BookInfo {

  private String isbn;
  private String title;
  private String subtitle;

  @XmlElementWrapper(name = "authors")
  @XmlElement(name = "author")
  private List<String> authors;

  private String publisher;
  private int year;
  private String edition;
  private String language;
  private String format;
  private int pages;
  private BigDecimal price;
  private String currency;
  private int inStock;
  private BigDecimal rating;
  private int ratings;

  @XmlElementWrapper(name = "categories")
  @XmlElement(name = "category")
  private List<String> categories;

  private String summary;

  /** For JAXB only. */
  BookInfo() {}

  BookInfo(
      String isbn,
      String title,
      String subtitle,
      List<String> authors,
      String publisher,
      int year,
      String edition,
      String language,
      String format,
      int pages,
      BigDecimal price,
      String currency,
      int inStock,
      BigDecimal rating,
      int ratings,
      List<String> categories,
      String summary) {
    this.isbn = requireNonNull(isbn, "isbn");
    this.title = requireNonNull(title, "title");
    this.subtitle = requireNonNull(subtitle, "subtitle");
    this.authors = List.copyOf(authors);
    this.publisher = requireNonNull(publisher, "publisher");
    this.year = year;
    this.edition = requireNonNull(edition, "edition");
    this.language = requireNonNull(language, "language");
    this.format = requireNonNull(format, "format");
    this.pages = pages;
    this.price = requireNonNull(price, "price");
    this.currency = requireNonNull(currency, "currency");
    this.inStock = inStock;
    this.rating = requireNonNull(rating, "rating");
    this.ratings = ratings;
    this.categories = List.copyOf(categories);
    this.summary = requireNonNull(summary, "summary");
  }

  /** The ISBN-13, digits only. */
  public String isbn() {
    return isbn;
  }

  public String title() {
    return title;
  }

  public String subtitle() {
    return subtitle;
  }

  public List<String> authors() {
    return authors;
  }

  public String publisher() {
    return publisher;
  }

  /** The year of publication of this edition. */
  public int year() {
    return year;
  }

  public String edition() {
    return edition;
  }

  public String language() {
    return language;
  }

  /** Hardcover, paperback or e-book. */
  public String format() {
    return format;
  }

  public int pages() {
    return pages;
  }

  /** The list price in {@link #currency()}. */
  public BigDecimal price() {
    return price;
  }

  /** The ISO 4217 code of the price's currency. */
  public String currency() {
    return currency;
  }

  /** How many copies the store holds. */
  public int inStock() {
    return inStock;
  }

  /** The average user rating, 1.0 to 5.0. */
  public BigDecimal rating() {
    return rating;
  }

  /** How many users rated the book. */
  public int ratings() {
    return ratings;
  }

  public List<String> categories() {
    return categories;
  }

  /** A paragraph or two on what the book is about. */
  public String summary() {
    return summary;
  }
}

package io.wsqos.examples.bookstore;

import static java.util.Objects.requireNonNull;

import jakarta.xml.bind.annotation.XmlAccessType;
import jakarta.xml.bind.annotation.XmlAccessorType;
import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlElementWrapper;
import jakarta.xml.bind.annotation.XmlType;
import java.util.List;

/**
 * The heavy information for one book: its {@link BookInfo} plus the full description, contents,
 * user reviews, similar books and reading hints. Immutable once built; the lists are unmodifiable.
 */
@XmlAccessorType(XmlAccessType.FIELD)
@XmlType(
    name = "BookDetails",
    propOrder = {
      "info",
      "description",
      "aboutTheAuthor",
      "contents",
      "reviews",
      "similarBooks",
      "hints"
    })
public final class BookDetails {

  private BookInfo info;
  private String description;
  private String aboutTheAuthor;

  @XmlElementWrapper(name = "contents")
  @XmlElement(name = "chapter")
  private List<String> contents;

  @XmlElementWrapper(name = "reviews")
  @XmlElement(name = "review")
  private List<Review> reviews;

  @XmlElementWrapper(name = "similarBooks")
  @XmlElement(name = "similarBook")
  private List<SimilarBook> similarBooks;

  @XmlElementWrapper(name = "hints")
  @XmlElement(name = "hint")
  private List<String> hints;

  /** For JAXB only. */
  BookDetails() {}

  BookDetails(
      BookInfo info,
      String description,
      String aboutTheAuthor,
      List<String> contents,
      List<Review> reviews,
      List<SimilarBook> similarBooks,
      List<String> hints) {
    this.info = requireNonNull(info, "info");
    this.description = requireNonNull(description, "description");
    this.aboutTheAuthor = requireNonNull(aboutTheAuthor, "aboutTheAuthor");
    this.contents = List.copyOf(contents);
    this.reviews = List.copyOf(reviews);
    this.similarBooks = List.copyOf(similarBooks);
    this.hints = List.copyOf(hints);
  }

  /** The lite information, as {@link BookstoreService#getBookInfo} returns it. */
  public BookInfo info() {
    return info;
  }

  /** The publisher's full description, several paragraphs. */
  public String description() {
    return description;
  }

  public String aboutTheAuthor() {
    return aboutTheAuthor;
  }

  /** The chapter titles, in order. */
  public List<String> contents() {
    return contents;
  }

  /** User reviews, most helpful first. */
  public List<Review> reviews() {
    return reviews;
  }

  public List<SimilarBook> similarBooks() {
    return similarBooks;
  }

  /** Reading hints: where to start, what to read next, editions and companions. */
  public List<String> hints() {
    return hints;
  }
}

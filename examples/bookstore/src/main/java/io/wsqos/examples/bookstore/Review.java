package io.wsqos.examples.bookstore;

import static java.util.Objects.requireNonNull;

import jakarta.xml.bind.annotation.XmlAccessType;
import jakarta.xml.bind.annotation.XmlAccessorType;
import jakarta.xml.bind.annotation.XmlType;

/** One user review of a book. Immutable once built. */
@XmlAccessorType(XmlAccessType.FIELD)
@XmlType(
    name = "Review",
    propOrder = {"reviewer", "location", "date", "rating", "headline", "text", "helpfulVotes"})
public final class Review {

  private String reviewer;
  private String location;
  private String date;
  private int rating;
  private String headline;
  private String text;
  private int helpfulVotes;

  /** For JAXB only. */
  Review() {}

  Review(
      String reviewer,
      String location,
      String date,
      int rating,
      String headline,
      String text,
      int helpfulVotes) {
    this.reviewer = requireNonNull(reviewer, "reviewer");
    this.location = requireNonNull(location, "location");
    this.date = requireNonNull(date, "date");
    this.rating = rating;
    this.headline = requireNonNull(headline, "headline");
    this.text = requireNonNull(text, "text");
    this.helpfulVotes = helpfulVotes;
  }

  public String reviewer() {
    return reviewer;
  }

  public String location() {
    return location;
  }

  /** The day the review was written, ISO-8601 ({@code 2021-03-14}). */
  public String date() {
    return date;
  }

  /** The stars given, 1 to 5. */
  public int rating() {
    return rating;
  }

  public String headline() {
    return headline;
  }

  public String text() {
    return text;
  }

  /** How many readers found the review helpful. */
  public int helpfulVotes() {
    return helpfulVotes;
  }
}

package io.wsqos.examples.bookstore;

import java.util.ArrayList;
import java.util.List;

/** The writing styles of the catalogue: blurbs, reviews, author notes, hints. */
final class Styles {

  private static final int RICH_WEIGHT = 6;

  private static final List<String> NOVEL_TEMPLATES = WordLists.load("novel-templates");

  private static final List<String> NONFICTION_TEMPLATES = WordLists.load("nonfiction-templates");

  private static final List<String> REVIEW_TEMPLATES = WordLists.load("review-templates");

  private static final List<String> AUTHOR_TEMPLATES = WordLists.load("author-templates");

  private static final List<String> BLURB_CLOSERS = WordLists.load("blurb-closers");

  /** The publisher's blurb for a novel. */
  static final Prose NOVEL =
      new Prose(
          NOVEL_TEMPLATES,
          WordLists.load("novel-openers"),
          WordLists.load("novel-subjects"),
          weighted(
              WordLists.load("novel-predicates-rich"), WordLists.load("novel-predicates-plain")),
          BLURB_CLOSERS);

  /** The publisher's blurb for a non-fiction book. */
  static final Prose NONFICTION =
      new Prose(
          NONFICTION_TEMPLATES,
          WordLists.load("nonfiction-openers"),
          WordLists.load("nonfiction-subjects"),
          weighted(
              WordLists.load("nonfiction-predicates-rich"),
              WordLists.load("nonfiction-predicates-plain")),
          BLURB_CLOSERS);

  private static final List<String> REVIEW_OPENERS = WordLists.load("review-openers");

  private static final List<String> REVIEW_CLOSERS = WordLists.load("review-closers");

  /** A user review of a novel. */
  static final Prose REVIEW =
      new Prose(
          REVIEW_TEMPLATES,
          REVIEW_OPENERS,
          WordLists.load("review-subjects"),
          weighted(
              WordLists.load("review-predicates-rich"), WordLists.load("review-predicates-plain")),
          REVIEW_CLOSERS);

  /** A user review of a non-fiction book. */
  static final Prose NONFICTION_REVIEW =
      new Prose(
          WordLists.load("nonfiction-review-templates"),
          REVIEW_OPENERS,
          WordLists.load("nonfiction-review-subjects"),
          weighted(
              WordLists.load("nonfiction-review-predicates-rich"),
              WordLists.load("nonfiction-review-predicates-plain")),
          REVIEW_CLOSERS);

  /** The note about the author. */
  static final Prose AUTHOR =
      new Prose(
          AUTHOR_TEMPLATES,
          WordLists.load("author-openers"),
          WordLists.load("author-subjects"),
          WordLists.load("author-predicates"),
          WordLists.load("author-closers"));

  static final List<String> HEADLINES = WordLists.load("headlines");

  static final List<String> SIMILAR_REASONS = WordLists.load("similar-reasons");

  /** Reading hints for a novel. */
  static final List<String> HINTS = WordLists.load("hints");

  /** Reading hints for a non-fiction book. */
  static final List<String> NONFICTION_HINTS = WordLists.load("nonfiction-hints");

  /**
   * The plain fragments plus the rich ones (mostly slots) {@value #RICH_WEIGHT} times over: the
   * more often rich fragments are picked, the fewer long phrases repeat, as in real writing.
   */
  private static List<String> weighted(List<String> rich, List<String> plain) {
    List<String> all = new ArrayList<>(plain);
    for (int i = 0; i < RICH_WEIGHT; i++) {
      all.addAll(rich);
    }
    return all;
  }

  private Styles() {}
}

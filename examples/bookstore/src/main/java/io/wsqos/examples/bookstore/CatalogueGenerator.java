package io.wsqos.examples.bookstore;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * Generates the catalogue from one seed. All randomness comes from one {@link Random}, whose
 * algorithm the JDK specifies, and is drawn in a fixed order, so a seed always gives the same
 * books.
 */
final class CatalogueGenerator {

  /**
   * How much text each of the first books carries. These are the books the sample requests ask for,
   * sized so that the responses match Table 4 of the seed: lite information for the first book is
   * 3366 bytes of SOAP body, heavy information for the first 1, 2, 3 and 5 books is 16055, 28153,
   * 36049 and 50205 bytes. The other books draw their sizes at random.
   */
  static final List<Profile> FEATURED_PROFILES =
      List.of(
          new Profile(false, 2670, 4300, 6, 700, 5, 4),
          new Profile(true, 1500, 4450, 4, 650, 4, 3),
          new Profile(false, 900, 2750, 2, 600, 3, 2),
          new Profile(false, 800, 3150, 1, 600, 2, 2),
          new Profile(true, 800, 3150, 1, 600, 2, 2));

  private static final int LAST_REVIEW_YEAR = 2025;

  private static final Set<String> SMALL_WORDS = Set.of("a", "an", "and", "of", "the", "in", "to");

  /**
   * The text budget of one book, in characters of generated prose.
   *
   * @param nonFiction whether the book is non-fiction (changes the blurb's templates)
   * @param summaryChars the lite summary's minimum length
   * @param descriptionChars the full description's minimum length
   * @param reviews how many user reviews
   * @param reviewChars the minimum length of one review's text
   * @param similarBooks how many similar books
   * @param hints how many reading hints
   */
  record Profile(
      boolean nonFiction,
      int summaryChars,
      int descriptionChars,
      int reviews,
      int reviewChars,
      int similarBooks,
      int hints) {}

  /** What the second pass needs to know about a book beyond its {@link BookInfo}. */
  private record Draft(BookInfo info, Profile profile, Map<String, String> context) {}

  private final Random random;
  private final TextGenerator text;

  private CatalogueGenerator(long seed) {
    this.random = new Random(seed);
    this.text = new TextGenerator(random);
  }

  /** Generates {@code sizeBooks} books, the featured ones first. */
  static List<BookDetails> generate(long seed, int sizeBooks) {
    if (sizeBooks < FEATURED_PROFILES.size()) {
      throw new IllegalArgumentException(
          "sizeBooks: " + sizeBooks + " (expected: >= " + FEATURED_PROFILES.size() + ")");
    }
    return new CatalogueGenerator(seed).books(sizeBooks);
  }

  private List<BookDetails> books(int sizeBooks) {
    List<Draft> drafts = new ArrayList<>(sizeBooks);
    for (int i = 0; i < sizeBooks; i++) {
      Profile profile = i < FEATURED_PROFILES.size() ? FEATURED_PROFILES.get(i) : randomProfile();
      drafts.add(draft(i, profile));
    }
    List<BookDetails> books = new ArrayList<>(sizeBooks);
    for (Draft draft : drafts) {
      books.add(details(draft, drafts));
    }
    return List.copyOf(books);
  }

  private Profile randomProfile() {
    return new Profile(
        random.nextInt(4) == 0,
        text.between(600, 2600),
        text.between(1000, 3500),
        text.between(0, 14),
        text.between(250, 700),
        text.between(2, 6),
        text.between(1, 5));
  }

  private Draft draft(int index, Profile profile) {
    String author = person();
    List<String> authors = new ArrayList<>(List.of(author));
    if (random.nextInt(5) == 0) {
      authors.add(person());
    }
    String genre = profile.nonFiction() ? nonFictionGenre() : fictionGenre();
    String title = profile.nonFiction() ? nonFictionTitle() : novelTitle();
    int variant = random.nextInt(3);
    String subtitle =
        profile.nonFiction()
            ? switch (variant) {
              case 0 -> "A Practical Guide";
              case 1 -> "A New History";
              default -> "Lessons from " + text.pick(Words.CITIES);
            }
            : switch (variant) {
              case 0 -> "A Novel";
              case 1 -> "A " + text.pick(Words.CITIES) + " Mystery";
              default -> "A Novel of " + text.pick(Words.REGIONS);
            };
    int year = text.between(1998, LAST_REVIEW_YEAR - 1);
    BigDecimal rating =
        BigDecimal.valueOf(text.between(30, 49))
            .divide(BigDecimal.TEN, 1, RoundingMode.UNNECESSARY);

    Map<String, String> context = new HashMap<>();
    context.put("author", author);
    context.put("hero", text.pick(Words.FIRST_NAMES) + " " + text.pick(Words.LAST_NAMES));
    context.put("title", title);
    context.put("kind", genre.toLowerCase(Locale.ROOT));

    BookInfo info =
        new BookInfo(
            isbn(index),
            title,
            subtitle,
            authors,
            text.pick(Words.PUBLISHERS),
            year,
            text.pick(Words.EDITIONS),
            text.pick(Words.LANGUAGES),
            text.pick(Words.FORMATS),
            text.between(180, 720),
            new BigDecimal(text.between(7, 45) + (random.nextBoolean() ? ".99" : ".50")),
            "USD",
            text.between(0, 120),
            rating,
            text.between(profile.reviews(), profile.reviews() * 9 + 12),
            categories(genre),
            text.paragraph(blurb(profile), context, profile.summaryChars()));
    return new Draft(info, profile, Map.copyOf(context));
  }

  private BookDetails details(Draft draft, List<Draft> all) {
    Profile profile = draft.profile();
    Map<String, String> context = draft.context();
    String description = text.paragraph(blurb(profile), context, profile.descriptionChars());
    String aboutTheAuthor = text.paragraph(Styles.AUTHOR, context, text.between(250, 450));

    List<String> contents = new ArrayList<>();
    int chapters = text.between(8, 14);
    for (int i = 1; i <= chapters; i++) {
      contents.add(i + ". " + text.pick(Words.CHAPTER_WORDS));
    }

    List<Review> reviews = new ArrayList<>(profile.reviews());
    for (int i = 0; i < profile.reviews(); i++) {
      reviews.add(review(draft, all, profile.reviewChars()));
    }
    reviews.sort(Comparator.comparingInt(Review::helpfulVotes).reversed());

    List<SimilarBook> similar = new ArrayList<>(profile.similarBooks());
    for (int i = 0; i < profile.similarBooks(); i++) {
      BookInfo other = otherThan(draft, all).info();
      similar.add(
          new SimilarBook(
              other.isbn(),
              other.title(),
              other.authors().get(0),
              other.price(),
              other.rating(),
              text.sentence(text.pick(Styles.SIMILAR_REASONS), context)));
    }

    List<String> hintTemplates =
        new ArrayList<>(profile.nonFiction() ? Styles.NONFICTION_HINTS : Styles.HINTS);
    Collections.shuffle(hintTemplates, random);
    List<String> hints = new ArrayList<>(profile.hints());
    for (String template : hintTemplates.subList(0, profile.hints())) {
      hints.add(text.sentence(template, context));
    }
    return new BookDetails(
        draft.info(), description, aboutTheAuthor, contents, reviews, similar, hints);
  }

  private Review review(Draft draft, List<Draft> all, int reviewChars) {
    Map<String, String> context = new HashMap<>(draft.context());
    context.put("other", otherThan(draft, all).info().title());
    int stars = Math.max(1, Math.min(5, draft.info().rating().intValue() + text.between(-1, 1)));
    LocalDate published = LocalDate.of(draft.info().year(), 1, 1);
    LocalDate date =
        published.plusDays(random.nextInt(365 * (LAST_REVIEW_YEAR - draft.info().year())));
    return new Review(
        text.pick(Words.FIRST_NAMES) + " " + text.pick(Words.LAST_NAMES).charAt(0) + ".",
        text.pick(Words.REVIEW_LOCATIONS),
        date.toString(),
        stars,
        text.sentence(text.pick(Styles.HEADLINES), context),
        text.paragraph(
            draft.profile().nonFiction() ? Styles.NONFICTION_REVIEW : Styles.REVIEW,
            context,
            reviewChars + text.between(-60, 60)),
        text.between(0, 240));
  }

  private Draft otherThan(Draft draft, List<Draft> all) {
    Draft other = draft;
    for (int guard = 0; other == draft && guard < 100; guard++) {
      other = text.pick(all);
    }
    return other;
  }

  private static Prose blurb(Profile profile) {
    return profile.nonFiction() ? Styles.NONFICTION : Styles.NOVEL;
  }

  private String person() {
    return text.pick(Words.FIRST_NAMES) + " " + text.pick(Words.LAST_NAMES);
  }

  private String fictionGenre() {
    return text.pick(Words.GENRES.subList(0, 8));
  }

  private String nonFictionGenre() {
    return text.pick(Words.GENRES.subList(8, Words.GENRES.size()));
  }

  private String novelTitle() {
    switch (random.nextInt(4)) {
      case 0:
        return "The " + text.pick(Words.TITLE_ADJECTIVES) + " " + text.pick(Words.TITLE_NOUNS);
      case 1:
        return "The " + text.pick(Words.TITLE_NOUNS) + " of " + text.pick(Words.CITIES);
      case 2:
        return text.pick(Words.TITLE_NOUNS) + " and " + text.pick(Words.TITLE_NOUNS);
      default:
        return "A " + text.pick(Words.TITLE_ADJECTIVES) + " " + text.pick(Words.TITLE_NOUNS);
    }
  }

  private String nonFictionTitle() {
    String topic = text.pick(Words.TOPICS);
    String capitalized = titleCase(topic);
    switch (random.nextInt(3)) {
      case 0:
        return "Understanding " + capitalized;
      case 1:
        return "The Art of " + capitalized;
      default:
        return capitalized + " in Practice";
    }
  }

  /** Capitalizes every word but the short function words, as book titles are written. */
  static String titleCase(String text) {
    StringBuilder out = new StringBuilder(text.length());
    String[] words = text.split(" ");
    for (int i = 0; i < words.length; i++) {
      String word = words[i];
      if (i > 0) {
        out.append(' ');
      }
      boolean minor = i > 0 && SMALL_WORDS.contains(word);
      out.append(minor ? word : Character.toUpperCase(word.charAt(0)) + word.substring(1));
    }
    return out.toString();
  }

  private List<String> categories(String genre) {
    String second = text.pick(Words.GENRES);
    return second.equals(genre) ? List.of(genre) : List.of(genre, second);
  }

  /**
   * A valid ISBN-13 for the book at {@code index}: prefix 978-1, a four-digit publisher block and a
   * four-digit title number, then the check digit.
   */
  static String isbn(int index) {
    String first12 =
        String.format(Locale.ROOT, "9781%04d%04d", 4000 + index / 10_000, index % 10_000);
    return first12 + Isbn.checkDigit(first12);
  }
}

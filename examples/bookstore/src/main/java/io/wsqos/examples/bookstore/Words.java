package io.wsqos.examples.bookstore;

import java.util.List;
import java.util.Map;

/**
 * The vocabulary the catalogue is written with: names, places, publishers and the words that fill
 * the sentence templates of {@link TextGenerator}. Large enough that the text compresses like real
 * prose (about threefold with gzip), not like one string repeated.
 */
final class Words {

  static final List<String> FIRST_NAMES = WordLists.load("first-names");

  static final List<String> LAST_NAMES = WordLists.load("last-names");

  static final List<String> PUBLISHERS = WordLists.load("publishers");

  static final List<String> CITIES = WordLists.load("cities");

  static final List<String> REGIONS = WordLists.load("regions");

  static final List<String> ERAS = WordLists.load("eras");

  static final List<String> PROFESSIONS = WordLists.load("professions");

  static final List<String> RELATIVES = WordLists.load("relatives");

  static final List<String> ADJECTIVES = WordLists.load("adjectives");

  static final List<String> PLACES = WordLists.load("places");

  static final List<String> OBJECTS = WordLists.load("objects");

  static final List<String> SECRETS = WordLists.load("secrets");

  static final List<String> THEMES = WordLists.load("themes");

  static final List<String> TOPICS = WordLists.load("topics");

  static final List<String> GENRES = WordLists.load("genres");

  static final List<String> QUALITIES = WordLists.load("qualities");

  static final List<String> PRAISE_VERBS = WordLists.load("praise-verbs");

  static final List<String> STORY_PARTS = WordLists.load("story-parts");

  static final List<String> READING_OCCASIONS = WordLists.load("reading-occasions");

  static final List<String> CHAPTER_WORDS = WordLists.load("chapter-words");

  static final List<String> TITLE_NOUNS = WordLists.load("title-nouns");

  static final List<String> TITLE_ADJECTIVES = WordLists.load("title-adjectives");

  static final List<String> LANGUAGES = WordLists.load("languages");

  static final List<String> FORMATS = WordLists.load("formats");

  static final List<String> EDITIONS = WordLists.load("editions");

  static final List<String> REVIEW_LOCATIONS = WordLists.load("review-locations");

  static final List<String> MONTHS = WordLists.load("months");

  static final List<String> NOUNS = WordLists.load("nouns");

  static final List<String> VERBS = WordLists.load("verbs");

  /** Placeholder name to word list, for the sentence templates. */
  static final Map<String, List<String>> SLOTS =
      Map.ofEntries(
          Map.entry("first", FIRST_NAMES),
          Map.entry("last", LAST_NAMES),
          Map.entry("city", CITIES),
          Map.entry("region", REGIONS),
          Map.entry("era", ERAS),
          Map.entry("profession", PROFESSIONS),
          Map.entry("relative", RELATIVES),
          Map.entry("adj", ADJECTIVES),
          Map.entry("place", PLACES),
          Map.entry("object", OBJECTS),
          Map.entry("secret", SECRETS),
          Map.entry("theme", THEMES),
          Map.entry("topic", TOPICS),
          Map.entry("quality", QUALITIES),
          Map.entry("praise", PRAISE_VERBS),
          Map.entry("part", STORY_PARTS),
          Map.entry("occasion", READING_OCCASIONS),
          Map.entry("genre", GENRES),
          Map.entry("month", MONTHS),
          Map.entry("noun", NOUNS),
          Map.entry("verb", VERBS));

  private Words() {}
}

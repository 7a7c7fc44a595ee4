package io.wsqos.examples.bookstore;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Writes English prose in the {@link Prose} styles of {@link Styles}, filling its templates with
 * words from {@link Words} and drawing from one seeded {@link Random} so that the same seed always
 * gives the same text. Templates name their slots in braces: {@code {city}} takes a word from a
 * list of {@link Words#SLOTS}, {@code {a:adj}} adds the right indefinite article, and any other
 * name is looked up in the caller's context (the book's hero, author, title).
 */
final class TextGenerator {

  private final Random random;

  TextGenerator(Random random) {
    this.random = requireNonNull(random, "random");
  }

  /** Picks one element of {@code list}. */
  <T> T pick(List<T> list) {
    return list.get(random.nextInt(list.size()));
  }

  /** An integer in {@code [min, max]}. */
  int between(int min, int max) {
    return min + random.nextInt(max - min + 1);
  }

  /**
   * Joins sentences drawn from {@code templates} until the text holds at least {@code minChars}
   * characters, so that callers control sizes without cutting words.
   */
  String paragraph(Prose prose, Map<String, String> context, int minChars) {
    StringBuilder text = new StringBuilder(minChars + 200);
    int guard = 0;
    while (text.length() < minChars && guard++ < 10_000) {
      if (text.length() > 0) {
        text.append(' ');
      }
      text.append(sentence(prose, context));
    }
    return text.toString();
  }

  /**
   * One sentence of {@code prose}: mostly composed from an opener, a subject, a predicate and a
   * closer, sometimes a whole template, so that few long phrases repeat as they would not in real
   * writing.
   */
  String sentence(Prose prose, Map<String, String> context) {
    if (prose.subjects().isEmpty() || random.nextInt(16) == 0) {
      return sentence(pick(prose.templates()), context);
    }
    String template =
        pick(prose.openers())
            + pick(prose.subjects())
            + " "
            + pick(prose.predicates())
            + pick(prose.closers())
            + ".";
    return sentence(template, context);
  }

  /** Fills one template, see the class comment for its slots. */
  String sentence(String template, Map<String, String> context) {
    StringBuilder out = new StringBuilder(template.length() + 64);
    int i = 0;
    while (i < template.length()) {
      char c = template.charAt(i);
      if (c != '{') {
        out.append(c);
        i++;
        continue;
      }
      int end = template.indexOf('}', i);
      String slot = template.substring(i + 1, end);
      boolean article = slot.startsWith("a:");
      String word = fill(article ? slot.substring(2) : slot, context);
      if (article) {
        out.append(startsWithVowel(word) ? "an " : "a ");
      }
      out.append(word);
      i = end + 1;
    }
    capitalizeFirst(out);
    return out.toString();
  }

  private String fill(String slot, Map<String, String> context) {
    switch (slot) {
      case "year":
        return Integer.toString(between(1890, 2024));
      case "n":
        return Integer.toString(between(2, 60));
      default:
        break;
    }
    List<String> words = Words.SLOTS.get(slot);
    if (words != null) {
      return pick(words);
    }
    String value = context.get(slot);
    if (value == null) {
      throw new IllegalArgumentException(
          "slot: "
              + slot
              + " (expected: one of "
              + Words.SLOTS.keySet()
              + " or "
              + context.keySet()
              + ")");
    }
    return value;
  }

  private static boolean startsWithVowel(String word) {
    return !word.isEmpty() && "aeiouAEIOU".indexOf(word.charAt(0)) >= 0;
  }

  private static void capitalizeFirst(StringBuilder out) {
    if (out.length() > 0) {
      out.setCharAt(0, Character.toUpperCase(out.charAt(0)));
    }
  }
}

package io.wsqos.examples.bookstore;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.List;

/**
 * Reads the word lists and sentence fragments of {@link Words} and {@link Styles} from the resource
 * files {@code words/NAME.txt} next to this class: UTF-8, one entry per line, every line taken
 * verbatim (an empty line is an empty fragment; leading and trailing spaces are part of a
 * fragment), each line ending with a newline. The constants holding them are loaded once, when
 * their class is.
 */
final class WordLists {

  private WordLists() {}

  /**
   * The entries of {@code words/NAME.txt}, in file order.
   *
   * @throws IllegalStateException if the resource is missing or does not end with a newline
   */
  static List<String> load(String name) {
    String resource = "words/" + name + ".txt";
    try (InputStream in = WordLists.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException("word list " + resource + " not found on the class path");
      }
      String text = new String(in.readAllBytes(), UTF_8);
      if (!text.endsWith("\n")) {
        throw new IllegalStateException(
            "word list " + resource + ": last line (expected: ends with a newline)");
      }
      return List.copyOf(Arrays.asList(text.substring(0, text.length() - 1).split("\n", -1)));
    } catch (IOException e) {
      throw new UncheckedIOException("word list " + resource, e);
    }
  }
}

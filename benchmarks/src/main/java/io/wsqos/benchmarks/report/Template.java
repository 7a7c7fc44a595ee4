package io.wsqos.benchmarks.report;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Report prose kept as Markdown in {@code src/main/resources}, with {@code {{name}}} placeholders
 * that {@link #render} fills: the words of a report are edited as text, the figures come from the
 * code.
 */
public final class Template {

  private static final Pattern PLACEHOLDER = Pattern.compile("\\{\\{([a-zA-Z0-9_-]+)}}");

  private Template() {}

  /**
   * The text of the class-path resource {@code path} (relative to this package's root, e.g. {@code
   * experiment/diffserv-share.md}), its final newline removed.
   *
   * @throws IllegalArgumentException if there is no such resource
   */
  public static String text(String path) {
    requireNonNull(path, "path");
    try (InputStream in = Template.class.getResourceAsStream("/io/wsqos/benchmarks/" + path)) {
      if (in == null) {
        throw new IllegalArgumentException(
            "template: " + path + " (expected: a resource under io/wsqos/benchmarks/)");
      }
      String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      return text.endsWith("\n") ? text.substring(0, text.length() - 1) : text;
    } catch (IOException e) {
      throw new UncheckedIOException("template: " + path, e);
    }
  }

  /**
   * The resource {@code path} with every {@code {{name}}} replaced by {@code
   * String.valueOf(values.get(name))}.
   *
   * @throws IllegalArgumentException if a placeholder has no value, or a value no placeholder
   */
  public static String render(String path, Map<String, ?> values) {
    String text = text(path);
    Matcher m = PLACEHOLDER.matcher(text);
    StringBuilder out = new StringBuilder();
    TreeSet<String> unused = new TreeSet<>(values.keySet());
    while (m.find()) {
      String name = m.group(1);
      if (!values.containsKey(name)) {
        throw new IllegalArgumentException(
            "template " + path + ": {{" + name + "}} (expected: one of " + values.keySet() + ")");
      }
      unused.remove(name);
      m.appendReplacement(out, Matcher.quoteReplacement(String.valueOf(values.get(name))));
    }
    m.appendTail(out);
    if (!unused.isEmpty()) {
      throw new IllegalArgumentException(
          "template " + path + ": " + unused + " (expected: a placeholder for each value)");
    }
    return out.toString();
  }

  /**
   * The resource {@code path}, a Markdown list of one line per item ({@code - item}), {@link
   * #render}ed and split into its items without the {@code - }: a report's settings.
   *
   * @throws IllegalArgumentException as {@link #render}, or if a line is not an item
   */
  public static List<String> items(String path, Map<String, ?> values) {
    return render(path, values)
        .lines()
        .map(
            line -> {
              if (!line.startsWith("- ")) {
                throw new IllegalArgumentException(
                    "template " + path + ": '" + line + "' (expected: a line starting with '- ')");
              }
              return line.substring(2);
            })
        .toList();
  }
}

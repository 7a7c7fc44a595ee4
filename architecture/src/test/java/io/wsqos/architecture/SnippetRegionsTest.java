package io.wsqos.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * README snippets that cannot rot: a README code block preceded by {@code <!-- snippet: name -->}
 * (or {@code name, other}, joined by a blank line) is the text of the region of that name in a
 * source file that compiles, between the lines ending {@code snippet-start name} and {@code
 * snippet-end name}, less their common indentation. No README of the checkout has a Java block that
 * is not such a copy.
 */
class SnippetRegionsTest {

  private static final Pattern MARKER = Pattern.compile("<!-- snippet: ([\\w\\-, ]+) -->\\n```");
  private static final Pattern START = Pattern.compile("snippet-start ([\\w\\-]+)\\s*$");
  private static final Pattern JAVA_BLOCK = Pattern.compile("(?m)^```java$");

  @Test
  void everyMarkedReadmeBlockIsTheTextOfItsRegions() {
    Map<String, String> regions = regions();
    int checked = 0;
    for (Path readme : readmes()) {
      String text = read(readme);
      Matcher marker = MARKER.matcher(text);
      while (marker.find()) {
        List<String> parts = new ArrayList<>();
        for (String name : marker.group(1).split(",")) {
          String region = regions.get(name.strip());
          assertThat(region).as("region %s named in %s", name.strip(), readme).isNotNull();
          parts.add(region);
        }
        int bodyStart = text.indexOf('\n', marker.end()) + 1;
        int bodyEnd = text.indexOf("\n```", bodyStart - 1);
        String block = text.substring(bodyStart, bodyEnd);
        assertThat(block)
            .as("the block after <!-- snippet: %s --> in %s", marker.group(1), readme)
            .isEqualTo(String.join("\n\n", parts));
        checked++;
      }
    }
    assertThat(checked).as("snippets checked").isPositive();
  }

  @Test
  void noReadmeHasAJavaBlockThatIsNotARegion() {
    List<Path> readmes = readmes();
    for (Path readme : readmes) {
      String text = read(readme);
      Matcher block = JAVA_BLOCK.matcher(text);
      while (block.find()) {
        String before = text.substring(0, block.start());
        String previousLine = before.substring(before.lastIndexOf('\n', before.length() - 2) + 1);
        assertThat(previousLine)
            .as("the line before the Java block at offset %d of %s", block.start(), readme)
            .startsWith("<!-- snippet: ");
      }
    }
    assertThat(readmes).as("READMEs found").hasSizeGreaterThan(10);
  }

  private static List<Path> readmes() {
    return files(path -> path.getFileName().toString().equals("README.md"));
  }

  @Test
  void aRegionLosesOnlyItsCommonIndentation() {
    String source =
        "class A {\n  void f() {\n    // snippet-start x\n    if (a) {\n      b();\n    }\n"
            + "\n    // snippet-end x\n  }\n}\n";

    assertThat(regionsOf(source, Path.of("A.java"))).containsEntry("x", "if (a) {\n  b();\n}");
  }

  /** Region name to its text, from every source file of the checkout. */
  private static Map<String, String> regions() {
    Map<String, String> regions = new TreeMap<>();
    for (Path file :
        files(path -> path.toString().endsWith(".java") || path.toString().endsWith(".xml"))) {
      String text = read(file);
      if (!text.contains("snippet-start ")) {
        continue;
      }
      regionsOf(text, file)
          .forEach(
              (name, region) ->
                  assertThat(regions.put(name, region))
                      .as("region %s defined once", name)
                      .isNull());
    }
    return regions;
  }

  private static Map<String, String> regionsOf(String text, Path file) {
    Map<String, String> regions = new TreeMap<>();
    List<String> lines = text.lines().toList();
    for (int i = 0; i < lines.size(); i++) {
      Matcher start = START.matcher(lines.get(i));
      if (!start.find()) {
        continue;
      }
      String name = start.group(1);
      int end = i + 1;
      while (end < lines.size() && !lines.get(end).strip().endsWith("snippet-end " + name)) {
        end++;
      }
      assertThat(end).as("snippet-end %s in %s", name, file).isLessThan(lines.size());
      List<String> body = lines.subList(i + 1, end);
      int indent =
          body.stream()
              .filter(line -> !line.isBlank())
              .mapToInt(line -> line.length() - line.stripLeading().length())
              .min()
              .orElse(0);
      StringBuilder region = new StringBuilder();
      for (String line : body) {
        region.append(line.isBlank() ? "" : line.substring(indent)).append('\n');
      }
      regions.put(name, region.toString().stripTrailing());
    }
    return regions;
  }

  private static List<Path> files(java.util.function.Predicate<Path> wanted) {
    Path root = Path.of("..").toAbsolutePath().normalize();
    try (Stream<Path> walk = Files.walk(root)) {
      return walk.filter(Files::isRegularFile)
          .filter(path -> !excluded(root.relativize(path)))
          .filter(wanted)
          .sorted()
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Build output, version control and the copies the invoker makes under target/. */
  private static boolean excluded(Path relative) {
    for (Path part : relative) {
      String name = part.toString();
      if (name.equals("target") || name.startsWith(".")) {
        return true;
      }
    }
    return false;
  }

  private static String read(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}

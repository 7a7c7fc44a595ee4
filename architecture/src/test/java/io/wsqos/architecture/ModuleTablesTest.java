package io.wsqos.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The module tables of the top README ("Project layout") and of {@code docs/architecture.md} name
 * every module of the reactor, and only those, each with the artifact its pom declares: a module
 * added, renamed or removed without its row fails the build.
 */
class ModuleTablesTest {

  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
  private static final Pattern MODULE = Pattern.compile("<module>([^<]+)</module>");
  private static final Pattern ARTIFACT =
      Pattern.compile("</parent>.*?<artifactId>([^<]+)</artifactId>", Pattern.DOTALL);
  private static final Pattern ROW =
      Pattern.compile("^\\| `([^`]+)` \\| `([^`]+)` \\|", Pattern.MULTILINE);

  @Test
  void theReadmeLayoutTableNamesEveryModuleWithItsArtifact() throws IOException {
    assertThat(rows(section(read("README.md"), "## Project layout"))).isEqualTo(reactor());
  }

  @Test
  void theArchitectureModuleTableNamesEveryModuleWithItsArtifact() throws IOException {
    assertThat(rows(section(read("docs/architecture.md"), "## Modules"))).isEqualTo(reactor());
  }

  /** Module directory to artifact id, sorted by directory, from the parent pom and each pom. */
  private static Map<String, String> reactor() throws IOException {
    Map<String, String> modules = new TreeMap<>();
    Matcher m = MODULE.matcher(read("pom.xml"));
    while (m.find()) {
      String directory = m.group(1).trim();
      Matcher artifact = ARTIFACT.matcher(read(directory + "/pom.xml"));
      assertThat(artifact.find()).as(directory + "/pom.xml declares its artifactId").isTrue();
      modules.put(directory, artifact.group(1));
    }
    assertThat(modules).as("modules of the parent pom").isNotEmpty();
    return modules;
  }

  private static Map<String, String> rows(String table) {
    Map<String, String> rows = new LinkedHashMap<>();
    Matcher m = ROW.matcher(table);
    while (m.find()) {
      rows.put(m.group(1), m.group(2));
    }
    return new TreeMap<>(rows);
  }

  /** The text from {@code heading} to the next heading of the same level. */
  private static String section(String text, String heading) {
    int start = text.indexOf("\n" + heading + "\n");
    assertThat(start).as("heading " + heading).isNotNegative();
    String level = heading.substring(0, heading.indexOf(' ') + 1);
    int end = text.indexOf("\n" + level, start + heading.length() + 1);
    return text.substring(start, end < 0 ? text.length() : end);
  }

  private static String read(String relative) throws IOException {
    return Files.readString(ROOT.resolve(relative));
  }
}

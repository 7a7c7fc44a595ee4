package io.wsqos.architecture;

import static org.assertj.core.api.Assertions.assertThat;

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

  private static final Pattern ROW =
      Pattern.compile("^\\| `([^`]+)` \\| `([^`]+)` \\|", Pattern.MULTILINE);

  @Test
  void theReadmeLayoutTableNamesEveryModuleWithItsArtifact() {
    assertThat(rows(Reactor.section(Reactor.read("README.md"), "## Project layout")))
        .isEqualTo(reactor());
  }

  @Test
  void theArchitectureModuleTableNamesEveryModuleWithItsArtifact() {
    assertThat(rows(Reactor.section(Reactor.read("docs/architecture.md"), "## Modules")))
        .isEqualTo(reactor());
  }

  /** Module directory to artifact id, sorted by directory, from the parent pom and each pom. */
  private static Map<String, String> reactor() {
    Map<String, String> modules = Reactor.artifacts();
    assertThat(modules).as("modules of the parent pom").isNotEmpty();
    return modules;
  }

  private static Map<String, String> rows(String table) {
    Map<String, String> rows = new TreeMap<>();
    Matcher m = ROW.matcher(table);
    while (m.find()) {
      rows.put(m.group(1), m.group(2));
    }
    return rows;
  }
}

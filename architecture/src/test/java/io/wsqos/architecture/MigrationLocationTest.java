package io.wsqos.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * No module ships Flyway migrations under Flyway's default location, {@code db/migration}: an
 * application's own Flyway (Spring Boot's runs by itself) scans it with its subfolders and would
 * run wsqos's migrations against the application's database, or refuse to start on their versions.
 */
class MigrationLocationTest {

  @Test
  void noModuleShipsResourcesUnderFlywaysDefaultLocation() {
    for (String module : Reactor.artifacts().keySet()) {
      assertThat(Path.of("..", module, "src/main/resources/db/migration"))
          .as("migrations of %s under db/migration", module)
          .matches(path -> !Files.exists(path));
    }
  }
}

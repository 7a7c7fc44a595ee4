package io.wsqos.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * {@code wsqos-bom} manages every artifact the reactor installs, at the reactor's version, and
 * nothing else: importing it must not pin a user's own libraries, so it has no parent either (an
 * imported BOM brings its parent's {@code dependencyManagement} along).
 */
class BomTest {

  private static final String BOM = "bom";

  @Test
  void theBomManagesEveryInstalledArtifactOfTheReactorAndNothingElse() {
    Set<String> expected = new TreeSet<>();
    for (Map.Entry<String, String> module : Reactor.artifacts().entrySet()) {
      boolean installed =
          !Reactor.has(module.getKey(), "/project/properties/maven.install.skip")
              && !module.getKey().equals(BOM);
      if (installed) {
        String coordinates = "io.wsqos:" + module.getValue();
        if (Reactor.has(module.getKey(), "/project/packaging[text()='war']")) {
          expected.add(coordinates + ":war");
          expected.add(coordinates + ":classes");
        } else {
          expected.add(coordinates);
        }
      }
    }

    assertThat(new TreeSet<>(Reactor.managed(BOM))).isEqualTo(expected);
  }

  @Test
  void theBomHasNoParentAndTheReactorsVersion() {
    assertThat(Reactor.has(BOM, "/project/parent")).isFalse();
    assertThat(Reactor.value(BOM, "/project/version"))
        .isEqualTo(Reactor.value(".", "/project/version"));
    assertThat(Reactor.has(BOM, "/project/dependencies")).isFalse();
  }
}

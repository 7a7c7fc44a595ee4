package io.wsqos.binding;

import static org.assertj.core.api.Assertions.assertThat;

import io.wsqos.testing.ChildJvm;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's program exits by itself once it has closed what it opened (the RMI export, the
 * server, the proxy's pools): no thread of the library keeps its JVM alive.
 */
class ReadmeProgramTest {

  @TempDir Path directory;

  @Test
  void theReadmesProgramPrintsItsChoiceAndExits() {
    try (ChildJvm program = ChildJvm.builder(ReadmeProgram.class).logDirectory(directory).start()) {
      int status = program.awaitExit(Duration.ofMinutes(2));

      assertThat(status).as(program.log()).isZero();
      assertThat(program.stdout()).contains("binding: ").contains("because: ");
    }
  }
}

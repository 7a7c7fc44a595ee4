package io.wsqos.broker.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** broker/README.md's configuration table is the one {@link BrokerOptions} renders. */
class ReadmeConfigurationTest {

  @Test
  void theReadmeTableIsTheOptionsTable() throws Exception {
    String readme = Files.readString(Path.of("../README.md"));

    assertThat(readme).contains(BrokerOptions.OPTIONS.markdownTable());
  }
}

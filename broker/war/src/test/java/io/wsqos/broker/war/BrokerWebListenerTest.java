package io.wsqos.broker.war;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.wsqos.broker.app.BrokerOptions;
import io.wsqos.cli.Arguments;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where the WAR reads its options: the jar's own, from a file and the environment. */
class BrokerWebListenerTest {

  @TempDir Path directory;

  @Test
  void theContextParameterNamesThePropertiesFileAndWinsOverTheEnvironmentsFile() throws Exception {
    Path context = Files.writeString(directory.resolve("context.properties"), "pool-size=7\n");
    Path env =
        Files.writeString(directory.resolve("env.properties"), "pool-size=3\nreads=closed\n");

    Arguments arguments =
        BrokerWebListener.arguments(
            " " + context + " ", Map.of("WSQOS_BROKER_CONFIG", env.toString()));

    assertThat(arguments.get(BrokerOptions.POOL_SIZE)).isEqualTo(7);
    assertThat(arguments.get(BrokerOptions.READS))
        .as("the other file is not read")
        .isEqualTo("open");
  }

  @Test
  void withoutTheParameterTheEnvironmentNamesTheFileAndItsVariablesWin() throws Exception {
    Path env =
        Files.writeString(directory.resolve("env.properties"), "pool-size=3\nreads=closed\n");

    Arguments arguments =
        BrokerWebListener.arguments(
            null, Map.of("WSQOS_BROKER_CONFIG", env.toString(), "WSQOS_BROKER_POOL_SIZE", "5"));

    assertThat(arguments.get(BrokerOptions.POOL_SIZE)).isEqualTo(5);
    assertThat(arguments.get(BrokerOptions.READS)).isEqualTo("closed");
    assertThat(BrokerWebListener.arguments("", Map.of()).get(BrokerOptions.POOL_SIZE))
        .as("a blank parameter names no file")
        .isEqualTo(BrokerOptions.POOL_SIZE.defaultValue());
  }

  @Test
  void aBadValueOrAMissingFileIsRefusedNamingWhereItWasWritten() {
    assertThatThrownBy(
            () -> BrokerWebListener.arguments(null, Map.of("WSQOS_BROKER_POOL_SIZE", "many")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("WSQOS_BROKER_POOL_SIZE");
    Path missing = directory.resolve("missing.properties");
    assertThatThrownBy(() -> BrokerWebListener.arguments(missing.toString(), Map.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(missing.toString());
  }
}

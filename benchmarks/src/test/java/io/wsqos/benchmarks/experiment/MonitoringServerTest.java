package io.wsqos.benchmarks.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class MonitoringServerTest {

  @Test
  void h2SettingsReplaceTheRecommendedOnesOnTheLogsOwnFile() {
    Args with =
        Args.parse(List.of("--h2-settings=CACHE_SIZE=256;WRITE_DELAY=100"), Set.of("h2-settings"));
    Args without = Args.parse(List.of(), Set.of("h2-settings"));

    assertThat(MonitoringServer.logFileUrl(Path.of("/tmp/x"), with))
        .isEqualTo(
            "jdbc:h2:file:/tmp/x/"
                + MonitoringServer.DATABASE_NAME
                + ";CACHE_SIZE=256;WRITE_DELAY=100");
    assertThat(MonitoringServer.logFileUrl(Path.of("/tmp/x"), without))
        .isEqualTo(MonitoringServer.jdbcUrl(Path.of("/tmp/x")))
        .isEqualTo("jdbc:h2:file:/tmp/x/" + MonitoringServer.DATABASE_NAME + ";CACHE_SIZE=1024");
    assertThat(MonitoringServer.h2Settings(without)).isEmpty();
  }
}

package io.wsqos.benchmarks.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import io.wsqos.cli.Arguments;
import io.wsqos.cli.Options;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class ClientMonitorTest {

  @Test
  void h2SettingsReplaceTheRecommendedOnesOnTheLogsOwnFile() {
    Arguments with = parse(List.of("--h2-settings=CACHE_SIZE=256;WRITE_DELAY=100"));
    Arguments without = parse(List.of());

    assertThat(ClientMonitor.logFileUrl(Path.of("/tmp/x"), with))
        .isEqualTo(
            "jdbc:h2:file:/tmp/x/"
                + ClientMonitor.DATABASE_NAME
                + ";CACHE_SIZE=256;WRITE_DELAY=100");
    assertThat(ClientMonitor.logFileUrl(Path.of("/tmp/x"), without))
        .isEqualTo(ClientMonitor.jdbcUrl(Path.of("/tmp/x")))
        .isEqualTo(
            "jdbc:h2:file:/tmp/x/"
                + ClientMonitor.DATABASE_NAME
                + ";CACHE_SIZE=1024;WRITE_DELAY=0");
    assertThat(ClientMonitor.h2Settings(without)).isEmpty();
  }

  private static Arguments parse(List<String> argv) {
    return Options.of("MonitoringClient", "test", ClientMonitor.LOG_OPTIONS)
        .parse(argv.toArray(String[]::new));
  }
}

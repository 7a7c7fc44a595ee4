package io.wsqos.benchmarks.experiment;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class ServersTest {

  @Test
  void aCpuListThatTasksetWouldNotTakeIsRefusedBeforeAnyServerStarts() {
    for (String bad : List.of("", "a", "0;reboot", "0,", "-1", "0 1")) {
      assertThatThrownBy(() -> Options.parse(List.of("--server-cpus=" + bad), Servers.OPTIONS))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("--server-cpus: '" + bad + "'");
    }
  }
}

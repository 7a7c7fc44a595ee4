package io.wsqos.benchmarks.experiment;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class ServersTest {

  @Test
  void aCpuListThatTasksetWouldNotTakeIsRefusedBeforeAnyServerStarts() {
    for (String bad : List.of("", "a", "0;reboot", "0,", "-1", "0 1")) {
      assertThatThrownBy(() -> OptionValues.parse(Servers.OPTIONS, "--server-cpus=" + bad))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("--server-cpus: " + bad + " (expected: a CPU list such as 0 or 0,1 or 0-1)");
    }
  }
}

package io.wsqos.benchmarks.experiment;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ServersTest {

  @Test
  void aCpuListThatTasksetWouldNotTakeIsRefusedBeforeAnyServerStarts() {
    for (String bad : List.of("", "a", "0;reboot", "0,", "-1", "0 1")) {
      Args args = Args.parse(List.of("--server-cpus=" + bad), Set.of(Servers.CPUS_OPTION));

      assertThatThrownBy(() -> Servers.start(args, List.of(ServerMode.NONE)))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("--server-cpus: '" + bad + "'");
    }
  }
}

package io.wsqos.core.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class LoadProbeTest {

  @Test
  void fixedProbeAnswersItsLoadAsCurrentAndAverage() {
    LoadProbe probe = LoadProbe.fixed(0.9);

    assertThat(probe.currentLoad()).isEqualTo(0.9);
    assertThat(probe.averageLoad()).isEqualTo(0.9);
  }

  @Test
  void fixedProbeRejectsALoadOutsideZeroToOne() {
    assertThatThrownBy(() -> LoadProbe.fixed(1.7))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("load: 1.7 (expected: 0..1)");
    assertThatThrownBy(() -> LoadProbe.fixed(Double.NaN))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("load: NaN (expected: 0..1)");
  }

  @Test
  void scriptedProbeReadsIdleUntilTheTestSetsIt() {
    ScriptedLoadProbe probe = new ScriptedLoadProbe();
    double before = probe.currentLoad();

    probe.set(0.95);

    assertThat(before).isZero();
    assertThat(probe.currentLoad()).isEqualTo(0.95);
    assertThat(probe.averageLoad()).isEqualTo(0.95);
  }

  @Test
  void scriptedProbeSetsCurrentAndAverageSeparately() {
    ScriptedLoadProbe probe = new ScriptedLoadProbe(0.1);

    probe.set(0.9, 0.4);

    assertThat(probe.currentLoad()).isEqualTo(0.9);
    assertThat(probe.averageLoad()).isEqualTo(0.4);
  }

  @Test
  void scriptedProbeRejectsALoadOutsideZeroToOneAndKeepsItsValues() {
    ScriptedLoadProbe probe = new ScriptedLoadProbe(0.3);

    assertThatThrownBy(() -> probe.set(0.5, -0.1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("averageLoad: -0.1 (expected: 0..1)");
    assertThat(probe.currentLoad()).isEqualTo(0.3);
  }
}

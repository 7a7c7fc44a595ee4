package io.wsqos.testing;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** What {@link ChildJvm.Builder} refuses before any JVM starts; the JVMs are in ChildJvmIT. */
class ChildJvmTest {

  @Test
  void theStartTimeoutAndTheStopGraceMustBePositive() {
    ChildJvm.Builder builder = ChildJvm.builder(ChildJvmTest.class);

    assertThatThrownBy(() -> builder.startTimeout(Duration.ZERO))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("startTimeout: PT0S (expected: > 0)");
    assertThatThrownBy(() -> builder.stopGrace(Duration.ofSeconds(-1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("stopGrace: PT-1S (expected: > 0)");
  }
}

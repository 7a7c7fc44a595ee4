package io.wsqos.proxy;

import static io.wsqos.core.header.TransportPriority.ASSURED;
import static io.wsqos.core.header.TransportPriority.BEST_EFFORT;
import static io.wsqos.core.header.TransportPriority.EXPEDITED;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.util.Map;
import org.junit.jupiter.api.Test;

class DscpMappingTest {

  @Test
  void theDefaultsFollowRfc4594AndTheSeed() {
    DscpMapping mapping = DscpMapping.defaults();

    assertThat(mapping.asMap()).isEqualTo(Map.of(BEST_EFFORT, 0, ASSURED, 10, EXPEDITED, 46));
    assertThat(mapping.tos(ASSURED)).isEqualTo(0x28);
    assertThat(mapping.tos(EXPEDITED)).isEqualTo(0xB8);
    assertThat(mapping.tos(BEST_EFFORT)).isZero();
  }

  @Test
  void aClassCanBeGivenAnotherCodePoint() {
    DscpMapping mapping = DscpMapping.builder().dscp(ASSURED, 26).build();

    assertThat(mapping.dscp(ASSURED)).isEqualTo(26);
    assertThat(mapping.tos(ASSURED)).isEqualTo(0x68);
    assertThat(mapping.dscp(EXPEDITED)).isEqualTo(46);
    assertThat(mapping).isNotEqualTo(DscpMapping.defaults());
    assertThat(DscpMapping.builder().build()).isEqualTo(DscpMapping.defaults());
  }

  @Test
  void aCodePointOutsideSixBitsIsRefused() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> DscpMapping.builder().dscp(ASSURED, 64))
        .withMessage("dscp of assured: 64 (expected: 0..63)");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> DscpMapping.builder().dscp(EXPEDITED, -1))
        .withMessage("dscp of expedited: -1 (expected: 0..63)");
  }

  @Test
  void twoClassesCannotShareACodePoint() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> DscpMapping.builder().dscp(EXPEDITED, 10).build())
        .withMessage("dscp of expedited: 10 (expected: a DSCP other than that of assured)");
  }
}

package io.wsqos.proxy;

import static io.wsqos.core.header.TransportPriority.ASSURED;
import static io.wsqos.core.header.TransportPriority.BEST_EFFORT;
import static io.wsqos.core.header.TransportPriority.EXPEDITED;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import io.wsqos.core.entitlement.PriorityEntitlement;
import io.wsqos.core.header.ServerAction;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MarkingPolicyTest {

  private final MarkingPolicy policy =
      MarkingPolicy.of(
          DscpMapping.defaults(),
          PriorityEntitlement.of(Map.of("gold", EXPEDITED, "silver", ASSURED), BEST_EFFORT));

  @Test
  void anEntitledClientGetsTheClassItAsksForAndItsCodePoint() {
    MarkingDecision decision = policy.decide(ASSURED, "silver");

    assertThat(decision).isEqualTo(new MarkingDecision(ASSURED, ASSURED, 10));
    assertThat(decision.clamped()).isFalse();
    assertThat(decision.tos()).isEqualTo(0x28);
    assertThat(policy.decide(EXPEDITED, "gold").dscp()).isEqualTo(46);
  }

  @Test
  void aForgedHigherClassIsClampedToTheEntitlement() {
    MarkingDecision silver = policy.decide(EXPEDITED, "silver");
    MarkingDecision stranger = policy.decide(EXPEDITED, "stranger");
    MarkingDecision unknown = policy.decide(ASSURED, null);

    assertThat(silver).isEqualTo(new MarkingDecision(EXPEDITED, ASSURED, 10));
    assertThat(silver.clamped()).isTrue();
    assertThat(stranger).isEqualTo(new MarkingDecision(EXPEDITED, BEST_EFFORT, 0));
    assertThat(unknown).isEqualTo(new MarkingDecision(ASSURED, BEST_EFFORT, 0));
  }

  @Test
  void decisionsAreMadeUpFront() {
    assertThat(policy.decide(EXPEDITED, "silver")).isSameAs(policy.decide(EXPEDITED, "silver"));
  }

  @Test
  void aDecisionIsReportedInServerAction() {
    ServerAction clamped = policy.decide(EXPEDITED, "silver").report(ServerAction.NONE, true);
    ServerAction unmarked = policy.decide(ASSURED, "silver").report(ServerAction.NONE, false);

    assertThat(clamped).isEqualTo(ServerAction.NONE.withDscp(10).withClamp(ASSURED, EXPEDITED));
    assertThat(unmarked).isEqualTo(ServerAction.NONE.withGrantedPriority(ASSURED));
  }

  @Test
  void aDecisionCannotGrantMoreThanAsked() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> new MarkingDecision(BEST_EFFORT, ASSURED, 10))
        .withMessage("granted: assured (expected: at most the class requested, best-effort)");
  }
}

package io.wsqos.core.entitlement;

import static io.wsqos.core.header.TransportPriority.ASSURED;
import static io.wsqos.core.header.TransportPriority.BEST_EFFORT;
import static io.wsqos.core.header.TransportPriority.EXPEDITED;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatNullPointerException;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PriorityEntitlementTest {

  @Test
  void aClientGetsWhatItAsksUpToItsEntitlement() {
    PriorityEntitlement entitlement = PriorityEntitlement.of(Map.of("gold", ASSURED), BEST_EFFORT);

    assertThat(entitlement.grant("gold", BEST_EFFORT)).isEqualTo(BEST_EFFORT);
    assertThat(entitlement.grant("gold", ASSURED)).isEqualTo(ASSURED);
    assertThat(entitlement.grant("gold", EXPEDITED)).isEqualTo(ASSURED);
    assertThat(entitlement.grant("anyone", EXPEDITED)).isEqualTo(BEST_EFFORT);
    assertThat(entitlement.grant(null, ASSURED)).isEqualTo(BEST_EFFORT);
  }

  @Test
  void everyoneTrustsEveryRequestUpToTheClassGiven() {
    assertThat(PriorityEntitlement.everyone(EXPEDITED).grant("x", EXPEDITED)).isEqualTo(EXPEDITED);
    assertThat(PriorityEntitlement.everyone(BEST_EFFORT).grant("x", ASSURED))
        .isEqualTo(BEST_EFFORT);
  }

  @Test
  void theTableIsCopiedAndChecked() {
    Map<String, io.wsqos.core.header.TransportPriority> table = new HashMap<>();
    table.put("a", ASSURED);
    PriorityEntitlement entitlement = PriorityEntitlement.of(table, BEST_EFFORT);

    table.put("a", BEST_EFFORT);

    assertThat(entitlement.highestFor("a")).isEqualTo(ASSURED);
    table.put("b", null);
    assertThatNullPointerException()
        .isThrownBy(() -> PriorityEntitlement.of(table, BEST_EFFORT))
        .withMessage("byClient[b]");
  }

  @Test
  void anImplementationAnsweringNullIsNamedInTheFailure() {
    PriorityEntitlement broken = clientId -> null;

    assertThatNullPointerException()
        .isThrownBy(() -> broken.grant("c", ASSURED))
        .withMessage("highestFor(c)");
  }
}

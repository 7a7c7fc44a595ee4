package io.wsqos.broker.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.wsqos.broker.TestCandidates;
import io.wsqos.broker.api.Candidate;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The prices the console charts: a point per offer version, bounded, forgotten with the offer. */
class PriceHistoryTest {

  private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");

  private static Candidate offer(long id, long version, String price) {
    return TestCandidates.offer(id, version, "Acme", price, "EUR");
  }

  @Test
  void keepsOnePointPerVersionTheIndexSawAndAtMostTheBound() {
    PriceHistory history = new PriceHistory(Clock.fixed(T0, ZoneOffset.UTC), 3);

    history.indexChanged(1, List.of(offer(7, 1, "0.10")));
    history.indexChanged(2, List.of(offer(7, 1, "0.10"), offer(8, 1, "1.00")));
    history.indexChanged(3, List.of(offer(7, 2, "0.20"), offer(8, 1, "1.00")));
    history.indexChanged(4, List.of(offer(7, 3, "0.30"), offer(8, 1, "1.00")));
    history.indexChanged(5, List.of(offer(7, 4, "0.40"), offer(8, 1, "1.00")));

    assertThat(history.of(7))
        .extracting(p -> p.price().toPlainString())
        .containsExactly("0.2", "0.3", "0.4");
    assertThat(history.of(7))
        .extracting(PriceHistory.Point::offerVersion)
        .containsExactly(2L, 3L, 4L);
    assertThat(history.of(8)).singleElement().satisfies(p -> assertThat(p.at()).isEqualTo(T0));
  }

  @Test
  void anOfferLeavingTheIndexLeavesTheHistory() {
    PriceHistory history = PriceHistory.ofDefaults();
    history.indexChanged(1, List.of(offer(7, 1, "0.10")));

    history.indexChanged(2, List.of());

    assertThat(history.of(7)).isEmpty();
  }

  @Test
  void refusesABoundOutOfRange() {
    assertThatThrownBy(() -> new PriceHistory(Clock.systemUTC(), 0))
        .hasMessage("pointsPerOffer: 0 (expected: 1 to 10000)");
  }
}

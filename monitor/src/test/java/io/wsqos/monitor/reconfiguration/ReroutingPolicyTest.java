package io.wsqos.monitor.reconfiguration;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.wsqos.core.routing.EndpointCandidates;
import io.wsqos.monitor.reconfiguration.ReroutingPolicy.Decision;
import io.wsqos.testing.MutableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** The state machine alone: no thread, a clock that moves only when told. */
class ReroutingPolicyTest {

  private static final String SERVICE = "Bookstore";
  private static final String A = "http://127.0.0.1:1/a";
  private static final String B = "http://127.0.0.1:2/b";
  private static final String C = "http://127.0.0.1:3/c";
  private static final Duration COOLDOWN = Duration.ofSeconds(30);

  private final MutableClock clock = new MutableClock(Instant.parse("2026-11-23T12:00:00Z"));
  private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
  private final List<Reroute> reroutes = new CopyOnWriteArrayList<>();

  private ReroutingPolicy policy(String... endpoints) {
    return policy(EndpointCandidates.of(Map.of(SERVICE, List.of(endpoints))));
  }

  private ReroutingPolicy policy(EndpointCandidates candidates) {
    return new ReroutingPolicy(
        candidates, SERVICE, COOLDOWN, clock, registry, List.of(reroutes::add));
  }

  private double reroutes(String from, String to, String reason) {
    var counter =
        registry
            .find("wsqos.monitor.reroutes")
            .tags("service", SERVICE, "from", from, "to", to, "reason", reason)
            .counter();
    return counter == null ? 0 : counter.count();
  }

  private double skipped(String reason) {
    var counter =
        registry
            .find("wsqos.monitor.reroutes.skipped")
            .tags("service", SERVICE, "reason", reason)
            .counter();
    return counter == null ? 0 : counter.count();
  }

  @Test
  void startsOnTheBestRankedCandidateWithEveryoneHealthy() {
    ReroutingPolicy policy = policy(A, B, C);

    assertThat(policy.current()).isEqualTo(A);
    assertThat(policy.healthByEndpoint())
        .containsExactly(
            Map.entry(A, EndpointHealth.HEALTHY),
            Map.entry(B, EndpointHealth.HEALTHY),
            Map.entry(C, EndpointHealth.HEALTHY));
    assertThat(policy.toProbe()).isEmpty();
    assertThat(reroutes).isEmpty();
  }

  @Test
  void alarmForTheCurrentEndpointMovesToTheNextHealthyOneCountedAndReported() {
    ReroutingPolicy policy = policy(A, B, C);

    Decision decision = policy.onAlarm(A, "p95 too high");

    assertThat(decision).isEqualTo(Decision.SWITCHED);
    assertThat(policy.current()).isEqualTo(B);
    assertThat(policy.health(A)).isEqualTo(EndpointHealth.DEGRADED);
    assertThat(policy.toProbe()).containsExactly(A);
    assertThat(reroutes(A, B, "alarm")).isEqualTo(1);
    assertThat(reroutes)
        .singleElement()
        .satisfies(
            r -> {
              assertThat(r.from()).isEqualTo(A);
              assertThat(r.to()).isEqualTo(B);
              assertThat(r.reason()).isEqualTo(RerouteReason.ALARM);
              assertThat(r.service()).isEqualTo(SERVICE);
              assertThat(r.at()).isEqualTo(clock.instant());
              assertThat(r.detail()).contains("p95 too high");
            });
  }

  @Test
  void aLossyPathKeepsTheClientWhereItIsWhenTheFeatureStaysOnLoss() {
    ReroutingPolicy policy = policy(A, B, C);

    Decision decision = policy.onNetworkLoss(A, "network-loss at A", false);

    assertThat(decision).isEqualTo(Decision.NO_BETTER_CANDIDATE);
    assertThat(policy.current()).isEqualTo(A);
    assertThat(policy.health(A)).isEqualTo(EndpointHealth.HEALTHY);
    assertThat(policy.toProbe()).isEmpty();
    assertThat(skipped("network-loss")).isEqualTo(1);
    assertThat(reroutes).isEmpty();
  }

  @Test
  void aLossyPathLeftOnLossIsTheReasonNetworkLossNotAlarm() {
    ReroutingPolicy policy = policy(A, B, C);

    Decision decision = policy.onNetworkLoss(A, "network-loss at A", true);
    clock.advance(COOLDOWN.plusSeconds(1));
    policy.onNetworkLoss(B, "network-loss at B", true);
    clock.advance(COOLDOWN.plusSeconds(1));
    policy.onAlarm(C, "p95 too high");

    assertThat(decision).isEqualTo(Decision.SWITCHED);
    assertThat(policy.health(A)).isEqualTo(EndpointHealth.DEGRADED);
    assertThat(reroutes)
        .extracting(Reroute::reason)
        .containsExactly(RerouteReason.NETWORK_LOSS, RerouteReason.NETWORK_LOSS);
    assertThat(reroutes(A, B, "network-loss")).isEqualTo(1);
    assertThat(reroutes(B, C, "network-loss")).isEqualTo(1);
    assertThat(reroutes.get(0).detail()).contains("network-loss at A");
  }

  @Test
  void aSlowProviderAfterALossyPathThatRecoveredIsAnAlarmAgain() {
    ReroutingPolicy policy = policy(A, B);
    policy.onNetworkLoss(A, "lossy", true);
    policy.onProbe(A, true);
    clock.advance(COOLDOWN.plusSeconds(1));
    policy.reevaluate();
    clock.advance(COOLDOWN.plusSeconds(1));

    policy.onAlarm(A, "p95 too high");

    assertThat(reroutes)
        .extracting(Reroute::reason)
        .containsExactly(RerouteReason.NETWORK_LOSS, RerouteReason.RECOVERED, RerouteReason.ALARM);
  }

  @Test
  void alarmForAnUnknownEndpointChangesNothingAndIsCounted() {
    ReroutingPolicy policy = policy(A, B);

    Decision decision = policy.onAlarm("http://127.0.0.1:9/forged", "forged");

    assertThat(decision).isEqualTo(Decision.NO_BETTER_CANDIDATE);
    assertThat(policy.current()).isEqualTo(A);
    assertThat(policy.healthByEndpoint()).doesNotContainKey("http://127.0.0.1:9/forged");
    assertThat(policy.toProbe()).isEmpty();
    assertThat(skipped("unknown-endpoint")).isEqualTo(1);
    assertThat(reroutes).isEmpty();
  }

  @Test
  void alarmForAnEndpointAlreadyLeftMarksItWithoutMoving() {
    ReroutingPolicy policy = policy(A, B, C);

    Decision decision = policy.onAlarm(C, "late");

    assertThat(decision).isEqualTo(Decision.NO_BETTER_CANDIDATE);
    assertThat(policy.current()).isEqualTo(A);
    assertThat(policy.health(C)).isEqualTo(EndpointHealth.DEGRADED);
    assertThat(reroutes).isEmpty();
  }

  @Test
  void secondAlarmWithinTheCooldownWaitsAndTheSwitchHappensOnceItPassed() {
    ReroutingPolicy policy = policy(A, B, C);
    policy.onAlarm(A, "first");
    clock.advance(Duration.ofSeconds(10));

    Decision early = policy.onAlarm(B, "second");
    Decision stillEarly = policy.reevaluate();
    clock.advance(Duration.ofSeconds(20));
    Decision late = policy.reevaluate();

    assertThat(early).isEqualTo(Decision.COOLDOWN);
    assertThat(stillEarly).isEqualTo(Decision.COOLDOWN);
    assertThat(skipped("cooldown")).isEqualTo(1);
    assertThat(late).isEqualTo(Decision.SWITCHED);
    assertThat(policy.current()).isEqualTo(C);
    assertThat(reroutes(B, C, "alarm")).isEqualTo(1);
  }

  @Test
  void transportFailureLeavesAtOnceEvenWithinTheCooldown() {
    ReroutingPolicy policy = policy(A, B, C);
    policy.onAlarm(A, "slow");
    clock.advance(Duration.ofSeconds(1));

    Decision decision = policy.onTransportFailure(B, "REFUSED");

    assertThat(decision).isEqualTo(Decision.SWITCHED);
    assertThat(policy.current()).isEqualTo(C);
    assertThat(policy.health(B)).isEqualTo(EndpointHealth.DOWN);
    assertThat(reroutes(B, C, "transport-failure")).isEqualTo(1);
  }

  @Test
  void recoveredBetterRankedEndpointIsUsedAgainOnlyAfterTheCooldown() {
    ReroutingPolicy policy = policy(A, B);
    policy.onAlarm(A, "slow");
    clock.advance(Duration.ofSeconds(5));

    Decision unhealthyProbe = policy.onProbe(A, false);
    Decision healthyProbeTooEarly = policy.onProbe(A, true);
    String duringCooldown = policy.current();
    clock.advance(COOLDOWN);
    Decision afterCooldown = policy.reevaluate();

    assertThat(unhealthyProbe).isEqualTo(Decision.NO_BETTER_CANDIDATE);
    assertThat(healthyProbeTooEarly).isEqualTo(Decision.COOLDOWN);
    assertThat(duringCooldown).isEqualTo(B);
    assertThat(afterCooldown).isEqualTo(Decision.SWITCHED);
    assertThat(policy.current()).isEqualTo(A);
    assertThat(policy.health(A)).isEqualTo(EndpointHealth.HEALTHY);
    assertThat(policy.toProbe()).isEmpty();
    assertThat(reroutes(B, A, "recovered")).isEqualTo(1);
    assertThat(reroutes)
        .extracting(Reroute::reason)
        .containsExactly(RerouteReason.ALARM, RerouteReason.RECOVERED);
  }

  @Test
  void unhealthyProbesKeepTheEndpointOutWhateverTheTime() {
    ReroutingPolicy policy = policy(A, B);
    policy.onTransportFailure(A, "REFUSED");

    for (int i = 0; i < 5; i++) {
      clock.advance(COOLDOWN);
      policy.onProbe(A, false);
    }

    assertThat(policy.current()).isEqualTo(B);
    assertThat(policy.health(A)).isEqualTo(EndpointHealth.DOWN);
    assertThat(reroutes).hasSize(1);
  }

  @Test
  void allCandidatesDownStaysWhereItIsAndCountsEachFailure() {
    ReroutingPolicy policy = policy(A, B);
    policy.onTransportFailure(A, "REFUSED");

    Decision first = policy.onTransportFailure(B, "REFUSED");
    Decision second = policy.onTransportFailure(B, "REFUSED");

    assertThat(first).isEqualTo(Decision.NO_BETTER_CANDIDATE);
    assertThat(second).isEqualTo(Decision.NO_BETTER_CANDIDATE);
    assertThat(policy.current()).isEqualTo(B);
    assertThat(policy.toProbe()).containsExactly(A, B);
    assertThat(skipped("no-better-candidate")).isEqualTo(2);
    assertThat(reroutes).hasSize(1);
  }

  @Test
  void aDegradedEndpointBeatsADownOne() {
    ReroutingPolicy policy = policy(A, B);
    policy.onAlarm(A, "slow");

    Decision decision = policy.onTransportFailure(B, "REFUSED");

    assertThat(decision).isEqualTo(Decision.SWITCHED);
    assertThat(policy.current()).isEqualTo(A);
    assertThat(reroutes(B, A, "transport-failure")).isEqualTo(1);
  }

  @Test
  void alarmAboutAnEndpointThatIsDownDoesNotReviveIt() {
    ReroutingPolicy policy = policy(A, B);
    policy.onTransportFailure(A, "REFUSED");

    policy.onAlarm(A, "availability");

    assertThat(policy.health(A)).isEqualTo(EndpointHealth.DOWN);
  }

  @Test
  void withoutCandidatesThereIsNoEndpointUntilOneAppears() {
    AtomicReference<List<String>> known = new AtomicReference<>(List.of());
    ReroutingPolicy policy = policy(service -> known.get());

    String before = policy.current();
    Decision alarm = policy.onAlarm(A, "nobody");
    Decision nothing = policy.reevaluate();
    known.set(List.of(B, C));
    Decision appeared = policy.reevaluate();

    assertThat(before).isNull();
    assertThat(alarm).isEqualTo(Decision.NO_BETTER_CANDIDATE);
    assertThat(skipped("unknown-endpoint")).isEqualTo(1);
    assertThat(nothing).isEqualTo(Decision.NO_CANDIDATES);
    assertThat(appeared).isEqualTo(Decision.SWITCHED);
    assertThat(policy.current()).isEqualTo(B);
    assertThat(reroutes(Reroute.NONE, B, "initial")).isEqualTo(1);
  }

  @Test
  void anEndpointNoLongerACandidateIsLeftAtOnce() {
    AtomicReference<List<String>> known = new AtomicReference<>(List.of(A, B));
    ReroutingPolicy policy = policy(service -> known.get());
    policy.onAlarm(A, "slow");

    known.set(List.of(C));
    Decision decision = policy.reevaluate();

    assertThat(decision).isEqualTo(Decision.SWITCHED);
    assertThat(policy.current()).isEqualTo(C);
    assertThat(reroutes(B, C, "candidate-removed")).isEqualTo(1);
  }

  @Test
  void aFailingListenerDoesNotUndoTheSwitch() {
    ReroutingPolicy policy =
        new ReroutingPolicy(
            EndpointCandidates.of(Map.of(SERVICE, List.of(A, B))),
            SERVICE,
            COOLDOWN,
            clock,
            registry,
            List.of(
                r -> {
                  throw new IllegalStateException("listener broke");
                },
                reroutes::add));

    policy.onAlarm(A, "slow");

    assertThat(policy.current()).isEqualTo(B);
    assertThat(reroutes).hasSize(1);
  }
}

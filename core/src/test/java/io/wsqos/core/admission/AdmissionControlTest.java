package io.wsqos.core.admission;

import static io.wsqos.core.header.TransportPriority.ASSURED;
import static io.wsqos.core.header.TransportPriority.BEST_EFFORT;
import static io.wsqos.core.header.TransportPriority.EXPEDITED;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.micrometer.core.instrument.MockClock;
import io.micrometer.core.instrument.simple.SimpleConfig;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.wsqos.core.entitlement.PriorityEntitlement;
import io.wsqos.core.header.TransportPriority;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AdmissionControlTest {

  private final MockClock clock = new MockClock();
  private final SimpleMeterRegistry registry = new SimpleMeterRegistry(SimpleConfig.DEFAULT, clock);

  /** Records what a queued request was told. */
  private static final class Outcome implements Admission.Waiter {
    Permit permit;
    Refusal refusal;

    @Override
    public void admitted(Permit permit) {
      this.permit = permit;
    }

    @Override
    public void refused(Refusal refusal) {
      this.refusal = refusal;
    }
  }

  private AdmissionControl.Builder fixedLimit(int limit) {
    return AdmissionControl.builder()
        .limit(limit, limit, limit)
        .share(EXPEDITED, 0)
        .share(ASSURED, 0)
        .share(BEST_EFFORT, 0)
        .meterRegistry(registry);
  }

  private static Permit admitted(Admission admission) {
    assertThat(admission).isInstanceOf(Admission.Admitted.class);
    return ((Admission.Admitted) admission).permit();
  }

  private double refused(TransportPriority c) {
    return registry.get(AdmissionControl.REFUSED_COUNTER).tag("class", c.token()).counter().count();
  }

  @Test
  void aFullQueueRefusesBestEffortFirstThenAssuredAndExpeditedLast() {
    AdmissionControl control = fixedLimit(2).build();
    admitted(control.enter(EXPEDITED, new Outcome()));
    admitted(control.enter(EXPEDITED, new Outcome()));
    Outcome bestEffort = new Outcome();
    Outcome assured = new Outcome();
    control.enter(BEST_EFFORT, bestEffort);
    control.enter(ASSURED, assured);

    Admission firstExpedited = control.enter(EXPEDITED, new Outcome());
    boolean assuredWaitedWhileBestEffortWasRefused =
        bestEffort.refusal != null && assured.refusal == null;
    Admission secondExpedited = control.enter(EXPEDITED, new Outcome());
    Admission thirdExpedited = control.enter(EXPEDITED, new Outcome());

    assertThat(firstExpedited).isInstanceOf(Admission.Queued.class);
    assertThat(assuredWaitedWhileBestEffortWasRefused).isTrue();
    assertThat(secondExpedited).isInstanceOf(Admission.Queued.class);
    assertThat(assured.refusal).isNotNull();
    assertThat(thirdExpedited).isInstanceOf(Admission.Refused.class);
    assertThat(refused(BEST_EFFORT)).isEqualTo(1);
    assertThat(refused(ASSURED)).isEqualTo(1);
    assertThat(refused(EXPEDITED)).isEqualTo(1);
  }

  @Test
  void aLowerClassArrivingAtAFullQueueIsRefusedAndAHigherOneWaitingIsKept() {
    AdmissionControl control = fixedLimit(1).build();
    admitted(control.enter(ASSURED, new Outcome()));
    Outcome expedited = new Outcome();
    control.enter(EXPEDITED, expedited);

    Admission bestEffort = control.enter(BEST_EFFORT, new Outcome());

    assertThat(bestEffort).isInstanceOf(Admission.Refused.class);
    Refusal refusal = ((Admission.Refused) bestEffort).refusal();
    assertThat(refusal.faultString())
        .startsWith("Overloaded: best-effort request refused (queue full) at a limit of 1");
    assertThat(refusal.retryAfterSeconds()).isEqualTo(1);
    assertThat(expedited.refusal).isNull();
  }

  @Test
  void aFreedPermitGoesToTheHighestClassWaiting() {
    AdmissionControl control = fixedLimit(1).queuePerLimit(3).build();
    Permit first = admitted(control.enter(BEST_EFFORT, new Outcome()));
    Outcome bestEffort = new Outcome();
    Outcome assured = new Outcome();
    Outcome expedited = new Outcome();
    control.enter(BEST_EFFORT, bestEffort);
    control.enter(ASSURED, assured);
    control.enter(EXPEDITED, expedited);

    first.release();

    assertThat(expedited.permit).isNotNull();
    assertThat(assured.permit).isNull();
    assertThat(bestEffort.permit).isNull();
    expedited.permit.release();
    assertThat(assured.permit).isNotNull();
    assertThat(registry.get(AdmissionControl.QUEUE_TIMER).tag("class", "expedited").timer().count())
        .isEqualTo(1);
  }

  @Test
  void aClassWithinItsShareIsNotStarvedByAHigherOne() {
    // Best effort holds half of a limit of 4: two permits.
    AdmissionControl control = fixedLimit(4).share(BEST_EFFORT, 0.5).queuePerLimit(1).build();
    List<Permit> expedited = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      expedited.add(admitted(control.enter(EXPEDITED, new Outcome())));
    }
    Outcome bestEffort = new Outcome();
    control.enter(BEST_EFFORT, bestEffort);
    List<Outcome> waitingExpedited = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      Outcome o = new Outcome();
      control.enter(EXPEDITED, o);
      waitingExpedited.add(o);
    }

    Admission pushing = control.enter(EXPEDITED, new Outcome());
    expedited.get(0).release();

    assertThat(pushing)
        .as("best effort within its share is not pushed out")
        .isInstanceOf(Admission.Refused.class);
    assertThat(bestEffort.refusal).isNull();
    assertThat(bestEffort.permit)
        .as("the freed permit goes to best effort, below its share")
        .isNotNull();
    assertThat(waitingExpedited).allSatisfy(o -> assertThat(o.permit).isNull());
  }

  @Test
  void aRequestWaitingTooLongIsRefusedOnceAndOnlyOnce() {
    AdmissionControl control = fixedLimit(1).build();
    Permit held = admitted(control.enter(ASSURED, new Outcome()));
    Outcome waiting = new Outcome();
    Ticket ticket = ((Admission.Queued) control.enter(ASSURED, waiting)).ticket();

    boolean expired = control.expire(ticket);
    held.release();

    assertThat(expired).isTrue();
    assertThat(waiting.refusal.reason()).isEqualTo("waited 1000 ms");
    assertThat(waiting.permit).isNull();
    assertThat(control.expire(ticket)).isFalse();
    assertThat(control.inFlight()).isZero();
  }

  /** A control whose limit has measured the service at {@code latency}: one window of one call. */
  private AdmissionControl measured(AdmissionControl.Builder settings, Duration latency) {
    AdmissionControl control = settings.window(Duration.ZERO, 1).build();
    Permit first = admitted(control.enter(ASSURED, new Outcome()));
    clock.add(latency);
    first.release();
    return control;
  }

  @Test
  void aStandingQueueRefusesWhatWaitedPastTheTargetAndServesTheFresh() {
    AdmissionControl control = measured(fixedLimit(1).queuePerLimit(10), Duration.ofMillis(1));
    Permit held = admitted(control.enter(ASSURED, new Outcome()));
    Outcome first = new Outcome();
    Outcome second = new Outcome();
    Outcome fresh = new Outcome();
    control.enter(ASSURED, first);
    clock.add(Duration.ofMillis(97));
    control.enter(EXPEDITED, second);

    clock.add(Duration.ofMillis(4));
    control.enter(BEST_EFFORT, fresh);
    held.release();

    assertThat(first.refusal.reason()).isEqualTo("waited over 5 ms in a standing queue");
    assertThat(first.permit).isNull();
    assertThat(second.refusal).as("waited 4 ms").isNull();
    assertThat(second.permit).isNotNull();
    assertThat(fresh.permit).isNull();
    assertThat(fresh.refusal).isNull();
    assertThat(control.queued()).isOne();
    assertThat(refused(ASSURED)).isOne();
  }

  @Test
  void theStandingBoundScalesWithTheServicesOwnLatency() {
    AdmissionControl control = measured(fixedLimit(1).queuePerLimit(10), Duration.ofMillis(20));
    admitted(control.enter(ASSURED, new Outcome()));
    Outcome older = new Outcome();
    Outcome newer = new Outcome();
    control.enter(ASSURED, older);

    clock.add(Duration.ofMillis(150));
    control.enter(ASSURED, newer);
    assertThat(older.refusal).as("150 ms: not yet 20 calls of 20 ms").isNull();
    clock.add(Duration.ofMillis(300));
    control.enter(ASSURED, new Outcome());

    assertThat(older.refusal.reason()).isEqualTo("waited over 20 ms in a standing queue");
    assertThat(newer.refusal.reason()).isEqualTo("waited over 20 ms in a standing queue");
    assertThat(control.queued()).isOne();
  }

  @Test
  void beforeTheServiceIsMeasuredOnlyTheQueuesOwnBoundApplies() {
    AdmissionControl control = fixedLimit(1).queuePerLimit(10).build();
    Permit held = admitted(control.enter(ASSURED, new Outcome()));
    Outcome waiting = new Outcome();
    control.enter(ASSURED, waiting);

    clock.add(Duration.ofMillis(500));
    control.enter(ASSURED, new Outcome());
    held.release();

    assertThat(waiting.refusal).isNull();
    assertThat(waiting.permit).as("waited 500 ms, the service never measured").isNotNull();
  }

  @Test
  void aQueueThatEmptiesHoldsItsRequestsUpToTheMaxQueueTime() {
    AdmissionControl control = measured(fixedLimit(1), Duration.ofMillis(1));
    Permit held = admitted(control.enter(ASSURED, new Outcome()));
    Outcome waiting = new Outcome();
    control.enter(ASSURED, waiting);

    clock.add(Duration.ofMillis(90));
    held.release();

    assertThat(waiting.refusal).isNull();
    assertThat(waiting.permit).as("waited 90 ms, the queue 90 ms old").isNotNull();
  }

  @Test
  void theLimitShrinksWhenLatencyRisesAndGrowsBackWhenItFalls() {
    AdmissionControl control =
        AdmissionControl.builder()
            .limit(20, 2, 200)
            .window(Duration.ZERO, 20)
            .meterRegistry(registry)
            .build();
    runWindows(control, 20, Duration.ofMillis(2));
    int before = control.limit();

    runWindows(control, 20, Duration.ofMillis(40));
    int overloaded = control.limit();
    runWindows(control, 40, Duration.ofMillis(2));
    int recovered = control.limit();

    assertThat(overloaded).isLessThan(before / 2);
    assertThat(recovered).isGreaterThan(overloaded * 2);
    assertThat(registry.get(AdmissionControl.LIMIT_GAUGE).gauge().value()).isEqualTo(recovered);
  }

  /** {@code windows} windows, each as many requests at once as the limit, each {@code rtt} long. */
  private void runWindows(AdmissionControl control, int windows, Duration rtt) {
    for (int w = 0; w < windows; w++) {
      int n = Math.max(20, control.limit());
      List<Permit> permits = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        Admission a = control.enter(ASSURED, new Outcome());
        if (a instanceof Admission.Admitted admitted) {
          permits.add(admitted.permit());
        } else if (a instanceof Admission.Queued queued) {
          control.expire(queued.ticket());
        }
      }
      clock.add(rtt);
      permits.forEach(Permit::release);
    }
  }

  @Test
  void aForgedClassIsClampedToTheClientsEntitlementAndNoRequirementIsBestEffort() {
    AdmissionControl control =
        AdmissionControl.builder()
            .entitlement(PriorityEntitlement.of(Map.of("198.18.0.2", EXPEDITED), BEST_EFFORT))
            .meterRegistry(registry)
            .build();
    byte[] expedited = Envelopes.echo("x", EXPEDITED);
    byte[] none = Envelopes.echo("x", null);

    assertThat(control.classify(expedited, expedited.length, true, "198.18.0.9"))
        .isEqualTo(BEST_EFFORT);
    assertThat(control.classify(expedited, expedited.length, true, "198.18.0.2"))
        .isEqualTo(EXPEDITED);
    assertThat(control.classify(none, none.length, true, "198.18.0.2")).isEqualTo(BEST_EFFORT);
    assertThat(control.classify(expedited, 40, false, "198.18.0.2"))
        .as("a header cut short")
        .isEqualTo(BEST_EFFORT);
  }

  @Test
  void closingRefusesTheWaitingAndRemovesTheMeters() {
    AdmissionControl control = fixedLimit(1).build();
    admitted(control.enter(ASSURED, new Outcome()));
    Outcome waiting = new Outcome();
    control.enter(ASSURED, waiting);

    control.close();

    assertThat(waiting.refusal.reason()).isEqualTo("closing");
    assertThat(control.enter(EXPEDITED, new Outcome())).isInstanceOf(Admission.Refused.class);
    assertThat(registry.find(AdmissionControl.LIMIT_GAUGE).gauge()).isNull();
  }

  @Test
  void badSettingsSayWhatWasExpected() {
    assertThatThrownBy(() -> AdmissionControl.builder().limit(1, 2, 3))
        .hasMessage("limit: initial 1, min 2, max 3 (expected: 1 <= min <= initial <= max)");
    assertThatThrownBy(() -> AdmissionControl.builder().share(ASSURED, 0.8).build())
        .hasMessageStartingWith("shares: sum 1.3");
    assertThatThrownBy(
            () -> AdmissionControl.builder().standingQueue(Duration.ZERO, Duration.ofMillis(100)))
        .hasMessage(
            "standingQueue: target PT0S, interval PT0.1S (expected: target positive,"
                + " interval >= 0)");
    assertThatThrownBy(() -> new Refusal(ASSURED, "x", 1, 0))
        .hasMessage("retryAfterSeconds: 0 (expected: >= 1)");
  }
}

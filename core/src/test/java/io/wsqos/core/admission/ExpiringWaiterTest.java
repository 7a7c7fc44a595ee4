package io.wsqos.core.admission;

import static org.assertj.core.api.Assertions.assertThat;

import io.wsqos.core.header.TransportPriority;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.util.component.AbstractLifeCycle;
import org.eclipse.jetty.util.thread.Scheduler;
import org.junit.jupiter.api.Test;

class ExpiringWaiterTest {

  /** A scheduler that runs nothing, and remembers what was scheduled and cancelled. */
  private static final class RecordingScheduler extends AbstractLifeCycle implements Scheduler {
    final List<Runnable> scheduled = new ArrayList<>();
    final List<Runnable> cancelled = new ArrayList<>();

    @Override
    public Task schedule(Runnable task, long delay, TimeUnit units) {
      scheduled.add(task);
      return () -> {
        cancelled.add(task);
        return true;
      };
    }
  }

  private final List<Object> told = new ArrayList<>();
  private final ExpiringWaiter waiter = new ExpiringWaiter(told::add, told::add);
  private final RecordingScheduler scheduler = new RecordingScheduler();
  private final Runnable expire = () -> {};
  private final Refusal refusal =
      new Refusal(TransportPriority.BEST_EFFORT, "pushed out of the queue", 1, 1);

  @Test
  void anAdmittedWaiterCancelsItsExpiry() {
    waiter.expireAfter(scheduler, Duration.ofSeconds(1), expire);
    Permit permit = new Permit(null, TransportPriority.EXPEDITED, 0, 1);

    waiter.admitted(permit);

    assertThat(told).containsExactly(permit);
    assertThat(scheduler.cancelled).containsExactly(expire);
  }

  @Test
  void aRefusedWaiterCancelsItsExpiry() {
    waiter.expireAfter(scheduler, Duration.ofSeconds(1), expire);

    waiter.refused(refusal);

    assertThat(told).containsExactly(refusal);
    assertThat(scheduler.cancelled).containsExactly(expire);
  }

  @Test
  void anExpiryScheduledAfterTheWaiterWasToldIsCancelledAtOnce() {
    waiter.refused(refusal);

    waiter.expireAfter(scheduler, Duration.ofSeconds(1), expire);

    assertThat(scheduler.scheduled).containsExactly(expire);
    assertThat(scheduler.cancelled).containsExactly(expire);
  }

  @Test
  void aWaiterNotYetToldKeepsItsExpiry() {
    waiter.expireAfter(scheduler, Duration.ofSeconds(1), expire);

    assertThat(scheduler.cancelled).isEmpty();
    assertThat(told).isEmpty();
  }
}

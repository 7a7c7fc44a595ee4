package io.wsqos.core.admission;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import org.eclipse.jetty.util.thread.Scheduler;

/**
 * A waiter whose wait is bounded by a task on a Jetty {@link Scheduler}, the task cancelled as soon
 * as the waiter is told how the wait ended: a request admitted or refused early would otherwise
 * leave its task to wake the scheduler's thread at the bound, long after it was answered.
 */
final class ExpiringWaiter implements Admission.Waiter {

  private static final Object TOLD = new Object();

  private final Consumer<Permit> admitted;
  private final Consumer<Refusal> refused;

  /** Empty, then the expiry task, or {@link #TOLD} once the waiter has been told. */
  private final AtomicReference<Object> expiry = new AtomicReference<>();

  ExpiringWaiter(Consumer<Permit> admitted, Consumer<Refusal> refused) {
    this.admitted = requireNonNull(admitted, "admitted");
    this.refused = requireNonNull(refused, "refused");
  }

  /**
   * Runs {@code expire} after {@code bound} on {@code scheduler}, unless the waiter is told first;
   * if it already was, the task is cancelled at once.
   */
  void expireAfter(Scheduler scheduler, Duration bound, Runnable expire) {
    Scheduler.Task task = scheduler.schedule(expire, bound.toNanos(), TimeUnit.NANOSECONDS);
    if (!expiry.compareAndSet(null, task)) {
      task.cancel();
    }
  }

  @Override
  public void admitted(Permit permit) {
    told();
    admitted.accept(permit);
  }

  @Override
  public void refused(Refusal refusal) {
    told();
    refused.accept(refusal);
  }

  private void told() {
    if (expiry.getAndSet(TOLD) instanceof Scheduler.Task task) {
      task.cancel();
    }
  }
}

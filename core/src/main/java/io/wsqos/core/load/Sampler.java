package io.wsqos.core.load;

import java.time.Duration;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/** One named daemon thread running a sampling task at a fixed rate until closed. */
final class Sampler implements AutoCloseable {
  private final ScheduledThreadPoolExecutor executor;

  /** Starts sampling; the first sample is taken at once. {@code tick} must not throw. */
  Sampler(String threadName, Duration interval, Runnable tick) {
    executor =
        new ScheduledThreadPoolExecutor(
            1,
            task -> {
              Thread thread = new Thread(task, threadName);
              thread.setDaemon(true);
              return thread;
            });
    executor.setKeepAliveTime(0, TimeUnit.NANOSECONDS);
    executor.scheduleAtFixedRate(tick, 0, interval.toNanos(), TimeUnit.NANOSECONDS);
  }

  boolean isClosed() {
    return executor.isShutdown();
  }

  /** Stops sampling; the thread ends once a sample in progress finishes. Idempotent. */
  @Override
  public void close() {
    executor.shutdownNow();
  }
}

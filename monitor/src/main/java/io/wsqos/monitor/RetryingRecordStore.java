package io.wsqos.monitor;

import static java.util.Objects.requireNonNull;

import io.micrometer.core.instrument.Counter;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes each batch to another store, retrying a failed write with exponential backoff: the wait
 * before the second attempt is {@code backoff}, doubling up to {@value #MAX_BACKOFF_MILLIS} ms.
 * Each failed attempt is counted; after the last one the last failure is thrown. {@link #giveUp()}
 * ends the retries of the write in progress, and of every later one, after its current attempt.
 */
final class RetryingRecordStore implements QosRecordStore {

  /** Longest wait between two attempts, whatever the doubling gives. */
  static final long MAX_BACKOFF_MILLIS = 10_000;

  /** The longest a backoff waits before looking whether the log gave up. */
  private static final long GIVE_UP_CHECK_MILLIS = 50;

  private static final Logger logger = LoggerFactory.getLogger(RetryingRecordStore.class);

  private final QosRecordStore store;
  private final int maxAttempts;
  private final long backoffMillis;
  private final Counter failures;
  private volatile boolean givenUp;

  RetryingRecordStore(QosRecordStore store, int maxAttempts, Duration backoff, Counter failures) {
    this.store = requireNonNull(store, "store");
    if (maxAttempts < 1) {
      throw new IllegalArgumentException("maxAttempts: " + maxAttempts + " (expected: >= 1)");
    }
    this.maxAttempts = maxAttempts;
    this.backoffMillis = backoff.toMillis();
    this.failures = requireNonNull(failures, "failures");
  }

  @Override
  public void write(List<QosRecord> batch) throws Exception {
    long backoff = backoffMillis;
    for (int attempt = 1; ; attempt++) {
      try {
        store.write(batch);
        return;
      } catch (InterruptedException e) {
        throw e;
      } catch (Exception e) {
        failures.increment();
        if (attempt >= maxAttempts || givenUp) {
          throw e;
        }
        logger.warn(
            "Failed to write {} monitor records to {} (attempt {} of {}); retrying in {} ms: {}",
            batch.size(),
            store,
            attempt,
            maxAttempts,
            backoff,
            e.toString());
        sleepUnlessGivenUp(backoff);
        backoff = Math.min(backoff * 2, MAX_BACKOFF_MILLIS);
      }
    }
  }

  /** No attempt after the current one, and no wait for one. */
  void giveUp() {
    givenUp = true;
  }

  private void sleepUnlessGivenUp(long millis) throws InterruptedException {
    // In short slices so that giving up does not wait out a long backoff.
    long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
    for (long left = millis; left > 0 && !givenUp; ) {
      Thread.sleep(Math.min(left, GIVE_UP_CHECK_MILLIS));
      left = TimeUnit.NANOSECONDS.toMillis(until - System.nanoTime());
    }
  }

  @Override
  public void close() {
    store.close();
  }

  @Override
  public String toString() {
    return store.toString();
  }
}

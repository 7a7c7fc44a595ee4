package io.wsqos.broker.service;

import io.wsqos.broker.api.TooManyReportsException;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * A token bucket per reporter: each takes {@code perSecond} reports a second on average and up to
 * {@code burst} at once. Reporters are the broker's principals, so the buckets are as many as the
 * tokens the registry holds.
 */
final class ReportLimits {

  private static final class Bucket {
    double tokens;
    long updatedMillis;
  }

  private final double perSecond;
  private final double burst;
  private final Clock clock;
  private final ConcurrentMap<Principal, Bucket> buckets = new ConcurrentHashMap<>();

  ReportLimits(double perSecond, int burst, Clock clock) {
    this.perSecond = perSecond;
    this.burst = burst;
    this.clock = clock;
  }

  /**
   * Takes one report of {@code reporter}'s.
   *
   * @throws TooManyReportsException if its bucket is empty
   */
  void take(Principal reporter) {
    long now = clock.millis();
    Bucket bucket =
        buckets.computeIfAbsent(
            reporter,
            k -> {
              Bucket fresh = new Bucket();
              fresh.tokens = burst;
              fresh.updatedMillis = now;
              return fresh;
            });
    synchronized (bucket) {
      double elapsed = Math.max(0, now - bucket.updatedMillis) / 1e3;
      bucket.tokens = Math.min(burst, bucket.tokens + elapsed * perSecond);
      bucket.updatedMillis = now;
      if (bucket.tokens < 1) {
        long waitMillis = (long) Math.ceil((1 - bucket.tokens) / perSecond * 1000);
        throw new TooManyReportsException(perSecond, Duration.ofMillis(waitMillis));
      }
      bucket.tokens -= 1;
    }
  }
}

package io.wsqos.testing.service;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * {@link EchoService} that counts its invocations (so a test can assert that a rejected request
 * never reached it), can be made slow or held at run time, and faults on {@link #FAULT}.
 */
public final class EchoServiceImpl implements EchoService {

  /** The text that makes {@link #echo} throw, so that the provider answers with a SOAP fault. */
  public static final String FAULT = "fault";

  private static final String[] WORDS = {
    "book",
    "title",
    "author",
    "review",
    "chapter",
    "price",
    "stock",
    "reader",
    "novel",
    "history",
    "science",
    "edition",
    "publisher",
    "summary",
    "rating"
  };

  /**
   * The longest a call waits on a {@link #hold()} that is never released: far above any test's
   * wait, so that a test that forgets to release cannot keep the server's threads forever.
   */
  static final long HOLD_GUARD_SECONDS = 120;

  /** Calls held by {@link #hold()} until it is closed. */
  public interface Hold extends AutoCloseable {
    /** Releases every call held, and lets later calls through; closing twice is harmless. */
    @Override
    void close();
  }

  private final AtomicLong invocations = new AtomicLong();
  private final AtomicLong held = new AtomicLong();
  private volatile long delayMillis;
  private volatile CountDownLatch gate;

  /** Makes every later call take at least {@code millis} (0: as fast as it can). */
  public void delay(long millis) {
    if (millis < 0) {
      throw new IllegalArgumentException("millis: " + millis + " (expected: >= 0)");
    }
    delayMillis = millis;
  }

  /**
   * Holds every later call inside the service until the returned hold is closed: a slow provider
   * that a test releases when it has seen what it waited for, rather than after a fixed time.
   */
  public Hold hold() {
    CountDownLatch latch = new CountDownLatch(1);
    gate = latch;
    return () -> {
      if (gate == latch) {
        gate = null;
      }
      latch.countDown();
    };
  }

  /** Calls that have waited, or are waiting, on a {@link #hold()}. */
  public long heldCalls() {
    return held.get();
  }

  /** Calls of any operation served so far. */
  public long invocations() {
    return invocations.get();
  }

  @Override
  public String echo(String text) {
    invoked();
    if (FAULT.equals(text)) {
      throw new IllegalArgumentException("text: fault (expected: anything else)");
    }
    return "echo: " + text;
  }

  @Override
  public String text(int chars) {
    invoked();
    return textOf(chars);
  }

  @Override
  public int length(String body) {
    invoked();
    return body.length();
  }

  /** Deterministic word salad of exactly {@code chars} characters, compressible like SOAP XML. */
  public static String textOf(int chars) {
    if (chars < 0) {
      throw new IllegalArgumentException("chars: " + chars + " (expected: >= 0)");
    }
    StringBuilder s = new StringBuilder(chars + 16);
    long x = 42;
    while (s.length() < chars) {
      x = x * 6364136223846793005L + 1442695040888963407L;
      s.append(WORDS[(int) ((x >>> 33) % WORDS.length)]).append(' ');
      if ((x & 0xf) == 0) {
        s.append((x >>> 40) % 1000).append(". ");
      }
    }
    s.setLength(chars);
    return s.toString();
  }

  private void invoked() {
    invocations.incrementAndGet();
    CountDownLatch latch = gate;
    if (latch != null) {
      held.incrementAndGet();
      try {
        latch.await(HOLD_GUARD_SECONDS, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    long millis = delayMillis;
    if (millis > 0) {
      try {
        // The injected degradation: the provider itself is slow.
        TimeUnit.MILLISECONDS.sleep(millis);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }
}

package io.wsqos.testing.service;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * {@link EchoService} that counts its invocations (so a test can assert that a rejected request
 * never reached it), can be made slow at run time, and faults on {@link #FAULT}.
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

  private final AtomicLong invocations = new AtomicLong();
  private volatile long delayMillis;

  /** Makes every later call take at least {@code millis} (0: as fast as it can). */
  public void delay(long millis) {
    if (millis < 0) {
      throw new IllegalArgumentException("millis: " + millis + " (expected: >= 0)");
    }
    delayMillis = millis;
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

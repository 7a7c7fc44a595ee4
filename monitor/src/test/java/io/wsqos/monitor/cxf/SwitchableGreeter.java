package io.wsqos.monitor.cxf;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/** A {@link Greeter} whose delay can be switched at run time, and which counts its calls. */
public final class SwitchableGreeter implements Greeter {

  /** The name that makes {@link #greet} throw, so that the provider answers with a SOAP fault. */
  public static final String FAULT = "fault";

  private volatile long delayMillis;
  private final AtomicLong calls = new AtomicLong();

  /** Makes every later call take at least {@code millis} (0: as fast as it can). */
  public void delay(long millis) {
    delayMillis = millis;
  }

  /** Calls served so far. */
  public long calls() {
    return calls.get();
  }

  @Override
  public String greet(String name) {
    calls.incrementAndGet();
    long millis = delayMillis;
    if (millis > 0) {
      try {
        // The injected degradation: the provider itself is slow.
        TimeUnit.MILLISECONDS.sleep(millis);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    if (FAULT.equals(name)) {
      throw new IllegalArgumentException("name: fault (expected: anything else)");
    }
    return "Hello, " + name;
  }
}

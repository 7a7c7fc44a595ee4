package io.wsqos.monitor.internal;

import static java.util.Objects.requireNonNull;

import java.time.Duration;

/**
 * The argument checks the monitor's builders share, so that every setting fails the same way:
 * {@code IllegalArgumentException("name: value (expected: ...)")}, naming the setting, the value
 * given and what it accepts.
 */
public final class Checks {

  private Checks() {}

  /** {@code value} if it is within {@code min..max}. */
  public static int inRange(String name, int value, int min, int max) {
    if (value < min || value > max) {
      throw new IllegalArgumentException(
          name + ": " + value + " (expected: " + min + ".." + max + ")");
    }
    return value;
  }

  /** {@code value} if it is within {@code min..max}; the message gives milliseconds. */
  public static Duration inRange(String name, Duration value, Duration min, Duration max) {
    requireNonNull(value, name);
    if (value.compareTo(min) < 0 || value.compareTo(max) > 0) {
      throw new IllegalArgumentException(
          name
              + ": "
              + value.toMillis()
              + " ms (expected: "
              + min.toMillis()
              + ".."
              + max.toMillis()
              + " ms)");
    }
    return value;
  }

  /** {@code value} if it is not null and not blank. */
  public static String notBlank(String name, String value) {
    requireNonNull(value, name);
    if (value.isBlank()) {
      throw new IllegalArgumentException(name + ": '" + value + "' (expected: not blank)");
    }
    return value;
  }
}

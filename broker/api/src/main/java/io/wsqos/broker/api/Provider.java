package io.wsqos.broker.api;

import io.wsqos.core.Checks;

/**
 * A party that runs endpoints and publishes offers for them, as the broker's registry holds it.
 *
 * @param id the registry's id, {@code >= 1}
 * @param name unique in the registry; not blank, at most {@value #MAX_NAME_CHARS} characters, no
 *     control characters
 */
public record Provider(long id, String name) {

  /** The longest name. */
  public static final int MAX_NAME_CHARS = 200;

  /** Checks both fields; see the class Javadoc for the ranges. */
  public Provider {
    Checks.atLeast("id", id, 1);
    checkName(name);
  }

  /**
   * Returns {@code name} if it is a valid provider name.
   *
   * @throws io.wsqos.core.InvalidValueException naming the field and what was expected
   */
  public static String checkName(String name) {
    return Checks.text("name", name, MAX_NAME_CHARS);
  }
}

package io.wsqos.spring.boot;

import java.util.function.Supplier;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;

/**
 * Turns a builder's refusal of a value into Spring Boot's {@link
 * InvalidConfigurationPropertyValueException}, which names the property, its value and where it was
 * set when the application fails to start. The builders keep the valid ranges; this only says which
 * property held the value.
 */
final class PropertyChecks {

  private PropertyChecks() {}

  /**
   * Returns what {@code apply} makes of the value of {@code property}.
   *
   * @throws InvalidConfigurationPropertyValueException naming {@code property} if {@code apply}
   *     refuses the value
   */
  static <T> T check(String property, Object value, Supplier<T> apply) {
    try {
      return apply.get();
    } catch (IllegalArgumentException | NullPointerException refused) {
      throw invalid(property, value, reason(refused));
    }
  }

  /** A property whose value a builder takes as its argument {@code argument}. */
  record Property(String argument, String name, Object value) {}

  /**
   * As {@link #check(String, Object, Supplier)} for a builder step taking several properties at
   * once: the refusal names the property whose argument its message starts with (the builders'
   * messages start with the argument's name, {@code "floor: 1.5 (expected: (0, 1])"}), else the
   * first.
   */
  static <T> T check(Supplier<T> apply, Property... properties) {
    try {
      return apply.get();
    } catch (IllegalArgumentException | NullPointerException refused) {
      String message = String.valueOf(refused.getMessage());
      Property culprit = properties[0];
      for (Property property : properties) {
        if (message.equals(property.argument()) || message.startsWith(property.argument() + ":")) {
          culprit = property;
        }
      }
      throw invalid(culprit.name(), culprit.value(), reason(refused));
    }
  }

  static InvalidConfigurationPropertyValueException invalid(
      String property, Object value, String reason) {
    return new InvalidConfigurationPropertyValueException(property, value, reason);
  }

  private static String reason(RuntimeException refused) {
    // A null check's message is only the argument's name: say that a value is missing.
    return refused instanceof NullPointerException
        ? "missing (" + refused.getMessage() + ")"
        : refused.getMessage();
  }
}

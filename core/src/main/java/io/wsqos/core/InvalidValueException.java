package io.wsqos.core;

import static java.util.Objects.requireNonNull;

/**
 * A value refused by its own check: it names the field, shows the value (cut short) and says what
 * was expected, so that an API answers with the field without reading the message. The message is
 * {@code field: value (expected: ...)}, e.g. {@code availability: 1.7 (expected: 0..1)}. Build one
 * through {@link Checks}, which also shows text values quoted and cut.
 */
public final class InvalidValueException extends IllegalArgumentException {

  private static final long serialVersionUID = 1L;

  private final String field;
  private final String value;
  private final String expected;

  /**
   * The refusal of {@code field} (dotted when nested, e.g. {@code terms.price}; empty when the
   * caller names it, see {@link #unnamed()}).
   *
   * @param value how the value is shown: {@code 1.7}, {@code missing}, {@code 201 characters}, or a
   *     text as {@link Checks#shown(CharSequence)} quotes it; a longer one than {@value
   *     Checks#MAX_SHOWN_CHARS} characters (twice that for a quoted text) is cut
   * @param expected what the field accepts, e.g. {@code 0..1}
   * @param cause what refused it first, or null
   */
  public InvalidValueException(String field, String value, String expected, Throwable cause) {
    super(
        (requireNonNull(field, "field").isEmpty() ? "" : field + ": ")
            + bounded(requireNonNull(value, "value"))
            + " (expected: "
            + requireNonNull(expected, "expected")
            + ")",
        cause);
    this.field = field;
    this.value = bounded(value);
    this.expected = expected;
  }

  /** The refusal of {@code field} with no cause; see the four-argument constructor. */
  public InvalidValueException(String field, String value, String expected) {
    this(field, value, expected, null);
  }

  private static String bounded(String value) {
    // A text that Checks.shown quoted and cut stays as it is; anything else is cut here, so that
    // no message repeats a whole request value.
    return value.length() <= 2 * Checks.MAX_SHOWN_CHARS ? value : Checks.cut(value);
  }

  /** The field refused, dotted for nested fields (e.g. {@code terms.price}). */
  public String field() {
    return field;
  }

  /** The value as the message shows it: quoted when it is text, and cut short. */
  public String value() {
    return value;
  }

  /** What the field accepts. */
  public String expected() {
    return expected;
  }

  /**
   * The same refusal for the field as nested in {@code parent}: {@code terms} makes {@code price}
   * {@code terms.price}, and names an {@link #unnamed()} refusal; this one when {@code parent} is
   * empty.
   */
  public InvalidValueException under(String parent) {
    if (parent.isEmpty()) {
      return this;
    }
    return named(field.isEmpty() ? parent : parent + "." + field);
  }

  /**
   * The same refusal with an empty field, for a reader that knows where the value was (a JSON path,
   * a parameter) better than the value knows its own name: {@link #under} then names it.
   */
  public InvalidValueException unnamed() {
    return named("");
  }

  /** The same refusal under another name, e.g. a query parameter's for a value's field. */
  public InvalidValueException named(String name) {
    InvalidValueException renamed = new InvalidValueException(name, value, expected, getCause());
    renamed.setStackTrace(getStackTrace());
    return renamed;
  }
}

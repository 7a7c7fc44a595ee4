package io.wsqos.cli;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * One typed command-line option: its name (without the leading {@code --}), its default, a one-line
 * description and how a value is read. Options are immutable values meant to be held in constants;
 * {@link Arguments} is read by option object, so a misspelt option does not compile.
 *
 * <p>A converter signals a bad value by throwing {@link IllegalArgumentException} whose message
 * says what was expected; {@link Options#parse} turns it into a {@link UsageException} naming the
 * option and the value.
 *
 * @param <T> the type of the option's value
 */
public final class Option<T> {

  private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9]*(-[a-z0-9]+)*");

  private final String name;
  private final String metavar;
  private final T defaultValue;
  private final String description;
  private final Function<String, T> converter;
  private final Function<T, String> formatter;
  private final boolean flag;
  private final boolean required;
  private final boolean repeatable;
  private final boolean secret;

  private Option(
      String name,
      String metavar,
      T defaultValue,
      String description,
      Function<String, T> converter,
      Function<T, String> formatter,
      boolean flag,
      boolean required,
      boolean repeatable,
      boolean secret) {
    this.name = requireNonNull(name, "name");
    if (!NAME.matcher(name).matches()) {
      throw new IllegalArgumentException(
          "name: '" + name + "' (expected: lowercase words separated by '-', without '--')");
    }
    this.metavar = requireNonNull(metavar, "metavar");
    this.defaultValue = defaultValue;
    this.description = requireNonNull(description, "description");
    if (description.isBlank() || description.contains("\n")) {
      throw new IllegalArgumentException(
          "description of --" + name + ": '" + description + "' (expected: one non-blank line)");
    }
    this.converter = requireNonNull(converter, "converter");
    this.formatter = requireNonNull(formatter, "formatter");
    this.flag = flag;
    this.required = required;
    this.repeatable = repeatable;
    this.secret = secret;
  }

  /**
   * An option of any type.
   *
   * @param name the name without {@code --}: lowercase words separated by {@code -}
   * @param metavar how the value is shown in the usage text, for example {@code INSTANT}
   * @param defaultValue the value when the option is not given; {@code null} for none
   * @param description one line
   * @param converter reads a value; throws {@link IllegalArgumentException} saying what was
   *     expected when it cannot
   */
  public static <T> Option<T> of(
      String name,
      String metavar,
      T defaultValue,
      String description,
      Function<String, T> converter) {
    return new Option<>(
        name,
        metavar,
        defaultValue,
        description,
        converter,
        String::valueOf,
        false,
        false,
        false,
        false);
  }

  /** A string; any value is accepted. */
  public static Option<String> string(String name, String defaultValue, String description) {
    return of(name, "TEXT", defaultValue, description, Function.identity());
  }

  /** An {@code int} in {@code min..max} (both included). */
  public static Option<Integer> integer(
      String name, Integer defaultValue, int min, int max, String description) {
    checkRange(name, min, max);
    String expected = range(min, max, Integer.MIN_VALUE, Integer.MAX_VALUE, "an integer");
    Function<String, Long> parse = boundedLong(min, max, expected);
    return of(name, "N", defaultValue, description, text -> parse.apply(text).intValue());
  }

  /** A {@code long} in {@code min..max} (both included). */
  public static Option<Long> longInteger(
      String name, Long defaultValue, long min, long max, String description) {
    checkRange(name, min, max);
    String expected = range(min, max, Long.MIN_VALUE, Long.MAX_VALUE, "an integer");
    return of(name, "N", defaultValue, description, boundedLong(min, max, expected));
  }

  /** A finite {@code double} in {@code min..max} (both included). */
  public static Option<Double> decimal(
      String name, Double defaultValue, double min, double max, String description) {
    if (!(min <= max)) {
      throw new IllegalArgumentException(
          "range of --" + name + ": " + min + ".." + max + " (expected: min <= max)");
    }
    String expected =
        min == -Double.MAX_VALUE && max == Double.MAX_VALUE
            ? "a number"
            : "a number in " + number(min) + ".." + number(max);
    return of(
        name,
        "X",
        defaultValue,
        description,
        text -> {
          double value;
          try {
            value = Double.parseDouble(text.trim());
          } catch (NumberFormatException e) {
            throw new IllegalArgumentException(expected, e);
          }
          if (!Double.isFinite(value) || value < min || value > max) {
            throw new IllegalArgumentException(expected);
          }
          return value;
        });
  }

  /**
   * A non-negative duration written with a unit ({@code 250ms}, {@code 5s}, {@code 1.5s}) or as a
   * bare number in {@code unit}.
   *
   * @param unit the unit of a bare number: {@link ChronoUnit#MILLIS} or {@link ChronoUnit#SECONDS}
   */
  public static Option<Duration> duration(
      String name, Duration defaultValue, ChronoUnit unit, String description) {
    if (unit != ChronoUnit.MILLIS && unit != ChronoUnit.SECONDS) {
      throw new IllegalArgumentException("unit: " + unit + " (expected: MILLIS or SECONDS)");
    }
    String bare = unit == ChronoUnit.MILLIS ? "ms" : "s";
    String expected = "a duration such as 250ms or 5s (a bare number is in " + bare + ")";
    return new Option<>(
        name,
        unit == ChronoUnit.MILLIS ? "MS" : "SECONDS",
        defaultValue,
        description,
        text -> parseDuration(text.trim(), bare, expected),
        Option::formatDuration,
        false,
        false,
        false,
        false);
  }

  /** One of {@code choices}, matched exactly. */
  public static Option<String> choice(
      String name, String defaultValue, List<String> choices, String description) {
    List<String> allowed = List.copyOf(choices);
    if (allowed.isEmpty()) {
      throw new IllegalArgumentException("choices of --" + name + ": [] (expected: at least one)");
    }
    if (defaultValue != null && !allowed.contains(defaultValue)) {
      throw new IllegalArgumentException(
          "default of --" + name + ": " + defaultValue + " (expected: one of " + allowed + ")");
    }
    String expected = "one of " + String.join(", ", allowed);
    return of(
        name,
        String.join("|", allowed),
        defaultValue,
        description,
        text -> {
          if (!allowed.contains(text)) {
            throw new IllegalArgumentException(expected);
          }
          return text;
        });
  }

  /**
   * A boolean flag: false unless given. {@code --name} sets it; {@code --name=true} and {@code
   * --name=false} are accepted too. A flag never takes the next argument as its value.
   */
  public static Option<Boolean> flag(String name, String description) {
    return new Option<>(
        name,
        "",
        false,
        description,
        text -> {
          String value = text.trim().toLowerCase(Locale.ROOT);
          if (!value.equals("true") && !value.equals("false")) {
            throw new IllegalArgumentException("true or false");
          }
          return Boolean.valueOf(value);
        },
        String::valueOf,
        true,
        false,
        false,
        false);
  }

  /** Strings separated by commas, each trimmed; an empty value gives an empty list. */
  public static Option<List<String>> list(
      String name, List<String> defaultValue, String description) {
    return listOf(string(name, null, description), defaultValue);
  }

  /**
   * Values separated by commas, each read by {@code element}'s converter; the list takes the
   * element option's name and description.
   */
  public static <T> Option<List<T>> listOf(Option<T> element, List<T> defaultValue) {
    Function<String, T> read = element.converter;
    Function<T, String> show = element.formatter;
    return new Option<>(
        element.name,
        element.metavar + ",...",
        defaultValue == null ? null : List.copyOf(defaultValue),
        element.description,
        text -> {
          if (text.isBlank()) {
            return List.of();
          }
          List<T> values = new ArrayList<>();
          for (String part : text.split(",", -1)) {
            try {
              values.add(read.apply(part.trim()));
            } catch (IllegalArgumentException e) {
              throw new IllegalArgumentException(
                  "comma-separated values, each "
                      + e.getMessage()
                      + "; '"
                      + part.trim()
                      + "' is not",
                  e);
            }
          }
          return List.copyOf(values);
        },
        values -> values.stream().map(show).collect(Collectors.joining(",")),
        false,
        false,
        false,
        false);
  }

  /** This option, which {@link Options#parse} insists on being given. */
  public Option<T> required() {
    return new Option<>(
        name,
        metavar,
        defaultValue,
        description,
        converter,
        formatter,
        flag,
        true,
        repeatable,
        secret);
  }

  /** This option, which may be given several times; read every value with {@link Arguments#all}. */
  public Option<T> repeatable() {
    return new Option<>(
        name,
        metavar,
        defaultValue,
        description,
        converter,
        formatter,
        flag,
        required,
        true,
        secret);
  }

  /**
   * This option with its value shown as {@code metavar} in the usage text and table, for example
   * {@code DIR} rather than {@code TEXT}.
   */
  public Option<T> withMetavar(String metavar) {
    requireNonNull(metavar, "metavar");
    if (metavar.isBlank() || flag) {
      throw new IllegalArgumentException(
          "metavar of --" + name + ": '" + metavar + "' (expected: non-blank, not for a flag)");
    }
    return new Option<>(
        name,
        metavar,
        defaultValue,
        description,
        converter,
        formatter,
        flag,
        required,
        repeatable,
        secret);
  }

  /**
   * This option, whose value is a secret (a password, a token): a message about a bad value shows
   * its length, never the value.
   */
  public Option<T> secret() {
    return new Option<>(
        name,
        metavar,
        defaultValue,
        description,
        converter,
        formatter,
        flag,
        required,
        repeatable,
        true);
  }

  /** Whether the value is a secret that messages do not show. */
  public boolean isSecret() {
    return secret;
  }

  /** The name without the leading {@code --}. */
  public String name() {
    return name;
  }

  /** How the value is shown in the usage text; empty for a flag. */
  public String metavar() {
    return metavar;
  }

  /** The one-line description. */
  public String description() {
    return description;
  }

  /** The value when the option is not given; {@code null} when there is none. */
  public T defaultValue() {
    return defaultValue;
  }

  /** The default as it is written on a command line; empty when there is none. */
  public String defaultText() {
    return defaultValue == null ? "" : formatter.apply(defaultValue);
  }

  /** Whether the option takes no value. */
  public boolean isFlag() {
    return flag;
  }

  /** Whether the option must be given. */
  public boolean isRequired() {
    return required;
  }

  /** Whether the option may be given several times. */
  public boolean isRepeatable() {
    return repeatable;
  }

  T convert(String text) {
    return converter.apply(text);
  }

  @Override
  public String toString() {
    return "--" + name;
  }

  private static void checkRange(String name, long min, long max) {
    if (min > max) {
      throw new IllegalArgumentException(
          "range of --" + name + ": " + min + ".." + max + " (expected: min <= max)");
    }
  }

  private static String range(long min, long max, long lowest, long highest, String kind) {
    if (min == lowest && max == highest) {
      return kind;
    }
    if (max == highest) {
      return min == 0 ? "a non-negative integer" : "an integer >= " + min;
    }
    return min + ".." + max;
  }

  /** Parses a whole number in {@code min..max}, failing with {@code expected} otherwise. */
  private static Function<String, Long> boundedLong(long min, long max, String expected) {
    return text -> {
      long value = parseLong(text.trim(), expected);
      if (value < min || value > max) {
        throw new IllegalArgumentException(expected);
      }
      return value;
    };
  }

  private static long parseLong(String text, String expected) {
    try {
      return Long.parseLong(text);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(expected, e);
    }
  }

  private static String number(double value) {
    return value == Math.rint(value) && Math.abs(value) < 1e15
        ? Long.toString((long) value)
        : Double.toString(value);
  }

  private static Duration parseDuration(String text, String bareUnit, String expected) {
    String number = text;
    String unit = bareUnit;
    if (text.endsWith("ms")) {
      number = text.substring(0, text.length() - 2);
      unit = "ms";
    } else if (text.endsWith("s")) {
      number = text.substring(0, text.length() - 1);
      unit = "s";
    }
    try {
      double value = Double.parseDouble(number.trim());
      if (!Double.isFinite(value) || value < 0 || number.isBlank()) {
        throw new IllegalArgumentException(expected);
      }
      double nanos = unit.equals("ms") ? value * 1e6 : value * 1e9;
      if (nanos > Long.MAX_VALUE) {
        throw new IllegalArgumentException(expected);
      }
      return Duration.ofNanos(Math.round(nanos));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(expected, e);
    }
  }

  private static String formatDuration(Duration duration) {
    if (duration.toNanos() % 1_000_000_000L == 0) {
      return duration.toSeconds() + "s";
    }
    if (duration.toNanos() % 1_000_000L == 0) {
      return duration.toMillis() + "ms";
    }
    return (duration.toNanos() / 1e6) + "ms";
  }
}

package io.wsqos.benchmarks.experiment;

import static java.util.Objects.requireNonNull;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;

/**
 * One typed command-line option of an experiment, {@code --name value} or {@code --name=value}: its
 * name, what it means, its default and how its value is read. The declarations also make the usage
 * text and the option tables of {@code benchmarks/EXPERIMENTS.md}.
 *
 * @param name without the leading {@code --}
 * @param value what the value is, for the usage, e.g. {@code SECONDS}
 * @param description what the option does
 * @param fallback the value when the option is not given (may be null: no value)
 * @param shown the default as the usage shows it
 * @param parser reads one value; throws {@link IllegalArgumentException} saying what was expected
 * @param <T> the value's type
 */
public record Option<T>(
    String name,
    String value,
    String description,
    T fallback,
    String shown,
    Function<String, T> parser) {

  public Option {
    requireNonNull(name, "name");
    requireNonNull(value, "value");
    requireNonNull(description, "description");
    requireNonNull(shown, "shown");
    requireNonNull(parser, "parser");
    if (!name.matches("[a-z][a-z0-9-]*")) {
      throw new IllegalArgumentException("name: '" + name + "' (expected: lower-case-words)");
    }
  }

  /** A whole number. */
  public static Option<Integer> integer(String name, int fallback, String description) {
    return of(name, "N", description, fallback, "" + fallback, "an integer", Integer::parseInt);
  }

  /** A duration in (fractional) seconds. */
  public static Option<Duration> seconds(String name, double fallback, String description) {
    return of(
        name,
        "SECONDS",
        description,
        seconds(fallback),
        number(fallback),
        "seconds",
        v -> seconds(Double.parseDouble(v)));
  }

  /** A duration in whole milliseconds. */
  public static Option<Duration> millis(String name, long fallback, String description) {
    return of(
        name,
        "MS",
        description,
        Duration.ofMillis(fallback),
        "" + fallback,
        "an integer",
        v -> Duration.ofMillis(Integer.parseInt(v)));
  }

  /** Comma-separated numbers, e.g. rates or requester counts. */
  public static Option<List<Double>> numbers(
      String name, List<Double> fallback, String description) {
    return of(
        name,
        "N,N,...",
        description,
        List.copyOf(fallback),
        String.join(",", fallback.stream().map(Option::number).toList()),
        "comma-separated numbers",
        v -> Arrays.stream(v.split(",")).map(part -> Double.parseDouble(part.trim())).toList());
  }

  /**
   * An option whose {@code parser} reads a trimmed value; a {@link NumberFormatException} becomes
   * an {@link IllegalArgumentException} saying that {@code what} was expected.
   */
  static <T> Option<T> of(
      String name,
      String value,
      String description,
      T fallback,
      String shown,
      String what,
      Function<String, T> parser) {
    return new Option<>(
        name,
        value,
        description,
        fallback,
        shown,
        v -> {
          try {
            return parser.apply(v.trim());
          } catch (NumberFormatException e) {
            throw expected(name, v, what);
          }
        });
  }

  /** Any text; {@code fallback} may be null (not given: no value). */
  public static Option<String> text(String name, String fallback, String description) {
    return new Option<>(
        name, "TEXT", description, fallback, fallback == null ? "" : fallback, v -> v);
  }

  /** One of {@code choices}. */
  public static Option<String> choice(
      String name, String fallback, List<String> choices, String description) {
    return new Option<>(
        name,
        String.join("|", choices),
        description,
        fallback,
        fallback,
        v -> {
          if (!choices.contains(v)) {
            throw new IllegalArgumentException(
                "--" + name + ": '" + v + "' (expected: one of " + choices + ")");
          }
          return v;
        });
  }

  /** {@code true} or {@code false}. */
  public static Option<Boolean> flag(String name, boolean fallback, String description) {
    return new Option<>(
        name,
        "true|false",
        description,
        fallback,
        Boolean.toString(fallback),
        v -> {
          if (!v.equals("true") && !v.equals("false")) {
            throw expected(name, v, "true or false");
          }
          return Boolean.parseBoolean(v);
        });
  }

  /** A file or directory. */
  public static Option<Path> path(String name, String fallback, String description) {
    return new Option<>(
        name,
        "PATH",
        description,
        fallback == null ? null : Path.of(fallback),
        fallback == null ? "" : fallback,
        Path::of);
  }

  /** Reads {@code v}, given for this option. */
  T parse(String v) {
    return parser.apply(v);
  }

  static IllegalArgumentException expected(String name, String v, String what) {
    return new IllegalArgumentException("--" + name + ": '" + v + "' (expected: " + what + ")");
  }

  private static Duration seconds(double s) {
    return Duration.ofNanos((long) (s * 1e9));
  }

  private static String number(double x) {
    return x == Math.rint(x) ? Long.toString((long) x) : Double.toString(x);
  }
}

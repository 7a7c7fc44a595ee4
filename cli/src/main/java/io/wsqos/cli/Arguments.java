package io.wsqos.cli;

import static java.util.Objects.requireNonNull;

import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A parsed command line: immutable, read by {@link Option} object. An option not given reads as its
 * default.
 */
public final class Arguments {

  private final Options options;
  private final Map<Option<?>, List<Object>> values;
  private final boolean helpRequested;

  Arguments(Options options, Map<Option<?>, List<Object>> values, boolean helpRequested) {
    this.options = options;
    Map<Option<?>, List<Object>> copy = new IdentityHashMap<>();
    values.forEach((option, given) -> copy.put(option, List.copyOf(given)));
    this.values = copy;
    this.helpRequested = helpRequested;
  }

  /**
   * Whether {@code --help} or {@code -h} was given; then nothing else was read and the caller
   * should print {@link Options#usage()}.
   */
  public boolean helpRequested() {
    return helpRequested;
  }

  /** Whether {@code option} was given on the command line. */
  public boolean isSet(Option<?> option) {
    return !given(option).isEmpty();
  }

  /**
   * The value given for {@code option} (the last one for a repeatable option), or its default.
   *
   * @throws IllegalStateException if it was not given and has no default: read such an option with
   *     {@link #optional}
   */
  public <T> T get(Option<T> option) {
    return optional(option)
        .orElseThrow(() -> new IllegalStateException(option + " was not given and has no default"));
  }

  /** The value given for {@code option} (the last one if repeated), or its default, if any. */
  public <T> Optional<T> optional(Option<T> option) {
    List<T> given = given(option);
    return given.isEmpty()
        ? Optional.ofNullable(option.defaultValue())
        : Optional.of(given.get(given.size() - 1));
  }

  /**
   * Every value given for {@code option} in order; when none was given, its default alone, or an
   * empty list if it has none.
   */
  public <T> List<T> all(Option<T> option) {
    List<T> given = given(option);
    if (!given.isEmpty()) {
      return given;
    }
    return option.defaultValue() == null ? List.of() : List.of(option.defaultValue());
  }

  @SuppressWarnings("unchecked") // values.get(option) holds only what option converted
  private <T> List<T> given(Option<T> option) {
    requireNonNull(option, "option");
    if (!options.declares(option)) {
      throw new IllegalArgumentException(
          option + ": not declared (expected one of " + options + ")");
    }
    return (List<T>) values.getOrDefault(option, List.of());
  }

  @Override
  public String toString() {
    return "Arguments" + values;
  }
}

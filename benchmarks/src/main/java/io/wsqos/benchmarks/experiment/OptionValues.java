package io.wsqos.benchmarks.experiment;

import io.wsqos.cli.Arguments;
import io.wsqos.cli.Option;
import io.wsqos.cli.Options;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An experiment's parsed command line, read by option: by the declared option of the same name, so
 * that the framework's shared options (the timing, the server warm-up) read each experiment's own
 * declaration with its own default.
 */
public final class OptionValues {

  private final Arguments arguments;
  private final Map<String, Option<?>> declared = new LinkedHashMap<>();

  OptionValues(Options options, Arguments arguments) {
    this.arguments = arguments;
    options.options().forEach(o -> declared.put(o.name(), o));
  }

  /** Parses {@code argv} against {@code options}; see {@link Options#parse}. */
  static OptionValues parse(List<Option<?>> options, String... argv) {
    Options declared = Options.of("test", "test", options);
    return new OptionValues(declared, declared.parse(argv));
  }

  /** Its value, or its declared default (null for none). */
  public <T> T get(Option<T> option) {
    return arguments.optional(own(option)).orElse(null);
  }

  /** Every value given for a repeatable option; empty when none. */
  <T> List<T> all(Option<T> option) {
    return arguments.isSet(own(option)) ? arguments.all(own(option)) : List.of();
  }

  boolean isSet(Option<?> option) {
    return arguments.isSet(own(option));
  }

  /** Whether the experiment takes an option of this name. */
  boolean declares(Option<?> option) {
    return declared.containsKey(option.name());
  }

  @SuppressWarnings("unchecked") // same name, same type: the framework's options are declared once
  private <T> Option<T> own(Option<T> option) {
    Option<?> own = declared.get(option.name());
    if (own == null) {
      throw new IllegalArgumentException(
          option + ": not declared (expected: " + declared.keySet() + ")");
    }
    return (Option<T>) own;
  }
}

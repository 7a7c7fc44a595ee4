package io.wsqos.benchmarks.experiment;

import io.wsqos.benchmarks.report.Table;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The options given to an experiment, read against its declared {@link Option}s: {@code --name
 * value} and {@code --name=value} alike; a repeated option keeps every value, and {@link #get}
 * gives the last.
 */
public final class Options {

  private final Map<String, Option<?>> declared = new LinkedHashMap<>();
  private final Map<String, List<String>> given = new LinkedHashMap<>();

  private Options(List<Option<?>> declared) {
    for (Option<?> option : declared) {
      if (this.declared.put(option.name(), option) != null) {
        throw new IllegalArgumentException("option --" + option.name() + " declared twice");
      }
    }
  }

  /**
   * Reads {@code argv} against {@code declared}; every value is checked by its option's parser.
   *
   * @throws IllegalArgumentException naming the argument and what was expected
   */
  public static Options parse(List<String> argv, List<Option<?>> declared) {
    Options options = new Options(declared);
    for (int i = 0; i < argv.size(); i++) {
      String arg = argv.get(i);
      if (!arg.startsWith("--") || arg.length() == 2) {
        throw new IllegalArgumentException(
            "argument: '" + arg + "' (expected: --name value or --name=value)");
      }
      int eq = arg.indexOf('=');
      String name = eq < 0 ? arg.substring(2) : arg.substring(2, eq);
      Option<?> option = options.declared.get(name);
      if (option == null) {
        throw new IllegalArgumentException(
            "argument: --"
                + name
                + " (expected one of: --"
                + String.join(", --", options.declared.keySet())
                + ")");
      }
      String value;
      if (eq >= 0) {
        value = arg.substring(eq + 1);
      } else if (i + 1 < argv.size()) {
        value = argv.get(++i);
      } else {
        throw new IllegalArgumentException(
            "--" + name + ": no value (expected: " + option.value() + ")");
      }
      option.parse(value);
      options.given.computeIfAbsent(name, n -> new ArrayList<>()).add(value);
    }
    return options;
  }

  /** The option's last value, or its declared default. */
  public <T> T get(Option<T> option) {
    @SuppressWarnings("unchecked")
    Option<T> own = (Option<T>) declared(option);
    List<String> values = given.get(own.name());
    return values == null ? own.fallback() : own.parse(values.get(values.size() - 1));
  }

  /** Every value given for the option, in order; empty when not given. */
  public <T> List<T> all(Option<T> option) {
    @SuppressWarnings("unchecked")
    Option<T> own = (Option<T>) declared(option);
    return given.getOrDefault(own.name(), List.of()).stream().map(own::parse).toList();
  }

  /** Whether the experiment takes the option. */
  public boolean declares(Option<?> option) {
    return declared.containsKey(option.name());
  }

  /** Whether the option was given. */
  public boolean has(Option<?> option) {
    return given.containsKey(declared(option).name());
  }

  private Option<?> declared(Option<?> option) {
    Option<?> own = declared.get(option.name());
    if (own == null) {
      throw new IllegalArgumentException(
          "option --" + option.name() + " (expected: a declared one)");
    }
    return own;
  }

  /** The usage text of {@code options}, one line per option. */
  public static String usage(List<Option<?>> options) {
    StringBuilder text = new StringBuilder();
    for (Option<?> o : options) {
      text.append("  --")
          .append(o.name())
          .append(' ')
          .append(o.value())
          .append("\n      ")
          .append(o.description())
          .append(o.shown().isEmpty() ? "" : " (default: " + o.shown() + ")")
          .append('\n');
    }
    return text.toString();
  }

  /** The option table of {@code options}, for {@code benchmarks/EXPERIMENTS.md}. */
  public static Table table(List<Option<?>> options) {
    Table table = Table.of("option", "value", "default", "meaning");
    options.forEach(
        o ->
            table.row(
                "`--" + o.name() + "`",
                "`" + o.value().replace("|", "\\|") + "`",
                o.shown().isEmpty() ? "" : "`" + o.shown() + "`",
                o.description().replace("|", "\\|")));
    return table;
  }
}

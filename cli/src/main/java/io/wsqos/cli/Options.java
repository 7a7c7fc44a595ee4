package io.wsqos.cli;

import static java.util.Objects.requireNonNull;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The options of one command: parses a command line into {@link Arguments}, and renders the same
 * declarations as usage text ({@link #usage()}) and as a Markdown table ({@link #markdownTable()}),
 * so a README's option table is generated rather than written.
 *
 * <p>{@code --name value} and {@code --name=value} are read alike; a flag is {@code --name}. A
 * value that itself starts with {@code --} must use the {@code =} form. {@code --help} (or {@code
 * -h}) is always understood and sets {@link Arguments#helpRequested()}.
 */
public final class Options {

  private final String command;
  private final String summary;
  private final Map<String, Option<?>> byName;

  private Options(String command, String summary, List<Option<?>> options) {
    this.command = requireNonNull(command, "command");
    this.summary = requireNonNull(summary, "summary");
    Map<String, Option<?>> names = new LinkedHashMap<>();
    for (Option<?> option : options) {
      requireNonNull(option, "option");
      if (option.name().equals("help")) {
        throw new IllegalArgumentException("option: --help (expected: any name but help)");
      }
      if (names.putIfAbsent(option.name(), option) != null) {
        throw new IllegalArgumentException(
            "option: " + option + " declared twice (expected: unique names)");
      }
    }
    this.byName = names;
  }

  /**
   * The options of {@code command}.
   *
   * @param command the command's name as the usage text shows it
   * @param summary one or more sentences on what the command does
   * @param options the declarations, in the order the usage text and table list them
   */
  public static Options of(String command, String summary, Option<?>... options) {
    return new Options(command, summary, List.of(options));
  }

  /** The options of {@code command}; see {@link #of(String, String, Option...)}. */
  public static Options of(String command, String summary, List<? extends Option<?>> options) {
    return new Options(command, summary, List.copyOf(options));
  }

  /** The declarations, in order. */
  public List<Option<?>> options() {
    return List.copyOf(byName.values());
  }

  /**
   * Reads {@code args}.
   *
   * @throws UsageException naming the option, the value and what was expected, for an argument that
   *     is not an option, an unknown option, a missing or bad value, a non-repeatable option given
   *     twice, or a required option not given (unless {@code --help} is among the arguments)
   */
  public Arguments parse(String... args) {
    requireNonNull(args, "args");
    for (String arg : args) {
      if (arg.equals("--help") || arg.equals("-h")) {
        return new Arguments(this, Map.of(), true);
      }
    }
    Map<Option<?>, List<Object>> values = read(args);
    checkRequired(values);
    return new Arguments(this, values, false);
  }

  /**
   * Reads {@code args} over {@code sources}: an option takes its value from the command line if
   * given there, else from the last of {@code sources} that gives one, else its default. So with
   * sources {@code [file, environment]} the precedence rises from default to file to environment to
   * command line. Every source's values go through the same converters; a message about a value
   * from a source names where it was written, e.g. {@code WSQOS_BROKER_PORT (--port): x (expected:
   * 0..65535)}.
   *
   * @throws UsageException as {@link #parse(String...)}, and for a source's entry that names no
   *     option or has a bad value; a required option may come from any source
   */
  public Arguments parse(List<Source> sources, String... args) {
    requireNonNull(sources, "sources");
    requireNonNull(args, "args");
    for (String arg : args) {
      if (arg.equals("--help") || arg.equals("-h")) {
        return new Arguments(this, Map.of(), true);
      }
    }
    Map<Option<?>, List<Object>> values = new IdentityHashMap<>();
    for (Source source : sources) {
      requireNonNull(source, "source");
      for (String name : source.names()) {
        if (!byName.containsKey(name)) {
          throw new UsageException(
              source.where(name) + ": unknown option (expected one of: " + names() + ")");
        }
      }
      for (Option<?> option : byName.values()) {
        Optional<String> text = source.value(option);
        if (text.isPresent()) {
          String where = source.where(option.name()) + " (" + option + ")";
          values.put(option, new ArrayList<>(List.of(convert(option, where, text.get()))));
        }
      }
    }
    Map<Option<?>, List<Object>> given = read(args);
    values.putAll(given);
    checkRequired(values);
    return new Arguments(this, values, false);
  }

  /**
   * Reads {@code args} as a command's main does. For a usage error it prints the message and then
   * the usage to {@code err} and is done with {@link MainArguments#USAGE_ERROR}; for {@code --help}
   * it prints the usage to {@code out} and is done with 0; otherwise it gives the arguments to run
   * with. It never exits: the main decides (see {@link MainArguments#exitIfFailed()}).
   */
  public MainArguments parseForMain(String[] args, PrintStream out, PrintStream err) {
    return parseForMain(List.of(), args, out, err);
  }

  /**
   * As {@link #parseForMain(String[], PrintStream, PrintStream)}, reading {@code args} over {@code
   * sources} as {@link #parse(List, String...)} does (a usage error may then name a source's entry,
   * such as an environment variable).
   */
  public MainArguments parseForMain(
      List<Source> sources, String[] args, PrintStream out, PrintStream err) {
    requireNonNull(out, "out");
    requireNonNull(err, "err");
    Arguments arguments;
    try {
      arguments = parse(sources, args);
    } catch (UsageException e) {
      err.println(e.getMessage());
      err.print(usage());
      return MainArguments.stopWith(MainArguments.USAGE_ERROR);
    }
    if (arguments.helpRequested()) {
      out.print(usage());
      return MainArguments.stopWith(0);
    }
    return MainArguments.toRun(arguments);
  }

  /**
   * The text for {@code --help}: a synopsis line, the summary and one line per option with its
   * value, description and default.
   */
  public String usage() {
    StringBuilder synopsis = new StringBuilder("usage: ").append(command);
    List<String[]> rows = new ArrayList<>();
    for (Option<?> option : byName.values()) {
      String form = option.isFlag() ? option.toString() : option + " " + option.metavar();
      synopsis.append(' ').append(option.isRequired() ? form : "[" + form + "]");
      String notes = option.isRequired() ? " (required)" : defaultNote(option);
      if (option.isRepeatable()) {
        notes += " (repeatable)";
      }
      rows.add(new String[] {form, option.description() + notes});
    }
    int width = rows.stream().mapToInt(row -> row[0].length()).max().orElse(0);
    StringBuilder text = new StringBuilder(synopsis).append("\n\n").append(summary).append("\n\n");
    for (String[] row : rows) {
      text.append("  ").append(row[0]).append(" ".repeat(width - row[0].length() + 2));
      text.append(row[1]).append('\n');
    }
    text.append("  --help").append(" ".repeat(Math.max(2, width - 6 + 2)));
    text.append("Prints this text and exits\n");
    return text.toString();
  }

  /**
   * A GitHub-flavoured Markdown table of the options with the columns Option, Default and
   * Description, ending with a line break.
   */
  public String markdownTable() {
    StringBuilder table = new StringBuilder("| Option | Default | Description |\n");
    table.append("|---|---|---|\n");
    for (Option<?> option : byName.values()) {
      String form = option.isFlag() ? option.toString() : option + " " + option.metavar();
      String defaultCell =
          option.isRequired() ? "required" : option.isFlag() ? "off" : code(option.defaultText());
      String description = option.description() + (option.isRepeatable() ? " (repeatable)" : "");
      table.append("| ").append(code(form)).append(" | ").append(defaultCell).append(" | ");
      table.append(escape(description)).append(" |\n");
    }
    return table.toString();
  }

  boolean declares(Option<?> option) {
    return byName.get(option.name()) == option;
  }

  @Override
  public String toString() {
    return "Options[" + command + ": " + names() + "]";
  }

  private Map<Option<?>, List<Object>> read(String... args) {
    Map<Option<?>, List<Object>> values = new IdentityHashMap<>();
    for (int i = 0; i < args.length; i++) {
      String arg = requireNonNull(args[i], "args[" + i + "]");
      if (!arg.startsWith("--") || arg.length() == 2) {
        throw new UsageException(
            "argument: '" + arg + "' (expected: an option such as --name value; see --help)");
      }
      int equals = arg.indexOf('=');
      String name = equals < 0 ? arg.substring(2) : arg.substring(2, equals);
      Option<?> option = byName.get(name);
      if (option == null) {
        throw new UsageException(
            "--" + name + ": unknown option (expected one of: " + names() + ", --help)");
      }
      String text;
      if (equals >= 0) {
        text = arg.substring(equals + 1);
      } else if (option.isFlag()) {
        text = "true";
      } else if (i + 1 < args.length && !args[i + 1].startsWith("--")) {
        text = args[++i];
      } else {
        throw new UsageException(
            option + ": no value (expected: " + option + " " + option.metavar() + ")");
      }
      List<Object> given = values.computeIfAbsent(option, o -> new ArrayList<>());
      if (!given.isEmpty() && !option.isRepeatable()) {
        throw new UsageException(
            option + ": " + shown(option, text) + " given again (expected: at most once)");
      }
      given.add(convert(option, text));
    }
    return values;
  }

  private void checkRequired(Map<Option<?>, List<Object>> values) {
    for (Option<?> option : byName.values()) {
      if (option.isRequired() && !values.containsKey(option)) {
        throw new UsageException(
            option + ": missing (expected: " + option + " " + option.metavar() + ")");
      }
    }
  }

  private static <T> T convert(Option<T> option, String where, String text) {
    try {
      return option.convert(text);
    } catch (IllegalArgumentException e) {
      throw new UsageException(
          where + ": " + shown(option, text) + " (expected: " + e.getMessage() + ")");
    }
  }

  private static <T> T convert(Option<T> option, String text) {
    try {
      return option.convert(text);
    } catch (IllegalArgumentException e) {
      throw new UsageException(
          option + ": " + shown(option, text) + " (expected: " + e.getMessage() + ")");
    }
  }

  /** How a value appears in a message: a secret's only by its length. */
  private static String shown(Option<?> option, String text) {
    return option.isSecret() ? "(secret of " + text.length() + " characters)" : text;
  }

  private String names() {
    return String.join(", ", byName.keySet().stream().map(n -> "--" + n).toList());
  }

  private static String defaultNote(Option<?> option) {
    if (option.isFlag() || option.defaultValue() == null || option.defaultText().isEmpty()) {
      return "";
    }
    return " (default: " + option.defaultText() + ")";
  }

  private static String code(String text) {
    return text.isEmpty() ? "" : "`" + escape(text) + "`";
  }

  private static String escape(String text) {
    return text.replace("|", "\\|");
  }
}

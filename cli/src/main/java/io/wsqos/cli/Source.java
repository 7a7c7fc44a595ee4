package io.wsqos.cli;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A place other than the command line that gives options their values: the environment (a variable
 * per option, named after it under a prefix) or a properties file (a key per option, its name
 * without {@code --}). {@link Options#parse(java.util.List, String...)} reads the same converters
 * from every source, and its messages name where a bad value came from.
 */
public final class Source {

  private static final Pattern PREFIX = Pattern.compile("[A-Z][A-Z0-9_]*_");

  private final String description;
  private final Map<String, String> values;
  private final Map<String, String> keys;

  private Source(String description, Map<String, String> values, Map<String, String> keys) {
    this.description = description;
    this.values = values;
    this.keys = keys;
  }

  /**
   * The variables of {@code environment} whose names start with {@code prefix}: option {@code
   * --jdbc-url} is read from {@code PREFIX + JDBC_URL}. A variable with the prefix that names no
   * option is refused, so a misspelt one does not go unnoticed.
   *
   * @param prefix upper case, ending with {@code _}, e.g. {@code WSQOS_BROKER_}
   */
  public static Source environment(String prefix, Map<String, String> environment) {
    requireNonNull(prefix, "prefix");
    requireNonNull(environment, "environment");
    if (!PREFIX.matcher(prefix).matches()) {
      throw new IllegalArgumentException(
          "prefix: '" + prefix + "' (expected: upper case letters, digits and _, ending with _)");
    }
    Map<String, String> values = new LinkedHashMap<>();
    Map<String, String> keys = new LinkedHashMap<>();
    environment.forEach(
        (name, value) -> {
          if (name.startsWith(prefix) && name.length() > prefix.length()) {
            String option =
                name.substring(prefix.length()).toLowerCase(Locale.ROOT).replace('_', '-');
            values.put(option, value);
            keys.put(option, name);
          }
        });
    return new Source("the environment", Map.copyOf(values), Map.copyOf(keys));
  }

  /**
   * The entries of {@code properties}, read from {@code file} (named in messages): key {@code
   * jdbc-url} gives option {@code --jdbc-url}. A key that names no option is refused.
   */
  public static Source properties(String file, Properties properties) {
    requireNonNull(file, "file");
    requireNonNull(properties, "properties");
    Map<String, String> values = new LinkedHashMap<>();
    Map<String, String> keys = new LinkedHashMap<>();
    for (String key : properties.stringPropertyNames()) {
      values.put(key, properties.getProperty(key));
      keys.put(key, key + " in " + file);
    }
    return new Source(file, Map.copyOf(values), Map.copyOf(keys));
  }

  /**
   * The properties file {@code file} (UTF-8), as {@link #properties(String, Properties)}.
   *
   * @throws UsageException naming the file if it does not exist or cannot be read: a file named
   *     explicitly must be there
   */
  public static Source propertiesFile(Path file) {
    requireNonNull(file, "file");
    Properties properties = new Properties();
    try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      properties.load(reader);
    } catch (NoSuchFileException e) {
      throw new UsageException(file + ": no such file (expected: a properties file)");
    } catch (IOException | IllegalArgumentException e) {
      throw new UsageException(file + ": cannot be read (" + e.getMessage() + ")");
    }
    return properties(file.toString(), properties);
  }

  /** What the source is, e.g. {@code the environment} or the file's name. */
  public String description() {
    return description;
  }

  Optional<String> value(Option<?> option) {
    return Optional.ofNullable(values.get(option.name()));
  }

  /** The names of the options this source gives values for. */
  public Set<String> names() {
    return values.keySet();
  }

  /** Where the value of the option {@code name} is written, e.g. {@code WSQOS_BROKER_PORT}. */
  String where(String name) {
    return keys.getOrDefault(name, name + " in " + description);
  }

  @Override
  public String toString() {
    return "Source[" + description + ": " + values.keySet() + "]";
  }
}

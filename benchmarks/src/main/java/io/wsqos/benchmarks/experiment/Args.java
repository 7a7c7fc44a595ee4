package io.wsqos.benchmarks.experiment;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** {@code --name=value} command-line options; a repeated option keeps every value. */
final class Args {

  private final Map<String, List<String>> values = new LinkedHashMap<>();

  private Args() {}

  static Args parse(List<String> args, Set<String> known) {
    Args parsed = new Args();
    for (String arg : args) {
      if (!arg.startsWith("--") || !arg.contains("=")) {
        throw new IllegalArgumentException("argument: '" + arg + "' (expected: --name=value)");
      }
      String name = arg.substring(2, arg.indexOf('='));
      if (!known.contains(name)) {
        throw new IllegalArgumentException(
            "argument: --" + name + " (expected one of: --" + String.join(", --", known) + ")");
      }
      parsed
          .values
          .computeIfAbsent(name, n -> new ArrayList<>())
          .add(arg.substring(arg.indexOf('=') + 1));
    }
    return parsed;
  }

  String string(String name, String fallback) {
    List<String> v = values.get(name);
    return v == null ? fallback : v.get(v.size() - 1);
  }

  List<String> all(String name) {
    return values.getOrDefault(name, List.of());
  }

  boolean has(String name) {
    return values.containsKey(name);
  }

  int integer(String name, int fallback) {
    String v = string(name, null);
    try {
      return v == null ? fallback : Integer.parseInt(v);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("--" + name + ": '" + v + "' (expected: an integer)");
    }
  }

  Duration seconds(String name, double fallbackSeconds) {
    String v = string(name, null);
    try {
      double s = v == null ? fallbackSeconds : Double.parseDouble(v);
      return Duration.ofNanos((long) (s * 1e9));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("--" + name + ": '" + v + "' (expected: seconds)");
    }
  }

  Duration millis(String name, long fallbackMillis) {
    return Duration.ofMillis(integer(name, (int) fallbackMillis));
  }

  List<Double> numbers(String name, List<Double> fallback) {
    String v = string(name, null);
    if (v == null) {
      return fallback;
    }
    List<Double> numbers = new ArrayList<>();
    for (String part : v.split(",")) {
      try {
        numbers.add(Double.parseDouble(part.trim()));
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(
            "--" + name + ": '" + v + "' (expected: comma-separated numbers)");
      }
    }
    return numbers;
  }
}

package io.wsqos.examples.brokerdemo;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code wsqos_*} metric families of Prometheus text expositions (a {@code /metrics} answer),
 * with their type, label names and help, and which servers serve them: the table that {@code
 * docs/metrics.md} holds.
 */
final class SeriesTable {

  /** One metric family. */
  record Family(String name, String type, Set<String> labels, Set<String> servedBy, String help) {}

  private static final Pattern HELP = Pattern.compile("# HELP (wsqos_\\S+) (.*)");
  private static final Pattern TYPE = Pattern.compile("# TYPE (wsqos_\\S+) (\\S+)");
  private static final Pattern SAMPLE = Pattern.compile("(wsqos_[a-zA-Z0-9_:]+)(\\{(.*)})? .*");
  private static final Pattern LABEL =
      Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)=\"(?:[^\"\\\\]|\\\\.)*\"");
  private static final List<String> SUFFIXES = List.of("", "_count", "_sum", "_bucket");

  private final Map<String, Family> families = new TreeMap<>();

  /** Adds the families of {@code exposition}, served by {@code server}. */
  SeriesTable add(String server, String exposition) {
    Map<String, String> help = new TreeMap<>();
    Map<String, String> types = new TreeMap<>();
    Map<String, Set<String>> labels = new TreeMap<>();
    for (String line : exposition.split("\n")) {
      Matcher m;
      if ((m = HELP.matcher(line)).matches()) {
        help.put(m.group(1), m.group(2));
      } else if ((m = TYPE.matcher(line)).matches()) {
        types.put(m.group(1), m.group(2));
      } else if ((m = SAMPLE.matcher(line)).matches()) {
        Set<String> names = labels.computeIfAbsent(m.group(1), k -> new TreeSet<>());
        if (m.group(3) != null) {
          Matcher label = LABEL.matcher(m.group(3));
          while (label.find()) {
            names.add(label.group(1));
          }
        }
      }
    }
    help.forEach(
        (name, text) -> {
          Set<String> names = new TreeSet<>();
          for (String suffix : SUFFIXES) {
            names.addAll(labels.getOrDefault(name + suffix, Set.of()));
          }
          Family known = families.get(name);
          Set<String> servedBy = new TreeSet<>(known == null ? Set.of() : known.servedBy());
          servedBy.add(server);
          if (known != null) {
            names.addAll(known.labels());
          }
          families.put(
              name, new Family(name, types.getOrDefault(name, "untyped"), names, servedBy, text));
        });
    return this;
  }

  /** The families, by name. */
  List<Family> families() {
    return new ArrayList<>(families.values());
  }

  /** The families as a Markdown table. */
  String markdown() {
    StringBuilder table = new StringBuilder();
    table.append("| series | type | labels | served by | help |\n|---|---|---|---|---|\n");
    for (Family family : families.values()) {
      table
          .append("| `")
          .append(family.name())
          .append("` | ")
          .append(family.type())
          .append(" | ")
          .append(family.labels().isEmpty() ? "" : "`" + String.join("`, `", family.labels()) + "`")
          .append(" | ")
          .append(String.join(", ", family.servedBy()))
          .append(" | ")
          .append(family.help().replace("|", "\\|"))
          .append(" |\n");
    }
    return table.toString();
  }
}

package io.wsqos.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The module diagram of {@code docs/architecture.md} (a Mermaid flowchart under "## Modules") draws
 * every module of the reactor, and its arrows are the poms' compile dependencies between them: an
 * arrow {@code a --> b} for each dependency of {@code a} on {@code b} that no longer path already
 * implies (the transitive reduction, so that the diagram stays readable), and no other. A wrong,
 * missing or redundant arrow, or a module left out, fails the build.
 */
class ModuleDiagramTest {

  /** A node: {@code id} or {@code id["label"]}, whose label is a module's directory. */
  private static final Pattern NODE = Pattern.compile("([\\w-]+)(?:\\[\"([^\"]+)\"])?");

  /** A line that draws nothing the test compares: a comment, the header, a group's start or end. */
  private static final Pattern KEYWORD =
      Pattern.compile("(?:%%|(?:flowchart|graph|subgraph|end)\\b).*");

  @Test
  void theDiagramDrawsEveryModuleOfTheReactor() {
    assertThat(diagram().modules()).isEqualTo(new TreeSet<>(Reactor.artifacts().keySet()));
  }

  @Test
  void theDiagramsArrowsAreThePomsCompileDependenciesLessThoseALongerPathImplies() {
    assertThat(diagram().arrows()).isEqualTo(arrows(reduced(Reactor.compileDependencies())));
  }

  @Test
  void theReductionDropsOnlyADependencyThatALongerPathImplies() {
    Map<String, Set<String>> graph =
        Map.of(
            "app", Set.of("lib", "core", "other"),
            "lib", Set.of("core"),
            "core", Set.of(),
            "other", Set.of());

    assertThat(arrows(reduced(graph)))
        .containsExactly("app --> lib", "app --> other", "lib --> core");
  }

  /** What the diagram draws: its modules and its arrows as {@code "a --> b"}, sorted. */
  private record Diagram(Set<String> modules, Set<String> arrows) {}

  private static Diagram diagram() {
    String section = Reactor.section(Reactor.read("docs/architecture.md"), "## Modules");
    int start = section.indexOf("```mermaid\n");
    assertThat(start).as("a mermaid block under ## Modules").isNotNegative();
    int end = section.indexOf("```", start + 3);
    Map<String, String> labels = new HashMap<>();
    List<String[]> edges = new ArrayList<>();
    for (String raw : section.substring(start, end).lines().skip(1).toList()) {
      String line = raw.strip();
      if (line.isEmpty() || KEYWORD.matcher(line).matches()) {
        continue;
      }
      String[] sides = line.split("-->", -1);
      assertThat(sides.length).as("one arrow at most: %s", line).isLessThanOrEqualTo(2);
      List<String> from = nodes(sides[0], labels, line);
      List<String> to = sides.length == 2 ? nodes(sides[1], labels, line) : List.of();
      for (String a : from) {
        for (String b : to) {
          edges.add(new String[] {a, b});
        }
      }
    }
    Set<String> arrows = new TreeSet<>();
    for (String[] edge : edges) {
      arrows.add(labels.get(edge[0]) + " --> " + labels.get(edge[1]));
    }
    return new Diagram(new TreeSet<>(labels.values()), arrows);
  }

  /** The nodes of one side of a line, {@code a & b["label"]}; records each node's label. */
  private static List<String> nodes(String side, Map<String, String> labels, String line) {
    List<String> ids = new ArrayList<>();
    for (String part : side.split("&")) {
      Matcher node = NODE.matcher(part.strip());
      assertThat(node.matches()).as("a node, id or id[\"label\"], in: %s", line).isTrue();
      String id = node.group(1);
      if (node.group(2) == null) {
        labels.putIfAbsent(id, id);
      } else {
        String before = labels.put(id, node.group(2));
        assertThat(before == null || before.equals(node.group(2)))
            .as("node %s labelled once, before it is used: %s", id, line)
            .isTrue();
      }
      ids.add(id);
    }
    return ids;
  }

  /** {@code graph} without the edges that a path of two or more edges also connects. */
  private static Map<String, Set<String>> reduced(Map<String, Set<String>> graph) {
    Map<String, Set<String>> reduced = new HashMap<>();
    graph.forEach(
        (from, targets) -> {
          Set<String> kept = new TreeSet<>();
          for (String to : targets) {
            boolean implied =
                targets.stream().anyMatch(via -> !via.equals(to) && reaches(graph, via, to));
            if (!implied) {
              kept.add(to);
            }
          }
          reduced.put(from, kept);
        });
    return reduced;
  }

  private static boolean reaches(Map<String, Set<String>> graph, String from, String to) {
    Set<String> seen = new HashSet<>();
    Deque<String> next = new ArrayDeque<>(List.of(from));
    while (!next.isEmpty()) {
      String node = next.pop();
      if (node.equals(to)) {
        return true;
      }
      if (seen.add(node)) {
        next.addAll(graph.getOrDefault(node, Set.of()));
      }
    }
    return false;
  }

  private static Set<String> arrows(Map<String, Set<String>> graph) {
    Set<String> arrows = new TreeSet<>();
    graph.forEach((from, targets) -> targets.forEach(to -> arrows.add(from + " --> " + to)));
    return arrows;
  }
}

package io.wsqos.binding;

import static java.nio.charset.StandardCharsets.UTF_8;
import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;

/**
 * An ordered list of if-then rules over the facts of an {@link Environment} and a {@link
 * Prediction}, ending in a default (section 3.1 of the report). The file, UTF-8, one rule a line,
 * {@code #} starting a comment:
 *
 * <pre>
 * if same-jvm and reachable:local then local
 * if firewall then soap
 * if reachable:rmi and predicted:rmi then rmi
 * if not same-host and reachable:soap then soap
 * default soap rmi cxf-local local
 * </pre>
 *
 * <p>A condition is one or more facts joined by {@code and}, each optionally preceded by {@code
 * not}. The facts: {@code same-jvm}, {@code same-host}, {@code firewall} (a probe timed out), and
 * for each binding {@code published:KIND}, {@code reachable:KIND}, {@code timed-out:KIND}, {@code
 * predicted:KIND} (the predictor's time vote, {@link TimePrediction}), {@code size-predicted:KIND}
 * (the report's size vote, {@link Prediction}). The first rule whose condition holds and whose
 * binding is usable (published and reachable) decides; a rule whose binding is not usable is passed
 * over. The last line is {@code default} with one or more bindings, the first usable of which is
 * taken. The file is checked completely on load; a mistake is a {@link SyntaxException} naming its
 * line.
 *
 * <p>Before the default, {@code cost KIND fixed-us MICROS per-byte-ns NANOS} lines (at most one per
 * binding, RMI or SOAP) replace the {@link CostModel}'s defaults for that binding, e.g. {@code cost
 * soap fixed-us 900 per-byte-ns 25}; a {@link Calibration}, when the proxy runs one, wins over
 * them.
 */
public final class PolicyRules {

  static final String SAME_JVM = "same-jvm";
  static final String SAME_HOST = "same-host";
  static final String FIREWALL = "firewall";
  private static final List<String> PER_BINDING =
      List.of("published", "reachable", "timed-out", "predicted", "size-predicted");

  /** A fact, negated or not. */
  private record Term(String fact, boolean negated) {
    boolean holds(Set<String> facts) {
      return facts.contains(fact) != negated;
    }

    @Override
    public String toString() {
      return (negated ? "not " : "") + fact;
    }
  }

  /** One rule: the line it is on, its condition, its binding. */
  private record Rule(int line, List<Term> condition, BindingKind then) {}

  private final String source;
  private final List<Rule> rules;
  private final List<BindingKind> defaults;
  private final int defaultLine;
  private final Map<BindingKind, BindingCost> costs;
  private final String costLines;

  private PolicyRules(
      String source,
      List<Rule> rules,
      List<BindingKind> defaults,
      int defaultLine,
      Map<BindingKind, BindingCost> costs,
      String costLines) {
    this.source = source;
    this.rules = List.copyOf(rules);
    this.defaults = List.copyOf(defaults);
    this.defaultLine = defaultLine;
    this.costs = Collections.unmodifiableMap(new EnumMap<>(costs));
    this.costLines = costLines;
  }

  /** The rules shipped with the module ({@code io/wsqos/binding/default-rules.txt}). */
  public static PolicyRules defaults() {
    String name = "default-rules.txt";
    try (InputStream in = PolicyRules.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException("missing resource " + name);
      }
      return parse(new String(in.readAllBytes(), UTF_8), name);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Reads and checks the rule file at {@code path}. */
  public static PolicyRules load(Path path) throws IOException {
    return parse(Files.readString(path, UTF_8), path.toString());
  }

  /** A rule set with only a default: always {@code kinds}' first usable binding. */
  public static PolicyRules always(BindingKind... kinds) {
    if (kinds.length == 0) {
      throw new IllegalArgumentException("kinds: none (expected: at least one)");
    }
    return new PolicyRules(
        "always", List.of(), Arrays.asList(kinds), 1, new EnumMap<>(BindingKind.class), "");
  }

  /**
   * Reads and checks rules.
   *
   * @param source what to call the text in error messages (a file name)
   * @throws SyntaxException naming the line and the problem
   */
  public static PolicyRules parse(String text, String source) {
    requireNonNull(text, "text");
    requireNonNull(source, "source");
    List<Rule> rules = new ArrayList<>();
    List<BindingKind> defaults = null;
    int defaultLine = 0;
    Map<BindingKind, BindingCost> costs = new EnumMap<>(BindingKind.class);
    List<Integer> costLines = new ArrayList<>();
    String[] lines = text.split("\r?\n", -1);
    for (int i = 0; i < lines.length; i++) {
      int number = i + 1;
      String line = lines[i];
      int hash = line.indexOf('#');
      if (hash >= 0) {
        line = line.substring(0, hash);
      }
      line = line.strip();
      if (line.isEmpty()) {
        continue;
      }
      if (defaults != null) {
        throw new SyntaxException(
            source,
            number,
            "'"
                + line
                + "' after the default of line "
                + defaultLine
                + " (expected: the default last)");
      }
      List<String> words = List.of(line.split("\\s+"));
      switch (words.get(0)) {
        case "if" -> rules.add(rule(source, number, words));
        case "cost" -> {
          Map.Entry<BindingKind, BindingCost> cost = cost(source, number, words);
          if (costs.put(cost.getKey(), cost.getValue()) != null) {
            throw new SyntaxException(
                source,
                number,
                "a second cost for " + cost.getKey() + " (expected: at most one per binding)");
          }
          costLines.add(number);
        }
        case "default" -> {
          if (words.size() < 2) {
            throw new SyntaxException(
                source, number, "default without a binding (expected: default KIND [KIND...])");
          }
          defaults = new ArrayList<>();
          for (String token : words.subList(1, words.size())) {
            defaults.add(kind(source, number, token));
          }
          defaultLine = number;
        }
        default ->
            throw new SyntaxException(
                source,
                number,
                "'"
                    + words.get(0)
                    + "' (expected: a rule 'if ... then KIND', 'cost KIND ...' or 'default KIND')");
      }
    }
    if (defaults == null) {
      throw new SyntaxException(
          source,
          Math.max(1, lines.length),
          "no default (expected: a last line 'default KIND [KIND...]')");
    }
    String where =
        costLines.isEmpty()
            ? ""
            : source
                + (costLines.size() == 1 ? " line " : " lines ")
                + String.join(", ", costLines.stream().map(String::valueOf).toList());
    return new PolicyRules(source, rules, defaults, defaultLine, costs, where);
  }

  private static final String COST_SYNTAX = "cost KIND fixed-us MICROS per-byte-ns NANOS";

  private static Map.Entry<BindingKind, BindingCost> cost(
      String source, int number, List<String> words) {
    if (words.size() != 6
        || !words.get(2).equals("fixed-us")
        || !words.get(4).equals("per-byte-ns")) {
      throw new SyntaxException(
          source, number, "'" + String.join(" ", words) + "' (expected: " + COST_SYNTAX + ")");
    }
    BindingKind kind = kind(source, number, words.get(1));
    if (kind != BindingKind.RMI && kind != BindingKind.SOAP) {
      throw new SyntaxException(
          source, number, "cost for " + kind + " (expected: rmi or soap, the remote bindings)");
    }
    double fixed = number(source, number, "fixed-us", words.get(3));
    double perByte = number(source, number, "per-byte-ns", words.get(5));
    return Map.entry(kind, new BindingCost(fixed, perByte));
  }

  private static double number(String source, int line, String name, String word) {
    double value;
    try {
      value = Double.parseDouble(word);
    } catch (NumberFormatException e) {
      value = Double.NaN;
    }
    if (!Double.isFinite(value) || value < 0 || !word.matches("[0-9]+(\\.[0-9]+)?")) {
      throw new SyntaxException(
          source, line, name + " '" + word + "' (expected: a decimal number >= 0, e.g. 12.5)");
    }
    return value;
  }

  /** The {@code cost} lines' costs, by binding (RMI, SOAP); empty when the file has none. */
  public Map<BindingKind, BindingCost> costs() {
    return costs;
  }

  /** {@code model} with this file's {@code cost} lines applied, said to come from them. */
  public CostModel applyCosts(CostModel model) {
    requireNonNull(model, "model");
    return costs.isEmpty() ? model : model.with(costs, costLines);
  }

  private static Rule rule(String source, int number, List<String> words) {
    int then = words.indexOf("then");
    if (then < 0) {
      throw new SyntaxException(source, number, "no 'then' (expected: if CONDITION then KIND)");
    }
    if (then == 1) {
      throw new SyntaxException(
          source, number, "no condition before 'then' (expected: if FACT [and FACT...] then KIND)");
    }
    if (then != words.size() - 2) {
      throw new SyntaxException(
          source,
          number,
          "'"
              + String.join(" ", words.subList(then, words.size()))
              + "' (expected: then KIND, one binding)");
    }
    List<Term> condition = new ArrayList<>();
    List<String> terms = words.subList(1, then);
    int i = 0;
    while (i < terms.size()) {
      if (!condition.isEmpty()) {
        if (!terms.get(i).equals("and")) {
          throw new SyntaxException(
              source, number, "'" + terms.get(i) + "' (expected: 'and' between facts)");
        }
        i++;
      }
      boolean negated = i < terms.size() && terms.get(i).equals("not");
      if (negated) {
        i++;
      }
      if (i >= terms.size()) {
        throw new SyntaxException(
            source,
            number,
            "a condition ending in '" + terms.get(terms.size() - 1) + "' (expected: a fact)");
      }
      condition.add(new Term(fact(source, number, terms.get(i)), negated));
      i++;
    }
    return new Rule(number, condition, kind(source, number, words.get(words.size() - 1)));
  }

  private static String fact(String source, int number, String word) {
    if (word.equals(SAME_JVM) || word.equals(SAME_HOST) || word.equals(FIREWALL)) {
      return word;
    }
    int colon = word.indexOf(':');
    if (colon > 0 && PER_BINDING.contains(word.substring(0, colon))) {
      kind(source, number, word.substring(colon + 1));
      return word;
    }
    throw new SyntaxException(
        source,
        number,
        "unknown fact '" + word + "' (expected one of: " + String.join(", ", knownFacts()) + ")");
  }

  private static BindingKind kind(String source, int number, String token) {
    return BindingKind.ofToken(token)
        .orElseThrow(
            () ->
                new SyntaxException(
                    source,
                    number,
                    "unknown binding '"
                        + token
                        + "' (expected one of: "
                        + BindingKind.tokens()
                        + ")"));
  }

  /** Every fact a rule may name. */
  public static Set<String> knownFacts() {
    Set<String> facts = new TreeSet<>(List.of(SAME_JVM, SAME_HOST, FIREWALL));
    for (String prefix : PER_BINDING) {
      for (BindingKind kind : BindingKind.values()) {
        facts.add(prefix + ":" + kind.token());
      }
    }
    return facts;
  }

  /**
   * Decides: the first rule that holds for {@code facts} and whose binding is {@code usable}, else
   * the first usable default.
   *
   * @throws BindingFailureException (of the last default binding) if no default is usable either
   */
  public Decision decide(Set<String> facts, Predicate<BindingKind> usable) {
    requireNonNull(facts, "facts");
    requireNonNull(usable, "usable");
    List<String> passed = new ArrayList<>();
    for (Rule rule : rules) {
      if (rule.condition().stream().allMatch(t -> t.holds(facts))) {
        if (usable.test(rule.then())) {
          return new Decision(rule.then(), describe(rule), passed);
        }
        passed.add(describe(rule) + ": holds, but " + rule.then() + " is not usable");
      }
    }
    for (BindingKind kind : defaults) {
      if (usable.test(kind)) {
        return new Decision(kind, source + " line " + defaultLine + ": default " + kind, passed);
      }
    }
    throw new BindingFailureException(
        defaults.get(defaults.size() - 1),
        true,
        "no usable binding: no rule of "
            + source
            + " applies and none of the defaults "
            + defaults
            + " is usable",
        null);
  }

  private String describe(Rule rule) {
    return source
        + " line "
        + rule.line()
        + ": if "
        + String.join(" and ", rule.condition().stream().map(Term::toString).toList())
        + " then "
        + rule.then();
  }

  /** The number of rules before the default. */
  public int size() {
    return rules.size();
  }

  @Override
  public String toString() {
    return "PolicyRules{" + source + ", " + rules.size() + " rules, default " + defaults + "}";
  }

  /**
   * A decision of the rules.
   *
   * @param kind the binding chosen
   * @param reason the rule or default that chose it, with its line
   * @param passedOver rules that held but whose binding was not usable
   */
  public record Decision(BindingKind kind, String reason, List<String> passedOver) {
    /** Copies the list. */
    public Decision {
      requireNonNull(kind, "kind");
      requireNonNull(reason, "reason");
      passedOver = List.copyOf(passedOver);
    }
  }
}

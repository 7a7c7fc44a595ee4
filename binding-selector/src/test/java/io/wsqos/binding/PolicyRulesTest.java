package io.wsqos.binding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PolicyRulesTest {

  private static final PolicyRules RULES =
      PolicyRules.parse(
          """
          # prefer a plain call in one JVM
          if same-jvm and reachable:local then local   # trailing comment
          if firewall then soap
          if not same-host and predicted:rmi then rmi
          default soap rmi
          """,
          "rules.txt");

  @Test
  void theFirstRuleThatHoldsDecides() {
    PolicyRules.Decision decision =
        RULES.decide(Set.of("same-jvm", "reachable:local", "firewall"), all());

    assertThat(decision.kind()).isEqualTo(BindingKind.LOCAL);
    assertThat(decision.reason())
        .isEqualTo("rules.txt line 2: if same-jvm and reachable:local then local");
  }

  @Test
  void aNegatedFactHoldsWhenTheFactIsAbsent() {
    assertThat(RULES.decide(Set.of("predicted:rmi"), all()).kind()).isEqualTo(BindingKind.RMI);
    assertThat(RULES.decide(Set.of("predicted:rmi", "same-host"), all()).kind())
        .isEqualTo(BindingKind.SOAP);
  }

  @Test
  void aRuleWhoseBindingIsNotUsableIsPassedOverAndSaidSo() {
    PolicyRules.Decision decision =
        RULES.decide(Set.of("firewall"), EnumSet.of(BindingKind.RMI)::contains);

    assertThat(decision.kind()).isEqualTo(BindingKind.RMI);
    assertThat(decision.reason()).isEqualTo("rules.txt line 5: default rmi");
    assertThat(decision.passedOver())
        .containsExactly("rules.txt line 3: if firewall then soap: holds, but soap is not usable");
  }

  @Test
  void nothingUsableIsABindingFailureNamingTheDefaults() {
    assertThatThrownBy(() -> RULES.decide(Set.of(), kind -> false))
        .isInstanceOf(BindingFailureException.class)
        .hasMessageContaining("none of the defaults [soap, rmi] is usable");
  }

  @Test
  void theShippedRulesLoadAndPreferALocalCallInOneJvm() {
    PolicyRules defaults = PolicyRules.defaults();

    assertThat(
            defaults.decide(Set.of("same-jvm", "reachable:local", "predicted:rmi"), all()).kind())
        .isEqualTo(BindingKind.LOCAL);
    assertThat(defaults.decide(Set.of("firewall", "predicted:rmi"), all()).kind())
        .isEqualTo(BindingKind.SOAP);
    assertThat(defaults.decide(Set.of("predicted:soap"), all()).kind()).isEqualTo(BindingKind.SOAP);
    assertThat(defaults.decide(Set.of("predicted:rmi"), all()).kind()).isEqualTo(BindingKind.RMI);
  }

  @Test
  void mistakesAreReportedWithTheirLine() {
    assertThat(problem("if same-jvn then local\ndefault soap"))
        .startsWith(
            "line 1: unknown fact 'same-jvn' (expected one of: firewall, predicted:cxf-local");
    assertThat(problem("\n\nif firewall then corba\ndefault soap"))
        .startsWith("line 3: unknown binding 'corba'");
    assertThat(problem("if firewall soap\ndefault soap"))
        .isEqualTo("line 1: no 'then' (expected: if CONDITION then KIND)");
    assertThat(problem("if then soap\ndefault soap"))
        .startsWith("line 1: no condition before 'then'");
    assertThat(problem("if firewall same-jvm then soap\ndefault soap"))
        .isEqualTo("line 1: 'same-jvm' (expected: 'and' between facts)");
    assertThat(problem("if firewall and not then soap\ndefault soap"))
        .startsWith("line 1: a condition ending in 'not'");
    assertThat(problem("if firewall then soap rmi\ndefault soap"))
        .isEqualTo("line 1: 'then soap rmi' (expected: then KIND, one binding)");
    assertThat(problem("default soap\nif firewall then soap"))
        .isEqualTo(
            "line 2: 'if firewall then soap' after the default of line 1 (expected: the default last)");
    assertThat(problem("if firewall then soap\n")).startsWith("line 2: no default");
    assertThat(problem("when firewall then soap\ndefault soap"))
        .startsWith("line 1: 'when' (expected: a rule");
    assertThat(problem("default")).startsWith("line 1: default without a binding");
  }

  private static java.util.function.Predicate<BindingKind> all() {
    return kind -> true;
  }

  private static String problem(String text) {
    SyntaxException e =
        catchThrowableOfType(SyntaxException.class, () -> PolicyRules.parse(text, "r.txt"));
    return "line " + e.line() + ": " + e.problem();
  }

  @Test
  void costLinesReplaceTheCostModelsDefaultsForTheirBinding() {
    PolicyRules rules =
        PolicyRules.parse(
            """
            cost soap fixed-us 900 per-byte-ns 25.5
            if predicted:rmi then rmi
            default soap
            """,
            "costs.txt");

    CostModel model = rules.applyCosts(CostModel.defaults());

    assertThat(model.soap()).isEqualTo(new BindingCost(900, 25.5));
    assertThat(model.rmi()).isEqualTo(CostModel.defaults().rmi());
    assertThat(model.source()).isEqualTo("costs.txt line 1");
    assertThat(RULES.applyCosts(CostModel.defaults())).isEqualTo(CostModel.defaults());
  }

  @Test
  void theSizeVoteIsAFactOfItsOwn() {
    PolicyRules rules =
        PolicyRules.parse("if size-predicted:soap then soap\ndefault rmi\n", "paper.txt");

    assertThat(rules.decide(Set.of("size-predicted:soap", "predicted:rmi"), all()).kind())
        .isEqualTo(BindingKind.SOAP);
  }

  @Test
  void badCostLinesAreRefusedNamingTheLine() {
    assertThat(problem("cost soap 900 25\ndefault soap"))
        .isEqualTo(
            "line 1: 'cost soap 900 25' (expected: cost KIND fixed-us MICROS per-byte-ns NANOS)");
    assertThat(problem("cost local fixed-us 1 per-byte-ns 2\ndefault soap"))
        .isEqualTo("line 1: cost for local (expected: rmi or soap, the remote bindings)");
    assertThat(problem("cost rmi fixed-us -5 per-byte-ns 2\ndefault soap"))
        .isEqualTo("line 1: fixed-us '-5' (expected: a decimal number >= 0, e.g. 12.5)");
    assertThat(problem("cost rmi fixed-us 5 per-byte-ns NaN\ndefault soap"))
        .isEqualTo("line 1: per-byte-ns 'NaN' (expected: a decimal number >= 0, e.g. 12.5)");
    assertThat(
            problem(
                "cost rmi fixed-us 5 per-byte-ns 1\ncost rmi fixed-us 6 per-byte-ns 1\ndefault soap"))
        .isEqualTo("line 2: a second cost for rmi (expected: at most one per binding)");
    assertThat(problem("default soap\ncost rmi fixed-us 5 per-byte-ns 1"))
        .startsWith("line 2: 'cost rmi fixed-us 5 per-byte-ns 1' after the default");
  }
}

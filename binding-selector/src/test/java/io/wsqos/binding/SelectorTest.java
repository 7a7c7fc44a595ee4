package io.wsqos.binding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.wsqos.binding.Reachability.Outcome;
import io.wsqos.binding.kit.Catalog;
import java.net.URI;
import java.time.Instant;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The selection as a function: descriptors and environments made by hand, no server. */
class SelectorTest {

  private static final Predictor PREDICTOR = Predictor.create();
  private static final Instant AT = Instant.parse("2026-12-06T12:00:00Z");
  private static final ServiceDescriptor ALL_FOUR =
      new ServiceDescriptor(
          Catalog.class.getName(),
          "4711@host-a/2026-12-06T06:00:00Z",
          List.of(
              BindingAddress.local("catalog"),
              BindingAddress.cxfLocal("catalog"),
              BindingAddress.rmi("10.0.0.5", 40123, "catalog"),
              BindingAddress.soap(URI.create("http://10.0.0.5:8080/catalog"))));

  /** SOAP's call far cheaper than RMI's: the time vote says SOAP. */
  private static final CostModel CHEAP_SOAP =
      new CostModel(new BindingCost(10_000, 100), new BindingCost(1, 0.01), "test");

  @Test
  void inTheSameJvmTheDefaultRulesChooseThePlainCall() {
    Selector selector = defaults();

    Selection selection = first(selector, ALL_FOUR, sameJvm());

    assertThat(selection.address()).isEqualTo(BindingAddress.local("catalog"));
    assertThat(selection.decision().reason())
        .isEqualTo("default-rules.txt line 4: if same-jvm and reachable:local then local");
    assertThat(selection.decision().passedOver()).isEmpty();
    assertThat(selection.trigger()).isEqualTo("on first use");
  }

  @Test
  void betweenTheRemoteBindingsTheTimeVoteOfTheCostModelGivenDecides() {
    Selector selector = defaults();
    Environment remote = remote(Outcome.OPEN, Outcome.OPEN);

    Selection byDefaults = first(selector, ALL_FOUR, remote);
    Selection byCheapSoap = onDemand(selector, remote, CHEAP_SOAP);

    assertThat(byDefaults.kind()).isEqualTo(BindingKind.RMI);
    assertThat(byDefaults.decision().reason()).endsWith("if predicted:rmi then rmi");
    assertThat(byCheapSoap.kind()).isEqualTo(BindingKind.SOAP);
    assertThat(byCheapSoap.decision().reason()).endsWith("if predicted:soap then soap");
    assertThat(byCheapSoap.timePrediction().model()).isSameAs(CHEAP_SOAP);
  }

  @Test
  void aFailedBindingIsPassedOverAndSaysWhy() {
    Selector selector = defaults();
    Map<BindingKind, String> failed = new LinkedHashMap<>();
    failed.put(BindingKind.RMI, "could not be connected: refused");

    Selection selection =
        selector.select(
            "after rmi failed: refused",
            ALL_FOUR,
            remote(Outcome.OPEN, Outcome.OPEN),
            uncalibrated(selector),
            failed);

    assertThat(selection.kind()).isEqualTo(BindingKind.SOAP);
    assertThat(selection.decision().reason()).isEqualTo("default-rules.txt line 12: default soap");
    assertThat(selection.decision().passedOver())
        .containsExactly(
            "rmi could not be connected: refused",
            "default-rules.txt line 10: if predicted:rmi then rmi: holds, but rmi is not usable");
    assertThat(selection.explain()).contains("passed over: rmi could not be connected: refused");
  }

  @Test
  void aBindingTheEnvironmentFindsUnreachableIsNotChosen() {
    Selector selector = defaults();

    Selection selection = first(selector, ALL_FOUR, remote(Outcome.TIMED_OUT, Outcome.OPEN));

    assertThat(selection.kind()).isEqualTo(BindingKind.SOAP);
    assertThat(selection.decision().reason()).endsWith("if firewall then soap");
  }

  @Test
  void whenNoBindingIsLeftTheSelectionFailsAndSaysWhy() {
    Selector selector = defaults();
    Map<BindingKind, String> failed = new EnumMap<>(BindingKind.class);
    failed.put(BindingKind.SOAP, "failed: gone");

    assertThatThrownBy(
            () ->
                selector.select(
                    "after soap failed: gone",
                    ALL_FOUR,
                    remote(Outcome.REFUSED, Outcome.OPEN),
                    uncalibrated(selector),
                    failed))
        .isInstanceOf(BindingFailureException.class)
        .hasMessage(
            "local: no usable binding: no rule of default-rules.txt applies and none of the defaults"
                + " [soap, rmi, cxf-local, local] is usable");
  }

  @Test
  void aBindingTheDescriptorDoesNotPublishIsNeverChosen() {
    Selector selector =
        new Selector(
            Catalog.class,
            PREDICTOR,
            Hints.none(),
            PolicyRules.always(BindingKind.RMI, BindingKind.SOAP),
            CostModel.defaults());
    ServiceDescriptor soapOnly =
        new ServiceDescriptor(
            Catalog.class.getName(),
            "1@elsewhere/t",
            List.of(BindingAddress.soap(URI.create("http://10.0.0.5:8080/catalog"))));

    Selection selection = first(selector, soapOnly, remote(Outcome.OPEN, Outcome.OPEN));

    assertThat(selection.kind()).isEqualTo(BindingKind.SOAP);
  }

  @Test
  void theVotesAreCountedOnceAndNotPerSelection() {
    Selector selector = defaults();
    Environment remote = remote(Outcome.OPEN, Outcome.OPEN);

    Selection first = first(selector, ALL_FOUR, remote);
    Selection again = onDemand(selector, remote, selector.costModel());
    Selection calibrated = onDemand(selector, remote, CHEAP_SOAP);

    assertThat(again.prediction()).isSameAs(first.prediction());
    assertThat(again.timePrediction()).isSameAs(first.timePrediction());
    assertThat(calibrated.prediction()).isSameAs(first.prediction());
    assertThat(calibrated.timePrediction()).isNotEqualTo(first.timePrediction());
    assertThat(calibrated.timePrediction().points()).isEqualTo(first.timePrediction().points());
  }

  @Test
  void theRuleFilesCostLinesReplaceTheConfiguredCosts() {
    PolicyRules rules =
        PolicyRules.parse("cost soap fixed-us 1 per-byte-ns 0.01\ndefault soap rmi\n", "r.txt");

    Selector selector =
        new Selector(Catalog.class, PREDICTOR, Hints.none(), rules, CostModel.defaults());

    assertThat(selector.costModel().soap()).isEqualTo(new BindingCost(1, 0.01));
    assertThat(selector.costModel().rmi()).isEqualTo(CostModel.defaults().rmi());
  }

  @Test
  void theCalibrationsNotesAndTheTriggerAreExplained() {
    Selector selector = defaults();
    Calibration.Result costs =
        new Calibration.Result(CHEAP_SOAP, List.of("rmi: measured 1.0 µs + 1.00 ns/B"));

    Selection selection =
        selector.select("on demand", ALL_FOUR, remote(Outcome.OPEN, Outcome.OPEN), costs, Map.of());

    assertThat(selection.explain())
        .contains("selected: on demand at " + AT)
        .contains("calibration: rmi: measured 1.0 µs + 1.00 ns/B")
        .contains("cost model: " + CHEAP_SOAP.describe());
  }

  private static Selector defaults() {
    return new Selector(
        Catalog.class, PREDICTOR, Hints.none(), PolicyRules.defaults(), CostModel.defaults());
  }

  /** A first selection with the selector's own cost model and nothing failed. */
  private static Selection first(
      Selector selector, ServiceDescriptor descriptor, Environment environment) {
    return selector.select(
        "on first use", descriptor, environment, uncalibrated(selector), Map.of());
  }

  /** A re-selection of one of {@link #ALL_FOUR} with {@code model}, uncalibrated. */
  private static Selection onDemand(Selector selector, Environment environment, CostModel model) {
    return selector.select(
        "on demand", ALL_FOUR, environment, new Calibration.Result(model, List.of()), Map.of());
  }

  private static Calibration.Result uncalibrated(Selector selector) {
    return new Calibration.Result(selector.costModel(), List.of());
  }

  /** In this JVM: every binding usable. */
  private static Environment sameJvm() {
    return environment(true, Outcome.IN_JVM, Outcome.OPEN, Outcome.OPEN);
  }

  /** In another JVM: the in-JVM bindings unusable, RMI and SOAP as given. */
  private static Environment remote(Outcome rmi, Outcome soap) {
    return environment(false, Outcome.NOT_IN_JVM, rmi, soap);
  }

  private static Environment environment(
      boolean sameJvm, Outcome inJvm, Outcome rmi, Outcome soap) {
    Map<BindingKind, Reachability> reachability = new EnumMap<>(BindingKind.class);
    for (BindingKind kind : BindingKind.values()) {
      Outcome outcome =
          switch (kind) {
            case LOCAL, CXF_LOCAL -> inJvm;
            case RMI -> rmi;
            case SOAP -> soap;
          };
      reachability.put(kind, new Reachability(kind, outcome, kind + " probe"));
    }
    return new Environment(sameJvm, sameJvm, reachability, AT);
  }
}

package io.wsqos.binding;

import static org.assertj.core.api.Assertions.assertThat;

import io.wsqos.binding.kit.Catalog;
import io.wsqos.binding.kit.CatalogImpl;
import io.wsqos.server.EmbeddedServer;
import java.util.List;
import org.junit.jupiter.api.Test;

class CalibrationTest {

  private static final Calibration QUICK =
      Calibration.builder().warmupCalls(2).measuredCalls(3).largeItems(50).build();

  @Test
  void aProxyWithCalibrationMeasuresBothRemoteBindingsAndExplainsBothVotes() {
    try (Publication publication = publishRemote();
        BindingProxy<Catalog> proxy =
            BindingProxy.builder(Catalog.class)
                .descriptorUrl(publication.descriptorUrl().orElseThrow())
                .calibration(QUICK)
                .build()) {

      proxy.service().echo("x");

      Selection selection = proxy.selection();
      assertThat(selection.timePrediction().model().source()).startsWith("calibrated at ");
      assertThat(selection.calibration())
          .hasSize(2)
          .anySatisfy(line -> assertThat(line).startsWith("rmi: measured "))
          .anySatisfy(line -> assertThat(line).startsWith("soap: measured "));
      // A SOAP call over HTTP always costs something however fast the machine.
      assertThat(selection.timePrediction().model().soap().fixedMicros()).isPositive();
      assertThat(selection.kind()).isEqualTo(selection.timePrediction().choice());
      assertThat(proxy.explain())
          .contains("\nprediction by time: " + selection.timePrediction().choice() + " with ")
          .contains("\nprediction by size: ")
          .contains("\ncost model: rmi ")
          .contains("\ncalibration: rmi: measured ")
          .contains("\ncalibration: soap: measured ");
    }
  }

  @Test
  void aBindingThatIsNotPublishedKeepsItsPriorCost() {
    try (Publication publication =
        BindingPublisher.builder(Catalog.class, new CatalogImpl()).rmi("127.0.0.1").publish()) {
      ServiceDescriptor descriptor = publication.descriptor();
      Environment environment = Discovery.builder().build().discover(descriptor);
      CostModel prior = CostModel.defaults();

      Calibration.Result result =
          QUICK.recalibrate(descriptor, environment, prior, List.of(), 500, 5_000);

      assertThat(result.model().soap()).isEqualTo(prior.soap());
      assertThat(result.model().rmi()).isNotEqualTo(prior.rmi());
      assertThat(result.model().source())
          .startsWith("calibrated at ")
          .endsWith(" for rmi, defaults");
      assertThat(result.notes())
          .containsExactly(
              "rmi: measured " + result.model().rmi().describe(),
              "soap: not measured (not published or not reachable); kept "
                  + prior.soap().describe()
                  + " (defaults)");
      assertThat(QUICK.calibrate(descriptor, environment, prior, List.of(), 500, 5_000))
          .isSameAs(result);
    }
  }

  @Test
  void withoutCalibrationTheRulesCostLinesAndTheDefaultsAreTheModel() {
    PolicyRules rules =
        PolicyRules.parse(
            "cost rmi fixed-us 5000 per-byte-ns 0\nif predicted:rmi then rmi\ndefault soap\n",
            "slow-rmi.txt");
    try (Publication publication = publishRemote();
        BindingProxy<Catalog> proxy =
            BindingProxy.builder(Catalog.class)
                .descriptor(publication.descriptor())
                .rules(rules)
                .build()) {

      Selection selection = proxy.selection();

      assertThat(selection.kind()).isEqualTo(BindingKind.SOAP);
      assertThat(selection.timePrediction().model().source()).isEqualTo("slow-rmi.txt line 1");
      assertThat(selection.calibration()).isEmpty();
      assertThat(selection.decision().reason()).isEqualTo("slow-rmi.txt line 3: default soap");
    }
  }

  private static Publication publishRemote() {
    return BindingPublisher.builder(Catalog.class, new CatalogImpl())
        .rmi("127.0.0.1")
        .soap(EmbeddedServer.builder().daemonThreads(true), "/catalog")
        .publish();
  }
}

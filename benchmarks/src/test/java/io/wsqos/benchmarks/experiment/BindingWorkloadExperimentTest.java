package io.wsqos.benchmarks.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import io.wsqos.benchmarks.binding.Workloads;
import io.wsqos.benchmarks.binding.WorkloadsImpl;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class BindingWorkloadExperimentTest {

  @Test
  void theCasesAreTable1AndFigure3AndEachRunsOnTheService() throws Exception {
    List<BindingWorkloadExperiment.Case> cases = BindingWorkloadExperiment.cases();
    Workloads service = new WorkloadsImpl();

    assertThat(cases)
        .extracting(BindingWorkloadExperiment.Case::group)
        .containsOnly(
            "table1", "fig3a-google", "fig3b-amazon", "fig3c-mappoint", "fig3d-financial");
    assertThat(cases)
        .filteredOn(c -> c.group().equals("table1"))
        .extracting(BindingWorkloadExperiment.Case::name)
        .containsExactly(
            "google-10-results",
            "google-100-results",
            "financial-1KB",
            "financial-10KB",
            "financial-100KB");
    for (BindingWorkloadExperiment.Case c : cases) {
      Method operation =
          Arrays.stream(Workloads.class.getMethods())
              .filter(m -> m.getName().equals(c.operation()))
              .findFirst()
              .orElseThrow();
      assertThat(operation.invoke(service, c.args())).as(c.name()).isNotNull();
    }
  }

  @Test
  void aFinancialCaseHintsTheNumberOfEntriesItSends() {
    BindingWorkloadExperiment.Case tenKb =
        BindingWorkloadExperiment.cases().stream()
            .filter(c -> c.name().equals("financial-10KB"))
            .findFirst()
            .orElseThrow();

    assertThat(tenKb.hints().arraySizes()).containsExactly(((List<?>) tenKb.args()[0]).size());
  }
}

package io.wsqos.benchmarks.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.wsqos.cli.Option;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class OptionValuesTest {

  private static final Option<String> HEADER =
      Option.string("header", null, "a header").repeatable();

  /** An experiment's own timing declarations, with its defaults. */
  private static final List<Option<?>> DECLARED =
      Run.join(Run.timing(3, 2, 8), List.of(HEADER, Run.numbers("rates", List.of(1.0), "rates")));

  @Test
  void theFrameworksSharedOptionsReadTheExperimentsOwnDeclarationAndDefault() {
    OptionValues values = OptionValues.parse(DECLARED);

    assertThat(values.get(Run.REPS)).isEqualTo(3);
    assertThat(values.get(Run.WARMUP)).isEqualTo(Duration.ofSeconds(2));
    assertThat(values.get(Run.MEASURE)).isEqualTo(Duration.ofSeconds(8));
    assertThat(values.get(Run.PAUSE)).isEqualTo(Duration.ofMillis(Sweep.DEFAULT_PAUSE_MILLIS));
  }

  @Test
  void readsNameSpaceValueAndNameEqualsValueAlike() {
    OptionValues values =
        OptionValues.parse(DECLARED, "--reps", "5", "--warmup=0.5", "--measure", "250ms");

    assertThat(values.get(Run.REPS)).isEqualTo(5);
    assertThat(values.get(Run.WARMUP)).isEqualTo(Duration.ofMillis(500));
    assertThat(values.get(Run.MEASURE)).isEqualTo(Duration.ofMillis(250));
    assertThat(values.isSet(Run.PAUSE)).isFalse();
  }

  @Test
  void aRepeatableOptionKeepsEveryValueAndAnAbsentOneReadsAsNothing() {
    OptionValues given = OptionValues.parse(DECLARED, "--header=A:1", "--header", "B:2");
    OptionValues none = OptionValues.parse(DECLARED);

    assertThat(given.all(HEADER)).containsExactly("A:1", "B:2");
    assertThat(given.get(HEADER)).isEqualTo("B:2");
    assertThat(none.all(HEADER)).isEmpty();
    assertThat(none.get(HEADER)).isNull();
  }

  @Test
  void anOptionTheExperimentDoesNotTakeIsRefusedWhenParsedAndWhenRead() {
    assertThatThrownBy(() -> OptionValues.parse(DECLARED, "--rep=1"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("--rep: unknown option (expected one of: --reps, --warmup,");
    assertThatThrownBy(() -> OptionValues.parse(DECLARED, "--reps=0"))
        .hasMessageStartingWith("--reps: 0 (expected: ");
    assertThatThrownBy(() -> OptionValues.parse(DECLARED).get(Run.REQUEST))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("--request: not declared");
    assertThat(OptionValues.parse(DECLARED).declares(Run.REQUEST)).isFalse();
  }
}

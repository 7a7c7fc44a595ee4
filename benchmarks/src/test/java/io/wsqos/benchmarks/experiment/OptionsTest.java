package io.wsqos.benchmarks.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class OptionsTest {

  private static final Option<Integer> REPS = Option.integer("reps", 3, "repetitions");
  private static final Option<Duration> WARMUP = Option.seconds("warmup", 2, "warm-up");
  private static final Option<List<Double>> RATES =
      Option.numbers("rates", List.of(1.0, 2.5), "rates");
  private static final Option<String> HEADER = Option.text("header", null, "a header");
  private static final List<Option<?>> DECLARED = List.of(REPS, WARMUP, RATES, HEADER);

  @Test
  void readsNameSpaceValueAndNameEqualsValueAlike() {
    Options options =
        Options.parse(List.of("--reps", "5", "--warmup=0.5", "--rates", "10, 20"), DECLARED);

    assertThat(options.get(REPS)).isEqualTo(5);
    assertThat(options.get(WARMUP)).isEqualTo(Duration.ofMillis(500));
    assertThat(options.get(RATES)).containsExactly(10.0, 20.0);
    assertThat(options.has(HEADER)).isFalse();
    assertThat(options.get(HEADER)).isNull();
  }

  @Test
  void givesTheDeclaredDefaultsAndKeepsEveryValueOfARepeatedOption() {
    Options options = Options.parse(List.of("--header=A:1", "--header", "B:2"), DECLARED);

    assertThat(options.get(REPS)).isEqualTo(3);
    assertThat(options.get(RATES)).containsExactly(1.0, 2.5);
    assertThat(options.all(HEADER)).containsExactly("A:1", "B:2");
    assertThat(options.get(HEADER)).isEqualTo("B:2");
  }

  @Test
  void refusesUnknownOptionsBadValuesAndAMissingValueSayingWhatWasExpected() {
    assertThatThrownBy(() -> Options.parse(List.of("--rep=1"), DECLARED))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("argument: --rep (expected one of: --reps, --warmup, --rates, --header)");
    assertThatThrownBy(() -> Options.parse(List.of("--reps=three"), DECLARED))
        .hasMessage("--reps: 'three' (expected: an integer)");
    assertThatThrownBy(() -> Options.parse(List.of("--rates=1,x"), DECLARED))
        .hasMessage("--rates: '1,x' (expected: comma-separated numbers)");
    assertThatThrownBy(() -> Options.parse(List.of("--reps"), DECLARED))
        .hasMessage("--reps: no value (expected: N)");
    assertThatThrownBy(() -> Options.parse(List.of("reps=1"), DECLARED))
        .hasMessage("argument: 'reps=1' (expected: --name value or --name=value)");
  }

  @Test
  void theUsageAndTheOptionTableComeFromTheDeclarations() {
    assertThat(Options.usage(DECLARED))
        .contains("  --reps N\n      repetitions (default: 3)\n")
        .contains("  --rates N,N,...\n      rates (default: 1,2.5)\n")
        .contains("  --header TEXT\n      a header\n");
    assertThat(Options.table(DECLARED).markdown())
        .startsWith("| option | value | default | meaning |\n| --- | --- | --- | --- |\n")
        .contains("| `--warmup` | `SECONDS` | `2` | warm-up |");
  }
}

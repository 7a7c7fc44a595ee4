package io.wsqos.cli;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import org.junit.jupiter.api.Test;

class ParseForMainTest {

  private static final Option<Integer> PORT =
      Option.integer("port", 8080, 0, 65535, "Port to listen on");
  private static final Options OPTIONS = Options.of("demo", "Demonstrates a main.", PORT);

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  private MainArguments parse(String... args) {
    return OPTIONS.parseForMain(
        args, new PrintStream(out, true, UTF_8), new PrintStream(err, true, UTF_8));
  }

  @Test
  void goodArgumentsAreGivenToRunWithAndNothingIsPrinted() {
    MainArguments parsed = parse("--port", "0");

    assertThat(parsed.done()).isFalse();
    assertThat(parsed.arguments().get(PORT)).isZero();
    assertThat(out.size()).isZero();
    assertThat(err.size()).isZero();
  }

  @Test
  void helpPrintsTheUsageToOutAndIsDoneWithStatusZero() {
    MainArguments parsed = parse("--port", "x", "--help");

    assertThat(parsed.done()).isTrue();
    assertThat(parsed.exitStatus()).isZero();
    assertThat(out.toString(UTF_8)).isEqualTo(OPTIONS.usage());
    assertThat(err.size()).isZero();
  }

  @Test
  void aUsageErrorPrintsTheMessageThenTheUsageToErrAndIsDoneWithStatusTwo() {
    MainArguments parsed = parse("--port", "-1");

    assertThat(parsed.done()).isTrue();
    assertThat(parsed.exitStatus()).isEqualTo(MainArguments.USAGE_ERROR).isEqualTo(2);
    assertThat(err.toString(UTF_8))
        .isEqualTo("--port: -1 (expected: 0..65535)" + System.lineSeparator() + OPTIONS.usage());
    assertThat(out.size()).isZero();
  }
}

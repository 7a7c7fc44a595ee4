package io.wsqos.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.junit.jupiter.api.Test;

class OptionsTest {

  private static final Option<String> HOST =
      Option.string("host", "127.0.0.1", "Interface to listen on");
  private static final Option<Integer> PORT =
      Option.integer("port", 8080, 0, 65535, "Port to listen on; 0 picks a free one");
  private static final Option<Long> BYTES =
      Option.longInteger("max-bytes", 1024L, 1, Long.MAX_VALUE, "Largest body");
  private static final Option<Double> RATE = Option.decimal("rate", 0.5, 0, 1, "Share of requests");
  private static final Option<Duration> DELAY =
      Option.duration("delay", Duration.ofMillis(250), ChronoUnit.MILLIS, "Delay per request");
  private static final Option<Duration> FLUSH =
      Option.duration("flush", Duration.ofSeconds(5), ChronoUnit.SECONDS, "Flush interval");
  private static final Option<String> MODE =
      Option.choice("mode", "none", List.of("none", "dynamic", "always"), "Compression");
  private static final Option<Boolean> MONITOR = Option.flag("monitor", "Log every exchange");
  private static final Option<List<String>> TAGS =
      Option.list("tags", List.of("a", "b"), "Tags to attach");
  private static final Option<List<Integer>> SIZES =
      Option.listOf(Option.integer("sizes", null, 1, 100, "Payload sizes"), List.of(10));
  private static final Option<String> HEADER =
      Option.string("header", null, "An extra header").repeatable();
  private static final Option<String> URL =
      Option.string("jdbc-url", null, "Where the log is").required();

  private static final Options OPTIONS =
      Options.of(
          "demo",
          "Demonstrates every kind of option.",
          HOST,
          PORT,
          BYTES,
          RATE,
          DELAY,
          FLUSH,
          MODE,
          MONITOR,
          TAGS,
          SIZES,
          HEADER,
          URL);

  @Test
  void anOptionNotGivenReadsAsItsDefault() {
    Arguments arguments = OPTIONS.parse("--jdbc-url", "jdbc:h2:mem:x");

    assertThat(arguments.get(HOST)).isEqualTo("127.0.0.1");
    assertThat(arguments.get(PORT)).isEqualTo(8080);
    assertThat(arguments.get(BYTES)).isEqualTo(1024L);
    assertThat(arguments.get(RATE)).isEqualTo(0.5);
    assertThat(arguments.get(DELAY)).isEqualTo(Duration.ofMillis(250));
    assertThat(arguments.get(MODE)).isEqualTo("none");
    assertThat(arguments.get(MONITOR)).isFalse();
    assertThat(arguments.get(TAGS)).containsExactly("a", "b");
    assertThat(arguments.isSet(PORT)).isFalse();
    assertThat(arguments.optional(HEADER)).isEmpty();
    assertThat(arguments.all(HEADER)).isEmpty();
    assertThat(arguments.helpRequested()).isFalse();
  }

  @Test
  void aValueIsReadAfterASpaceOrAnEqualsSignAlike() {
    Arguments spaced = OPTIONS.parse("--port", "0", "--jdbc-url", "u", "--host", "::1");
    Arguments joined = OPTIONS.parse("--port=0", "--jdbc-url=u", "--host=::1");

    assertThat(spaced.get(PORT)).isZero();
    assertThat(joined.get(PORT)).isZero();
    assertThat(spaced.get(HOST)).isEqualTo(joined.get(HOST)).isEqualTo("::1");
    assertThat(spaced.isSet(PORT)).isTrue();
  }

  @Test
  void anEqualsSignInsideTheValueIsKept() {
    Arguments arguments = OPTIONS.parse("--jdbc-url=jdbc:h2:file:./x;MODE=PostgreSQL");

    assertThat(arguments.get(URL)).isEqualTo("jdbc:h2:file:./x;MODE=PostgreSQL");
  }

  @Test
  void aFlagIsSetByItsNameAloneAndDoesNotTakeTheNextArgument() {
    Arguments arguments = OPTIONS.parse("--monitor", "--jdbc-url", "u");
    Arguments off = OPTIONS.parse("--monitor=false", "--jdbc-url", "u");

    assertThat(arguments.get(MONITOR)).isTrue();
    assertThat(arguments.get(URL)).isEqualTo("u");
    assertThat(off.get(MONITOR)).isFalse();
    assertThat(off.isSet(MONITOR)).isTrue();
  }

  @Test
  void aFlagAfterWhichComesAPlainWordRejectsTheWord() {
    assertThatThrownBy(() -> OPTIONS.parse("--jdbc-url", "u", "--monitor", "yes"))
        .isInstanceOf(UsageException.class)
        .hasMessageContaining("argument: 'yes'");
  }

  @Test
  void aNegativeNumberIsTakenAsAValue() {
    assertThatThrownBy(() -> OPTIONS.parse("--jdbc-url", "u", "--port", "-1"))
        .isInstanceOf(UsageException.class)
        .hasMessage("--port: -1 (expected: 0..65535)");
  }

  @Test
  void aValueThatIsNotANumberNamesTheOptionTheValueAndTheRange() {
    assertThatThrownBy(() -> OPTIONS.parse("--jdbc-url", "u", "--port", "eighty"))
        .hasMessage("--port: eighty (expected: 0..65535)");
    assertThatThrownBy(() -> OPTIONS.parse("--jdbc-url", "u", "--max-bytes", "0"))
        .hasMessage("--max-bytes: 0 (expected: an integer >= 1)");
    assertThatThrownBy(() -> OPTIONS.parse("--jdbc-url", "u", "--rate", "1.5"))
        .hasMessage("--rate: 1.5 (expected: a number in 0..1)");
    assertThatThrownBy(() -> OPTIONS.parse("--jdbc-url", "u", "--rate", "NaN"))
        .hasMessage("--rate: NaN (expected: a number in 0..1)");
  }

  @Test
  void anUnknownOptionIsRejectedWithTheKnownOnes() {
    assertThatThrownBy(() -> OPTIONS.parse("--jdbc-url", "u", "--prot", "80"))
        .isInstanceOf(UsageException.class)
        .hasMessageStartingWith("--prot: unknown option (expected one of: --host, --port,")
        .hasMessageEndingWith("--jdbc-url, --help)");
  }

  @Test
  void anOptionWithoutItsValueIsRejected() {
    assertThatThrownBy(() -> OPTIONS.parse("--jdbc-url", "u", "--port"))
        .hasMessage("--port: no value (expected: --port N)");
    assertThatThrownBy(() -> OPTIONS.parse("--port", "--jdbc-url", "u"))
        .hasMessage("--port: no value (expected: --port N)");
  }

  @Test
  void aWordThatIsNotAnOptionIsRejected() {
    assertThatThrownBy(() -> OPTIONS.parse("--jdbc-url", "u", "extra"))
        .hasMessage("argument: 'extra' (expected: an option such as --name value; see --help)");
    assertThatThrownBy(() -> OPTIONS.parse("--jdbc-url", "u", "--"))
        .isInstanceOf(UsageException.class);
  }

  @Test
  void aMissingRequiredOptionIsRejected() {
    assertThatThrownBy(() -> OPTIONS.parse("--port", "1"))
        .hasMessage("--jdbc-url: missing (expected: --jdbc-url TEXT)");
  }

  @Test
  void helpIsRecognisedEvenWhenARequiredOptionIsMissing() {
    Arguments arguments = OPTIONS.parse("--port", "x", "--help");

    assertThat(arguments.helpRequested()).isTrue();
    assertThat(OPTIONS.parse("-h").helpRequested()).isTrue();
  }

  @Test
  void aRepeatableOptionKeepsEveryValueInOrder() {
    Arguments arguments = OPTIONS.parse("--header", "a", "--jdbc-url", "u", "--header=b");

    assertThat(arguments.all(HEADER)).containsExactly("a", "b");
    assertThat(arguments.get(HEADER)).isEqualTo("b");
  }

  @Test
  void anOptionThatIsNotRepeatableCannotBeGivenTwice() {
    assertThatThrownBy(() -> OPTIONS.parse("--port", "1", "--port", "2", "--jdbc-url", "u"))
        .hasMessage("--port: 2 given again (expected: at most once)");
  }

  @Test
  void aDurationTakesAUnitOrIsReadInTheDeclaredOne() {
    Arguments withUnits = OPTIONS.parse("--jdbc-url", "u", "--delay", "1.5s", "--flush", "250ms");
    Arguments bare = OPTIONS.parse("--jdbc-url", "u", "--delay", "40", "--flush", "2");

    assertThat(withUnits.get(DELAY)).isEqualTo(Duration.ofMillis(1500));
    assertThat(withUnits.get(FLUSH)).isEqualTo(Duration.ofMillis(250));
    assertThat(bare.get(DELAY)).isEqualTo(Duration.ofMillis(40));
    assertThat(bare.get(FLUSH)).isEqualTo(Duration.ofSeconds(2));
  }

  @Test
  void aNegativeOrMalformedDurationIsRejected() {
    assertThatThrownBy(() -> OPTIONS.parse("--jdbc-url", "u", "--delay", "-5"))
        .hasMessage(
            "--delay: -5 (expected: a duration such as 250ms or 5s (a bare number is in ms))");
    assertThatThrownBy(() -> OPTIONS.parse("--jdbc-url", "u", "--flush", "5m"))
        .hasMessageStartingWith("--flush: 5m (expected: a duration");
    assertThatThrownBy(() -> OPTIONS.parse("--jdbc-url", "u", "--flush", "s"))
        .hasMessageStartingWith("--flush: s (expected: a duration");
  }

  @Test
  void aChoiceAcceptsOnlyItsValues() {
    assertThat(OPTIONS.parse("--jdbc-url", "u", "--mode", "dynamic").get(MODE))
        .isEqualTo("dynamic");
    assertThatThrownBy(() -> OPTIONS.parse("--jdbc-url", "u", "--mode", "zip"))
        .hasMessage("--mode: zip (expected: one of none, dynamic, always)");
  }

  @Test
  void aListIsSplitAtCommasAndEachElementChecked() {
    Arguments arguments = OPTIONS.parse("--jdbc-url", "u", "--tags", "x, y", "--sizes", "1,20");

    assertThat(arguments.get(TAGS)).containsExactly("x", "y");
    assertThat(arguments.get(SIZES)).containsExactly(1, 20);
    assertThat(OPTIONS.parse("--jdbc-url", "u", "--tags=").get(TAGS)).isEmpty();
    assertThatThrownBy(() -> OPTIONS.parse("--jdbc-url", "u", "--sizes", "1,200"))
        .hasMessage("--sizes: 1,200 (expected: comma-separated values, each 1..100; '200' is not)");
  }

  @Test
  void parsedArgumentsCannotBeChangedAndRejectForeignOptions() {
    Arguments arguments = OPTIONS.parse("--header", "a", "--jdbc-url", "u");
    Option<String> foreign = Option.string("header", null, "Same name, other option");

    assertThatThrownBy(() -> arguments.all(HEADER).add("b"))
        .isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> arguments.get(foreign))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("--header: not declared");
  }

  @Test
  void readingAnOptionWithoutValueOrDefaultThroughGetFails() {
    Arguments arguments = OPTIONS.parse("--jdbc-url", "u");

    assertThatThrownBy(() -> arguments.get(HEADER))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("--header was not given and has no default");
  }

  @Test
  void theUsageTextListsEveryOptionWithItsValueDescriptionAndDefault() {
    String usage = OPTIONS.usage();

    assertThat(usage)
        .startsWith("usage: demo [--host TEXT] [--port N]")
        .contains("--jdbc-url TEXT\n\nDemonstrates every kind of option.\n")
        .contains("--port N ")
        .contains("Port to listen on; 0 picks a free one (default: 8080)\n")
        .contains("[--mode none|dynamic|always]")
        .contains("Delay per request (default: 250ms)\n")
        .contains("Flush interval (default: 5s)\n")
        .contains("[--monitor]")
        .contains("Log every exchange\n")
        .contains("An extra header (repeatable)\n")
        .contains("Where the log is (required)\n")
        .endsWith("Prints this text and exits\n");
  }

  @Test
  void anEmptyDefaultIsNotShownInTheUsageText() {
    Option<String> url = Option.string("url", "", "A server to load instead of starting one");

    assertThat(Options.of("t", "T.", url).usage())
        .contains("A server to load instead of starting one\n")
        .doesNotContain("(default: )");
  }

  @Test
  void theMarkdownTableHasOneRowPerOptionFromTheSameDeclarations() {
    String table = Options.of("t", "T.", PORT, MONITOR, TAGS, HEADER, URL, MODE).markdownTable();

    assertThat(table)
        .isEqualTo(
            """
            | Option | Default | Description |
            |---|---|---|
            | `--port N` | `8080` | Port to listen on; 0 picks a free one |
            | `--monitor` | off | Log every exchange |
            | `--tags TEXT,...` | `a,b` | Tags to attach |
            | `--header TEXT` |  | An extra header (repeatable) |
            | `--jdbc-url TEXT` | required | Where the log is |
            | `--mode none\\|dynamic\\|always` | `none` | Compression |
            """);
  }

  @Test
  void aMetavarNamesTheValueInUsageAndTable() {
    Option<String> dir = Option.string("db-dir", ".", "Where the files go").withMetavar("DIR");
    Options options = Options.of("t", "T.", dir);

    assertThat(options.usage()).contains("[--db-dir DIR]");
    assertThat(options.markdownTable()).contains("| `--db-dir DIR` | `.` | Where the files go |");
    assertThat(options.parse("--db-dir", "x").get(dir)).isEqualTo("x");
    assertThatThrownBy(() -> MONITOR.withMetavar("X"))
        .hasMessage("metavar of --monitor: 'X' (expected: non-blank, not for a flag)");
  }

  @Test
  void badDeclarationsAreRejectedWhenMade() {
    assertThatThrownBy(() -> Option.string("--port", null, "x"))
        .hasMessageStartingWith("name: '--port' (expected: lowercase words");
    assertThatThrownBy(() -> Option.integer("port", 1, 5, 4, "x"))
        .hasMessage("range of --port: 5..4 (expected: min <= max)");
    assertThatThrownBy(() -> Option.choice("mode", "zip", List.of("none"), "x"))
        .hasMessage("default of --mode: zip (expected: one of [none])");
    assertThatThrownBy(() -> Option.string("port", null, "two\nlines"))
        .hasMessageContaining("expected: one non-blank line");
    assertThatThrownBy(() -> Options.of("t", "T.", PORT, Option.flag("port", "again")))
        .hasMessage("option: --port declared twice (expected: unique names)");
    assertThatThrownBy(() -> Options.of("t", "T.", Option.flag("help", "mine")))
        .hasMessage("option: --help (expected: any name but help)");
  }
}

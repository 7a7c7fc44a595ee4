package io.wsqos.testing;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.wsqos.testing.ChildJvm.Stream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.MatchResult;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Child JVMs of the test kit, started for real from this JVM's class path. */
class ChildJvmIT {

  private static final Duration WAIT = Duration.ofMinutes(1);
  private static final Pattern READY =
      Pattern.compile("ready (\\S+) (\\S+) env=(\\S+) path=(\\S+)");

  @TempDir Path logs;

  @Test
  void aChildRunsItsClassWithItsArgumentsEnvironmentAndJvmOptionsAndIsReadyOnItsLine() {
    try (ChildJvm child =
        ChildJvm.builder(Ready.class)
            .args("first", "second")
            .jvmOptions("-Xmx64m", "-Dwsqos.child=set")
            .environment("WSQOS_CHILD_TEST", "given")
            .removeEnvironment(variable -> variable.equals("PATH"))
            .logDirectory(logs)
            .readyLine(READY)
            .start()) {

      MatchResult ready = child.ready();
      MatchResult later = child.awaitLine(Stream.STDERR, Pattern.compile("property=(\\S+)"), WAIT);

      assertThat(List.of(ready.group(1), ready.group(2), ready.group(3), ready.group(4)))
          .containsExactly("first", "second", "given", "null");
      assertThat(later.group(1)).isEqualTo("set");
      assertThat(child.isAlive()).isTrue();
      assertThat(logs.resolve("Ready.out")).content().startsWith("ready first second");
      assertThat(child.log()).contains("Ready stdout", "ready first", "Ready stderr", "property=");
    }
  }

  @Test
  void aChildThatExitsBeforeItsReadyLineFailsTheStartWithTheTailOfItsOutput() {
    ChildJvm.Builder builder =
        ChildJvm.builder(Fail.class).args("3").logDirectory(logs).readyLine(READY);

    assertThatThrownBy(builder::start)
        .isInstanceOf(IllegalStateException.class)
        .hasMessageStartingWith("Fail (pid ")
        .hasMessageContaining(") exited with 3 before printing " + READY)
        .hasMessageContaining("out-49;")
        .hasMessageContaining("err-" + (50 - ChildJvm.TAIL_LINES) + ";")
        .hasMessageContaining("err-49;")
        .hasMessageNotContaining("err-" + (49 - ChildJvm.TAIL_LINES) + ";");
  }

  @Test
  void aChildThatPrintsNoReadyLineInTimeFailsTheStartAndIsStopped() {
    ChildJvm.Builder builder =
        ChildJvm.builder(Ready.class)
            .logDirectory(logs)
            .readyLine(Pattern.compile("never printed"))
            .startTimeout(Duration.ofSeconds(2));

    assertThatThrownBy(builder::start)
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("printed no line matching never printed within PT2S")
        .hasMessageContaining("ready ");
    assertThat(ProcessHandle.current().children().filter(ProcessHandle::isAlive)).isEmpty();
  }

  @Test
  void closeKillsAChildWhoseShutdownHangsAfterTheGraceAndWhatItStarted() {
    ChildJvm child =
        ChildJvm.builder(Stubborn.class)
            .logDirectory(logs)
            .readyLine(Pattern.compile("grandchild (\\d+)"))
            .stopGrace(Duration.ofSeconds(1))
            .start();
    ProcessHandle grandchild =
        ProcessHandle.of(Long.parseLong(child.ready().group(1))).orElseThrow();

    child.close();
    child.close();

    assertThat(child.isAlive()).isFalse();
    assertThat(grandchild.isAlive()).isFalse();
  }

  @Test
  void terminateRunsTheShutdownHooksAndAwaitExitGivesTheExitCode() {
    try (ChildJvm child =
        ChildJvm.builder(Ready.class).logDirectory(logs).readyLine(READY).start()) {

      child.terminate();
      int exit = child.awaitExit(WAIT);

      assertThat(exit).isEqualTo(143); // 128 + SIGTERM
      assertThat(child.lines(Stream.STDOUT)).last().isEqualTo("stopped");
    }
  }

  @Test
  void stderrToStdoutInterleavesBothInOneFile() {
    try (ChildJvm child =
        ChildJvm.builder(Fail.class).args("0").logDirectory(logs).stderrToStdout().start()) {

      int exit = child.awaitExit(WAIT);

      assertThat(exit).isZero();
      assertThat(child.stdout()).contains("out-0;", "err-0;", "err-49;");
      assertThat(child.stderr()).isEmpty();
    }
  }

  @Test
  void aChildStillRunningAtTheEndOfAwaitExitFailsWithItsOutputAndIsKilled() {
    try (ChildJvm child =
        ChildJvm.builder(Ready.class).logDirectory(logs).readyLine(READY).start()) {

      assertThatThrownBy(() -> child.awaitExit(Duration.ofMillis(200)))
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("did not exit within PT0.2S")
          .hasMessageContaining("ready ");
      assertThat(child.isAlive()).isFalse();
    }
  }

  @Test
  void readyIsRefusedForAChildStartedWithoutAReadyLine() {
    try (ChildJvm child = ChildJvm.builder(Fail.class).args("0").logDirectory(logs).start()) {

      assertThatThrownBy(child::ready)
          .isInstanceOf(IllegalStateException.class)
          .hasMessage("Fail was started without a ready line");
    }
  }

  @Test
  void aConversationReadsTheAnswersInTurnEchoesTheRestAndStopsOnTheStopLine() {
    ByteArrayOutputStream echoed = new ByteArrayOutputStream();
    PrintStream echo = new PrintStream(echoed, true, UTF_8);
    ChildJvm child =
        ChildJvm.builder(Conversation.class)
            .logDirectory(logs)
            .echo(echo)
            .stopLine("stop")
            .readyLine(Pattern.compile("^listening"))
            .start();
    try (child) {
      child.send("one");
      child.send("two");

      String first = child.nextLine(line -> line.startsWith("answer"), WAIT);
      String second = child.nextLine(line -> line.startsWith("answer"), WAIT);

      assertThat(List.of(first, second)).containsExactly("answer one", "answer two");
      assertThat(echoed.toString(UTF_8).lines())
          .containsExactly("[Conversation] noise one", "[Conversation] noise two");
    }

    assertThat(child.isAlive()).isFalse();
    assertThat(child.stdout()).endsWith("stopping" + System.lineSeparator());
    assertThat(child.awaitExit(WAIT)).isZero();
  }

  @Test
  void aWholeCommandLineRunsAsGivenAndAnEndedChildFailsTheNextLine() {
    List<String> command =
        List.of(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-cp",
            System.getProperty("java.class.path"),
            Fail.class.getName(),
            "4");

    try (ChildJvm child = ChildJvm.commandLine("given", command).logDirectory(logs).start()) {

      assertThatThrownBy(() -> child.nextLine(line -> line.equals("never"), WAIT))
          .isInstanceOf(IllegalStateException.class)
          .hasMessageStartingWith("given (pid ")
          .hasMessageContaining(") exited with 4 before printing the line awaited")
          .hasMessageContaining("out-49;");
    }
  }

  /**
   * Prints {@code listening}, then for each line of stdin a line of noise and an answer, until
   * {@code stop}.
   */
  public static final class Conversation {
    public static void main(String[] args) throws java.io.IOException {
      System.out.println("listening");
      java.io.BufferedReader in =
          new java.io.BufferedReader(new java.io.InputStreamReader(System.in, UTF_8));
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        if (line.equals("stop")) {
          System.out.println("stopping");
          return;
        }
        System.out.println("noise " + line);
        System.out.println("answer " + line);
      }
    }
  }

  /** Prints its arguments and environment, then waits to be stopped; says so when it is. */
  public static final class Ready {
    public static void main(String[] args) throws InterruptedException {
      Runtime.getRuntime().addShutdownHook(new Thread(() -> System.out.println("stopped")));
      String first = args.length > 0 ? args[0] : "-";
      String second = args.length > 1 ? args[1] : "-";
      System.out.println(
          "ready "
              + first
              + " "
              + second
              + " env="
              + System.getenv("WSQOS_CHILD_TEST")
              + " path="
              + System.getenv("PATH"));
      System.err.println("property=" + System.getProperty("wsqos.child"));
      Thread.sleep(Long.MAX_VALUE);
    }
  }

  /** Prints 50 numbered lines on each stream and exits with its argument. */
  public static final class Fail {
    public static void main(String[] args) {
      for (int i = 0; i < 50; i++) {
        System.out.println("out-" + i + ";");
        System.err.println("err-" + i + ";");
      }
      System.exit(Integer.parseInt(args[0]));
    }
  }

  /** Starts a JVM of its own and never finishes stopping: its shutdown hook hangs. */
  public static final class Stubborn {
    public static void main(String[] args) throws InterruptedException {
      ChildJvm grandchild =
          ChildJvm.builder(Ready.class).name("grandchild").readyLine(READY).start();
      Runtime.getRuntime()
          .addShutdownHook(
              new Thread(
                  () -> {
                    try {
                      Thread.sleep(Long.MAX_VALUE);
                    } catch (InterruptedException e) {
                      Thread.currentThread().interrupt();
                    }
                  }));
      System.out.println("grandchild " + grandchild.pid());
      Thread.sleep(Long.MAX_VALUE);
    }
  }
}

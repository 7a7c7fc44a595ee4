package io.wsqos.examples.bookstore;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.wsqos.core.cli.Arguments;
import io.wsqos.core.cli.Options;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.cxf.Bus;
import org.apache.cxf.BusFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class BookstoreServerTest {

  private static final Pattern LISTENING =
      Pattern.compile("Bookstore listening at http://127\\.0\\.0\\.1:(\\d+)/bookstore");

  private final List<Process> processes = new ArrayList<>();

  @AfterEach
  void killLeftoverProcesses() {
    processes.forEach(Process::destroyForcibly);
  }

  @Test
  void startOnPortZeroServesAndCloseStopsJetty() throws Exception {
    BookstoreServer server = BookstoreServer.start("127.0.0.1", 0);
    String address = server.address();

    HttpResponse<String> response = wsdl(address);
    server.close();
    server.close();

    assertThat(address).isEqualTo("http://127.0.0.1:" + server.port() + "/bookstore");
    assertThat(server.port()).isPositive();
    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(response.body()).contains("getBookDetails");
    assertThatThrownBy(() -> wsdl(address)).isInstanceOf(IOException.class);
    await().atMost(Duration.ofSeconds(10)).until(() -> jettyThreads().isEmpty());
    assertThat(server.bus().getState()).isEqualTo(Bus.BusState.SHUTDOWN);
    assertThat(BusFactory.getDefaultBus(false)).isNotSameAs(server.bus());
  }

  @Test
  void startOnABusyPortFailsAndLeavesNothingRunning() throws Exception {
    try (BookstoreServer first = BookstoreServer.start("127.0.0.1", 0)) {

      assertThatThrownBy(() -> BookstoreServer.start("127.0.0.1", first.port()))
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("Failed to bind");

      assertThat(wsdl(first.address()).statusCode()).isEqualTo(200);
    }
    await().atMost(Duration.ofSeconds(10)).until(() -> jettyThreads().isEmpty());
  }

  @Test
  void startRejectsAnInvalidPort() {
    assertThatThrownBy(() -> BookstoreServer.start("127.0.0.1", 70_000))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("port: 70000 (expected: 0..65535)");
  }

  @Test
  void optionsDefaultToLoopbackPort8080() {
    Arguments arguments = BookstoreOptions.OPTIONS.parse();

    assertThat(arguments.get(BookstoreOptions.HOST)).isEqualTo("127.0.0.1");
    assertThat(arguments.get(BookstoreOptions.PORT)).isEqualTo(8080);
    assertThat(arguments.get(BookstoreOptions.DELAY_MS)).isZero();
    assertThat(arguments.get(BookstoreOptions.COMPRESSION)).isEqualTo("none");
    assertThat(arguments.get(BookstoreOptions.MONITOR)).isFalse();
    assertThat(arguments.helpRequested()).isFalse();
  }

  @Test
  void optionsAcceptSeparateAndInlineValues() {
    Arguments arguments =
        BookstoreOptions.OPTIONS.parse("--host", "0.0.0.0", "--port=0", "--delay-ms", "20");
    Arguments spaced = BookstoreOptions.OPTIONS.parse("--port", "0", "--compression=dynamic");

    assertThat(arguments.get(BookstoreOptions.HOST)).isEqualTo("0.0.0.0");
    assertThat(arguments.get(BookstoreOptions.PORT)).isZero();
    assertThat(arguments.get(BookstoreOptions.DELAY_MS)).isEqualTo(20);
    assertThat(spaced.get(BookstoreOptions.PORT)).isZero();
    assertThat(spaced.get(BookstoreOptions.COMPRESSION)).isEqualTo("dynamic");
  }

  @Test
  void badArgumentsPrintUsageAndExitWith2() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();

    int status =
        BookstoreServer.run(
            new String[] {"--port", "http"},
            new PrintStream(out, true, UTF_8),
            new PrintStream(err, true, UTF_8));

    assertThat(status).isEqualTo(2);
    assertThat(out.toString(UTF_8)).isEmpty();
    assertThat(err.toString(UTF_8))
        .startsWith("--port: http (expected: 0..65535)")
        .contains(BookstoreOptions.OPTIONS.usage());
  }

  @Test
  void unknownArgumentAndMissingValueAreReported() {
    Options options = BookstoreOptions.OPTIONS;

    assertThatThrownBy(() -> options.parse("--verbose"))
        .hasMessageStartingWith("--verbose: unknown option (expected one of: --host, --port,");
    assertThatThrownBy(() -> options.parse("--host"))
        .hasMessage("--host: no value (expected: --host HOST)");
    assertThatThrownBy(() -> options.parse("--port", "-1"))
        .hasMessage("--port: -1 (expected: 0..65535)");
    assertThatThrownBy(() -> options.parse("--delay-ms=-5"))
        .hasMessage("--delay-ms: -5 (expected: 0..60000)");
    assertThatThrownBy(() -> options.parse("--delay-ms", "soon"))
        .hasMessage("--delay-ms: soon (expected: 0..60000)");
    assertThatThrownBy(() -> options.parse("--compression", "zip"))
        .hasMessage(
            "--compression: zip (expected: one of none, dynamic, always, graded, cxf-gzip)");
  }

  @Test
  void helpPrintsUsageAndExitsWith0() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();

    int status =
        BookstoreServer.run(new String[] {"--help"}, new PrintStream(out, true, UTF_8), System.err);

    assertThat(status).isZero();
    assertThat(out.toString(UTF_8)).isEqualTo(BookstoreOptions.OPTIONS.usage());
  }

  @Test
  void mainPrintsOneLineServesAndStopsCleanlyOnSigterm() throws Exception {
    Process process = launch("--port", "0");
    BufferedReader stdout =
        new BufferedReader(new InputStreamReader(process.getInputStream(), UTF_8));

    String line = CompletableFuture.supplyAsync(() -> readLine(stdout)).get(60, TimeUnit.SECONDS);
    Matcher matcher = LISTENING.matcher(line == null ? "" : line);
    assertThat(matcher.matches()).as("first line: %s", line).isTrue();
    String address = "http://127.0.0.1:" + matcher.group(1) + "/bookstore";
    HttpResponse<String> hello = post(address, Path.of("requests", "hello.xml"));
    process.toHandle().destroy(); // SIGTERM; Process.destroy() would also close our pipes
    boolean exited = process.waitFor(30, TimeUnit.SECONDS);
    String rest = new String(process.getInputStream().readAllBytes(), UTF_8);
    String stderr = new String(process.getErrorStream().readAllBytes(), UTF_8);

    assertThat(hello.statusCode()).isEqualTo(200);
    assertThat(hello.body()).contains("<message>Hello world!</message>");
    assertThat(exited).isTrue();
    assertThat(process.exitValue()).isEqualTo(143); // 128 + SIGTERM, after the shutdown hook ran
    assertThat(rest).as("stdout after the first line").isEmpty();
    assertThat(stderr).contains("Bookstore stopped").doesNotContain("ERROR", "Exception");
  }

  @Test
  void mainExitsWith2OnBadArguments() throws Exception {
    Process process = launch("--port", "eighty");

    boolean exited = process.waitFor(60, TimeUnit.SECONDS);
    String stderr = new String(process.getErrorStream().readAllBytes(), UTF_8);

    assertThat(exited).isTrue();
    assertThat(process.exitValue()).isEqualTo(2);
    assertThat(stderr).contains("--port: eighty (expected: 0..65535)").contains("usage:");
  }

  @Test
  void mainExitsWith1WhenThePortIsTaken() throws Exception {
    try (BookstoreServer busy = BookstoreServer.start("127.0.0.1", 0)) {
      Process process = launch("--port", Integer.toString(busy.port()));

      boolean exited = process.waitFor(60, TimeUnit.SECONDS);
      String stdout = new String(process.getInputStream().readAllBytes(), UTF_8);
      String stderr = new String(process.getErrorStream().readAllBytes(), UTF_8);

      assertThat(exited).isTrue();
      assertThat(process.exitValue()).isEqualTo(1);
      assertThat(stdout).isEmpty();
      assertThat(stderr).contains("Bookstore could not start on 127.0.0.1:" + busy.port());
    }
  }

  /** Runs {@link BookstoreServer#main} in a child JVM with the production logging setup. */
  private Process launch(String... args) throws IOException {
    URL logback = BookstoreServer.class.getResource("/logback.xml");
    assertThat(logback).isNotNull();
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-Dlogback.configurationFile=" + logback);
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(BookstoreServer.class.getName());
    command.addAll(List.of(args));
    Process process = new ProcessBuilder(command).start();
    processes.add(process);
    return process;
  }

  private static String readLine(BufferedReader reader) {
    try {
      return reader.readLine();
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  private static HttpResponse<String> wsdl(String address) throws Exception {
    return HttpClient.newHttpClient()
        .send(
            HttpRequest.newBuilder(URI.create(address + "?wsdl"))
                .timeout(Duration.ofSeconds(10))
                .build(),
            HttpResponse.BodyHandlers.ofString());
  }

  private static HttpResponse<String> post(String address, Path envelope) throws Exception {
    return HttpClient.newHttpClient()
        .send(
            HttpRequest.newBuilder(URI.create(address))
                .timeout(Duration.ofSeconds(10))
                .header("Content-Type", "text/xml; charset=UTF-8")
                .POST(HttpRequest.BodyPublishers.ofString(Files.readString(envelope)))
                .build(),
            HttpResponse.BodyHandlers.ofString());
  }

  /** The server's Jetty threads, named after {@link BookstoreServer#THREAD_NAME_PREFIX}. */
  private static List<String> jettyThreads() {
    List<String> names = new ArrayList<>();
    Thread.getAllStackTraces().keySet().stream()
        .filter(Thread::isAlive)
        .map(Thread::getName)
        .filter(name -> name.startsWith(BookstoreServer.THREAD_NAME_PREFIX))
        .forEach(names::add);
    return names;
  }
}

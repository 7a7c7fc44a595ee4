package io.wsqos.examples.bookstore;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.wsqos.cli.Arguments;
import io.wsqos.cli.Options;
import io.wsqos.cli.Source;
import io.wsqos.testing.RawHttp;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.ConnectException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.cxf.Bus;
import org.apache.cxf.BusFactory;
import org.junit.jupiter.api.Test;

class BookstoreServerTest {

  @Test
  void startOnPortZeroServesAndCloseStopsJetty() throws Exception {
    BookstoreServer server = BookstoreServer.start("127.0.0.1", 0);
    String address = server.address();

    RawHttp.Response response = wsdl(address);
    server.close();
    server.close();

    assertThat(address).isEqualTo("http://127.0.0.1:" + server.port() + "/bookstore");
    assertThat(server.port()).isPositive();
    assertThat(response.status()).isEqualTo(200);
    assertThat(response.text()).contains("getBookDetails");
    assertThatThrownBy(() -> wsdl(address))
        .isInstanceOf(UncheckedIOException.class)
        .hasCauseInstanceOf(ConnectException.class);
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

      assertThat(wsdl(first.address()).status()).isEqualTo(200);
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
            Map.of(),
            new PrintStream(out, true, UTF_8),
            new PrintStream(err, true, UTF_8));

    assertThat(status).isEqualTo(2);
    assertThat(out.toString(UTF_8)).isEmpty();
    assertThat(err.toString(UTF_8))
        .startsWith("--port: http (expected: 0..65535)")
        .contains(BookstoreOptions.OPTIONS.usage());
  }

  @Test
  void environmentVariablesAreReadUnderTheCommandLineAndABadOneIsNamed() {
    ByteArrayOutputStream err = new ByteArrayOutputStream();

    int status =
        BookstoreServer.run(
            new String[] {"--port", "0"},
            Map.of("WSQOS_BOOKSTORE_PORT", "8081", "WSQOS_BOOKSTORE_MONITOR", "maybe"),
            new PrintStream(new ByteArrayOutputStream(), true, UTF_8),
            new PrintStream(err, true, UTF_8));

    assertThat(status).isEqualTo(2);
    assertThat(err.toString(UTF_8))
        .startsWith("WSQOS_BOOKSTORE_MONITOR (--monitor): maybe (expected: true or false)");

    Arguments arguments =
        BookstoreOptions.OPTIONS.parse(
            List.of(
                Source.environment(
                    BookstoreOptions.ENV_PREFIX,
                    Map.of(
                        "WSQOS_BOOKSTORE_PORT", "8081",
                        "WSQOS_BOOKSTORE_COMPRESSION", "dynamic",
                        "WSQOS_BOOKSTORE_MONITOR", "true"))),
            "--port",
            "0");
    assertThat(arguments.get(BookstoreOptions.PORT)).isZero();
    assertThat(arguments.get(BookstoreOptions.COMPRESSION)).isEqualTo("dynamic");
    assertThat(arguments.get(BookstoreOptions.MONITOR)).isTrue();
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
        BookstoreServer.run(
            new String[] {"--help"}, Map.of(), new PrintStream(out, true, UTF_8), System.err);

    assertThat(status).isZero();
    assertThat(out.toString(UTF_8)).isEqualTo(BookstoreOptions.OPTIONS.usage());
  }

  private static RawHttp.Response wsdl(String address) {
    return RawHttp.get(address + "?wsdl");
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

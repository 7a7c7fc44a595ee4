package io.wsqos.examples.bookstore;

import static org.assertj.core.api.Assertions.assertThat;

import io.wsqos.testing.ChildJvm;
import io.wsqos.testing.RawHttp;
import java.io.IOException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link BookstoreServer#main} in a JVM of its own with the production logging setup, as an
 * operator starts it: its one line, its exit codes, and a clean stop on SIGTERM. Run by failsafe.
 */
class BookstoreMainIT {

  private static final Pattern LISTENING =
      Pattern.compile("Bookstore listening at http://127\\.0\\.0\\.1:(\\d+)/bookstore");

  @TempDir Path logs;

  @Test
  void mainPrintsOneLineServesAndStopsCleanlyOnSigterm() throws Exception {
    try (ChildJvm bookstore =
        launch("--port", "0").readyLine(LISTENING).startTimeout(Duration.ofSeconds(60)).start()) {
      List<String> lines = bookstore.lines(ChildJvm.Stream.STDOUT);
      String line = lines.get(0);
      Matcher matcher = LISTENING.matcher(line);
      assertThat(matcher.matches()).as("first line: %s", line).isTrue();
      String address = "http://127.0.0.1:" + matcher.group(1) + "/bookstore";
      RawHttp.Response hello = post(address, Path.of("requests", "hello.xml"));
      bookstore.terminate(); // SIGTERM
      int exit = bookstore.awaitExit(Duration.ofSeconds(30));

      assertThat(hello.status()).isEqualTo(200);
      assertThat(hello.text()).contains("<message>Hello world!</message>");
      assertThat(exit).isEqualTo(143); // 128 + SIGTERM, after the shutdown hook ran
      assertThat(bookstore.stdout()).as("stdout after the first line").isEqualTo(line + "\n");
      assertThat(bookstore.stderr())
          .contains("Bookstore stopped")
          .doesNotContain("ERROR", "Exception");
    }
  }

  @Test
  void mainExitsWith2OnBadArguments() {
    try (ChildJvm bookstore = launch("--port", "eighty").start()) {

      int exit = bookstore.awaitExit(Duration.ofSeconds(60));

      assertThat(exit).isEqualTo(2);
      assertThat(bookstore.stderr())
          .contains("--port: eighty (expected: 0..65535)")
          .contains("usage:");
    }
  }

  @Test
  void mainExitsWith1WhenThePortIsTaken() {
    try (BookstoreServer busy = BookstoreServer.start("127.0.0.1", 0);
        ChildJvm bookstore = launch("--port", Integer.toString(busy.port())).start()) {

      int exit = bookstore.awaitExit(Duration.ofSeconds(60));

      assertThat(exit).isEqualTo(1);
      assertThat(bookstore.stdout()).isEmpty();
      assertThat(bookstore.stderr())
          .contains("Bookstore could not start on 127.0.0.1:" + busy.port());
    }
  }

  /** {@link BookstoreServer#main} in a child JVM with the production logging setup. */
  private ChildJvm.Builder launch(String... args) {
    URL logback = BookstoreServer.class.getResource("/logback.xml");
    assertThat(logback).isNotNull();
    return ChildJvm.builder(BookstoreServer.class)
        .jvmOptions("-Dlogback.configurationFile=" + logback)
        .args(args)
        .logDirectory(logs);
  }

  private static RawHttp.Response post(String address, Path envelope) throws IOException {
    return RawHttp.post(
        address, Files.readAllBytes(envelope), "Content-Type", "text/xml; charset=UTF-8");
  }
}

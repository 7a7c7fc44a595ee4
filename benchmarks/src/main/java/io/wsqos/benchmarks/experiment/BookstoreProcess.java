package io.wsqos.benchmarks.experiment;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A bookstore server in its own JVM ({@code java -jar bookstore.jar --port 0}, or any command that
 * prints the bookstore's line {@code Bookstore listening at URL}), started and stopped as a {@link
 * ChildProcess}: the one way the experiments start a server.
 */
final class BookstoreProcess implements AutoCloseable {

  private static final Pattern LISTENING = Pattern.compile("Bookstore listening at (http://\\S+)");

  private final ChildProcess process;
  private final URI address;

  private BookstoreProcess(ChildProcess process, URI address) {
    this.process = process;
    this.address = address;
  }

  /** Starts {@code jar} and waits for its "listening" line. */
  static BookstoreProcess start(Path jar, List<String> jvmOptions) {
    if (!Files.isRegularFile(jar)) {
      throw new IllegalArgumentException(
          "bookstore jar: "
              + jar
              + " (expected: a file; build it with ./mvnw -pl examples/bookstore -am package"
              + " -DskipTests)");
    }
    List<String> command = new ArrayList<>();
    command.add(ChildProcess.javaCommand());
    command.addAll(jvmOptions);
    command.addAll(List.of("-jar", jar.toString(), "--port", "0"));
    return start(command);
  }

  /** Starts {@code command} and waits for its "listening" line. */
  static BookstoreProcess start(List<String> command) {
    ChildProcess process =
        ChildProcess.start(
            "bookstore", command, line -> LISTENING.matcher(line).find(), true, null, System.err);
    try {
      Matcher m =
          LISTENING.matcher(process.answer(Duration.ofSeconds(ChildProcess.START_TIMEOUT_SECONDS)));
      m.find();
      return new BookstoreProcess(process, URI.create(m.group(1)));
    } catch (RuntimeException e) {
      process.close();
      throw new IllegalStateException(
          "bookstore did not print 'Bookstore listening at ...': " + e.getMessage(), e);
    }
  }

  /** E.g. {@code http://127.0.0.1:PORT/bookstore}. */
  URI address() {
    return address;
  }

  long pid() {
    return process.pid();
  }

  /** Stops it with SIGTERM, so that its shutdown hooks run (the monitored one writes its log). */
  @Override
  public void close() {
    process.close();
  }
}

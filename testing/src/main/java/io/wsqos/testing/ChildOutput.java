package io.wsqos.testing;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Waits for a child process a test started (a server's own JVM) to print the line that says it is
 * ready, reading the file its standard output goes to.
 */
public final class ChildOutput {

  private static final long POLL_MILLIS = 50;

  private ChildOutput() {}

  /**
   * Returns what follows {@code prefix} on the first line of {@code stdout} that starts with it
   * (trimmed), e.g. the address after {@code "listening on "}, once {@code process} has printed it.
   *
   * @param name what the process is, for the error message, e.g. {@code "the proxy"}
   * @throws IllegalStateException with {@code stderr}'s content if the process exits or prints no
   *     such line within {@code timeout}
   */
  public static String awaitLine(
      Process process, Path stdout, Path stderr, String prefix, Duration timeout, String name)
      throws IOException, InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (System.nanoTime() < deadline) {
      if (Files.exists(stdout)) {
        for (String line : Files.readAllLines(stdout, UTF_8)) {
          if (line.startsWith(prefix)) {
            return line.substring(prefix.length()).trim();
          }
        }
      }
      if (!process.isAlive()) {
        throw new IllegalStateException(
            name + " exited with " + process.exitValue() + ": " + errors(stderr));
      }
      Thread.sleep(POLL_MILLIS);
    }
    throw new IllegalStateException(
        name + " printed no '" + prefix + "' line within " + timeout + ": " + errors(stderr));
  }

  private static String errors(Path stderr) throws IOException {
    return Files.exists(stderr) ? Files.readString(stderr, UTF_8) : "";
  }
}

package io.wsqos.testing;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Runs a Python script that uses zeep (a second SOAP stack) as a child process, for tests that
 * check a service from a client that is not CXF. A test calls {@link #run} with the script's text
 * and its arguments; where no python3 can import zeep, {@link #run} skips the test with the reason
 * ({@code apt-get install -y python3-zeep}), and fails it under CI ({@link Prerequisites}).
 */
public final class ZeepScript {

  // Far above any script of these tests: a stall of a shared machine must not fail a test, and a
  // hung script must not hang the build.
  private static final long PROCESS_GUARD_SECONDS = 120;

  private ZeepScript() {}

  /** What a finished script left: its exit code, and its stdout and stderr interleaved. */
  public record Result(int exitCode, String output) {

    /** The output's non-blank lines, stripped. */
    public List<String> lines() {
      return output.lines().map(String::strip).filter(line -> !line.isEmpty()).toList();
    }
  }

  /**
   * Writes {@code script} to {@code dir} and runs it with a python3 that imports zeep, with {@code
   * args} as {@code sys.argv[1:]}, until it exits.
   *
   * @throws org.opentest4j.TestAbortedException if no python3 here imports zeep (an {@link
   *     AssertionError} under CI)
   * @throws AssertionError if the script does not exit within two minutes (it is killed)
   */
  public static Result run(Path dir, String script, String... args) {
    try {
      Optional<String> python = pythonWithZeep();
      Prerequisites.assume(
          python.isPresent(), "a python3 with zeep is needed (apt-get install -y python3-zeep)");
      Path file = Files.writeString(Files.createTempFile(dir, "zeep-", ".py"), script);
      // To a file, not a pipe: a script that writes much cannot block on a full pipe buffer.
      Path output = Files.createTempFile(dir, "zeep-", ".out");
      List<String> command = new ArrayList<>(List.of(python.get(), file.toString()));
      command.addAll(List.of(args));
      Process process =
          new ProcessBuilder(command)
              .redirectErrorStream(true)
              .redirectOutput(output.toFile())
              .start();
      if (!process.waitFor(PROCESS_GUARD_SECONDS, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor();
        throw new AssertionError(
            "zeep script still running after "
                + PROCESS_GUARD_SECONDS
                + " s, killed; its output:\n"
                + Files.readString(output, UTF_8));
      }
      return new Result(process.exitValue(), Files.readString(output, UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while the zeep script ran", e);
    }
  }

  /**
   * The first interpreter that imports zeep: the one on the PATH, else the system's, where the
   * Debian package installs it (a pyenv or venv python3 on the PATH does not see it).
   */
  static Optional<String> pythonWithZeep() throws InterruptedException {
    for (String python : new String[] {"python3", "/usr/bin/python3"}) {
      try {
        Process probe =
            new ProcessBuilder(python, "-c", "import zeep").redirectErrorStream(true).start();
        probe.getInputStream().readAllBytes();
        if (probe.waitFor(PROCESS_GUARD_SECONDS, TimeUnit.SECONDS) && probe.exitValue() == 0) {
          return Optional.of(python);
        }
        probe.destroyForcibly();
      } catch (IOException notThere) {
        // Try the next one.
      }
    }
    return Optional.empty();
  }
}

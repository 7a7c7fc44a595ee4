package io.wsqos.testing;

import static java.nio.charset.StandardCharsets.UTF_8;
import static java.util.Objects.requireNonNull;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;
import java.util.regex.MatchResult;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.awaitility.core.ConditionTimeoutException;

/**
 * A JVM a test starts (a launcher's {@code main}, an executable jar, a program that must exit on
 * its own), with its stdout and stderr in files and, when it is built with a ready line, started
 * only once it has printed that line. {@link #close()} stops it and whatever it started, so a test
 * holds one in try-with-resources or hands it to a {@link Closer}:
 *
 * <pre>{@code
 * try (ChildJvm broker =
 *     ChildJvm.builder(BrokerLauncher.class)
 *         .args("--port", "0")
 *         .environment("WSQOS_BROKER_JDBC_URL", url)
 *         .logDirectory(tempDir)
 *         .readyLine(Pattern.compile("Broker listening at (\\S+)"))
 *         .start()) {
 *   String address = broker.ready().group(1);
 * }
 * }</pre>
 *
 * <p>Every wait is bounded and every failure says which JVM, what was awaited and the tail of what
 * it printed.
 */
public final class ChildJvm implements AutoCloseable {

  /** How long {@link Builder#start()} waits for the ready line unless told otherwise. */
  public static final Duration DEFAULT_START_TIMEOUT = Duration.ofMinutes(2);

  /** How long {@link #close()} lets the JVM run its shutdown hooks before it is killed. */
  public static final Duration DEFAULT_STOP_GRACE = Duration.ofSeconds(30);

  /** Lines of each stream that a failure's message shows. */
  static final int TAIL_LINES = 40;

  private static final Duration POLL_INTERVAL = Duration.ofMillis(50);

  /** Which of the child's streams to read. */
  public enum Stream {
    STDOUT,
    STDERR
  }

  private final String name;
  private final Process process;
  private final Path stdout;
  private final Path stderr;
  private final Duration stopGrace;
  private final String stopLine;
  private final PrintStream echo;
  private MatchResult ready;

  /** Bytes of stdout that {@link #nextLine} has read past. */
  private long read;

  private ChildJvm(String name, Process process, Path stdout, Path stderr, Builder builder) {
    this.name = name;
    this.process = process;
    this.stdout = stdout;
    this.stderr = stderr;
    this.stopGrace = builder.stopGrace;
    this.stopLine = builder.stopLine;
    this.echo = builder.echo;
  }

  /** A JVM that runs {@code mainClass} on the class path of this JVM unless told otherwise. */
  public static Builder builder(Class<?> mainClass) {
    return builder(mainClass.getName()).name(mainClass.getSimpleName());
  }

  /** A JVM that runs the class named {@code mainClass}, as {@link #builder(Class)}. */
  public static Builder builder(String mainClass) {
    return new Builder(List.of(requireNonNull(mainClass, "mainClass")), true, mainClass);
  }

  /** A JVM that runs {@code java -jar jar}, with no class path of this JVM's. */
  public static Builder jar(Path jar) {
    String path = requireNonNull(jar, "jar").toString();
    return new Builder(List.of("-jar", path), false, String.valueOf(jar.getFileName()));
  }

  /**
   * A JVM started by a whole command line made elsewhere (e.g. {@code java ... Main} already
   * wrapped to run in a network namespace): the builder's JVM options, class path and wrapper do
   * not apply to it.
   */
  public static Builder commandLine(String name, List<String> command) {
    Builder builder = new Builder(List.copyOf(command), false, name);
    builder.whole = true;
    return builder;
  }

  /**
   * The match of the ready line the builder waited for.
   *
   * @throws IllegalStateException if it was started without one
   */
  public MatchResult ready() {
    if (ready == null) {
      throw new IllegalStateException(name + " was started without a ready line");
    }
    return ready;
  }

  /**
   * Waits for the first line of {@code stream} that {@code line} finds a match in, from the start
   * of the output, and returns the match.
   *
   * @throws IllegalStateException with the tail of the JVM's output if it exits or prints no such
   *     line within {@code timeout}
   */
  public MatchResult awaitLine(Stream stream, Pattern line, Duration timeout) {
    AtomicReference<MatchResult> found = new AtomicReference<>();
    Path file = stream == Stream.STDOUT ? stdout : stderr;
    try {
      await()
          .atMost(timeout)
          .pollDelay(Duration.ZERO)
          .pollInterval(POLL_INTERVAL)
          .until(
              () -> {
                // Asked before the file is read: a line printed just before it exited is seen.
                boolean alive = process.isAlive();
                Optional<MatchResult> match = firstMatch(file, line);
                if (match.isPresent()) {
                  found.set(match.get());
                  return true;
                }
                if (!alive) {
                  throw new IllegalStateException(
                      describe("exited with " + process.exitValue() + " before printing " + line));
                }
                return false;
              });
    } catch (ConditionTimeoutException e) {
      throw new IllegalStateException(
          describe("printed no line matching " + line + " within " + timeout), e);
    }
    return found.get();
  }

  /** Waits for {@code line} on stdout, as {@link #awaitLine(Stream, Pattern, Duration)}. */
  public MatchResult awaitLine(Pattern line, Duration timeout) {
    return awaitLine(Stream.STDOUT, line, timeout);
  }

  /**
   * Waits for the next line of stdout that {@code line} accepts, after those earlier calls (and the
   * wait for the ready line) read, and returns it: a conversation's answers, read in turn. The
   * lines passed on the way are echoed where the builder said ({@link Builder#echo}).
   *
   * @throws IllegalStateException with the tail of the JVM's output if it exits or prints no such
   *     line within {@code timeout}
   */
  public synchronized String nextLine(Predicate<String> line, Duration timeout) {
    return nextLine(line, "the line awaited", timeout);
  }

  private String nextLine(Predicate<String> line, Object awaited, Duration timeout) {
    AtomicReference<String> found = new AtomicReference<>();
    try {
      await()
          .atMost(timeout)
          .pollDelay(Duration.ZERO)
          .pollInterval(POLL_INTERVAL)
          .until(
              () -> {
                boolean alive = process.isAlive();
                for (byte[] bytes : unreadLines()) {
                  read += bytes.length + 1;
                  int length = bytes.length;
                  // A line ended by CRLF is the same line.
                  if (length > 0 && bytes[length - 1] == '\r') {
                    length--;
                  }
                  String next = new String(bytes, 0, length, UTF_8);
                  if (line.test(next)) {
                    found.set(next);
                    return true;
                  }
                  if (echo != null) {
                    echo.println("[" + name + "] " + next);
                  }
                }
                if (!alive) {
                  throw new IllegalStateException(
                      describe(
                          "exited with " + process.exitValue() + " before printing " + awaited));
                }
                return false;
              });
    } catch (ConditionTimeoutException e) {
      throw new IllegalStateException(
          describe("printed no line matching " + awaited + " within " + timeout), e);
    }
    return found.get();
  }

  /** The complete lines of stdout after those read so far, each without its line break. */
  private List<byte[]> unreadLines() throws IOException {
    List<byte[]> lines = new ArrayList<>();
    if (!Files.exists(stdout)) {
      return lines;
    }
    byte[] bytes;
    try (RandomAccessFile file = new RandomAccessFile(stdout.toFile(), "r")) {
      bytes = new byte[(int) Math.max(0, file.length() - read)];
      file.seek(read);
      file.readFully(bytes);
    }
    for (int start = 0, end; (end = indexOf(bytes, (byte) '\n', start)) >= 0; start = end + 1) {
      lines.add(Arrays.copyOfRange(bytes, start, end));
    }
    return lines;
  }

  private static int indexOf(byte[] bytes, byte b, int from) {
    for (int i = from; i < bytes.length; i++) {
      if (bytes[i] == b) {
        return i;
      }
    }
    return -1;
  }

  /**
   * Writes {@code line} and a newline on its stdin.
   *
   * @throws IllegalStateException if its stdin is closed (it has exited)
   */
  public synchronized void send(String line) {
    try {
      OutputStream in = process.getOutputStream();
      in.write((line + "\n").getBytes(UTF_8));
      in.flush();
    } catch (IOException e) {
      throw new IllegalStateException(name + " is gone: " + e, e);
    }
  }

  /**
   * Waits for the JVM to exit by itself and returns its exit code.
   *
   * @throws IllegalStateException with the tail of its output if it runs on past {@code timeout}
   *     (it is then killed)
   */
  public int awaitExit(Duration timeout) {
    try {
      if (process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
        return process.exitValue();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for " + name, e);
    }
    String message = describe("did not exit within " + timeout);
    kill();
    throw new IllegalStateException(message);
  }

  /** What it has printed on stdout so far. */
  public String stdout() {
    return read(stdout);
  }

  /** What it has printed on stderr so far (nothing when stderr goes to stdout). */
  public String stderr() {
    return read(stderr);
  }

  /** The lines {@code stream} holds so far. */
  public List<String> lines(Stream stream) {
    return (stream == Stream.STDOUT ? stdout() : stderr()).lines().toList();
  }

  /** Its name, both streams and where their files are: for an assertion's message. */
  public String log() {
    return name + " stdout (" + stdout + "):\n" + stdout() + "\n" + name + " stderr:\n" + stderr();
  }

  /** The operating system's id of the process. */
  public long pid() {
    return process.pid();
  }

  public boolean isAlive() {
    return process.isAlive();
  }

  /**
   * Asks it to stop (SIGTERM: its shutdown hooks run) and returns at once, without closing the
   * streams its output goes to; {@link #awaitExit} then waits for it.
   */
  public void terminate() {
    process.toHandle().destroy();
  }

  /**
   * Kills it and what it started ({@code kill -9}: no shutdown hook runs, nothing is flushed) and
   * returns once they are gone.
   *
   * @throws IllegalStateException if one survives {@link #DEFAULT_STOP_GRACE}
   */
  public void kill() {
    List<ProcessHandle> descendants = process.descendants().toList();
    process.destroyForcibly();
    awaitGone(process, DEFAULT_STOP_GRACE);
    killAll(descendants);
  }

  /**
   * Stops it: its stop line on stdin ({@link Builder#stopLine}) or else SIGTERM, then SIGKILL once
   * the grace period ({@link Builder#stopGrace}) is over, and SIGKILL for every process it started
   * that is still running. Returns once all are gone. Idempotent.
   */
  @Override
  public void close() {
    List<ProcessHandle> descendants = process.descendants().toList();
    if (process.isAlive()) {
      askToStop();
      if (!awaitGone(process, stopGrace)) {
        process.destroyForcibly();
        awaitGone(process, DEFAULT_STOP_GRACE);
      }
    }
    killAll(descendants);
  }

  @Override
  public String toString() {
    return name + "[pid " + process.pid() + "]";
  }

  private void askToStop() {
    if (stopLine != null) {
      try (OutputStream in = process.getOutputStream()) {
        in.write((stopLine + "\n").getBytes(UTF_8));
        return;
      } catch (IOException e) {
        // Its stdin is already closed: a signal still reaches it.
      }
    }
    process.toHandle().destroy();
  }

  private static void killAll(List<ProcessHandle> processes) {
    processes.forEach(ProcessHandle::destroyForcibly);
    for (ProcessHandle handle : processes) {
      if (!awaitGone(handle, DEFAULT_STOP_GRACE)) {
        throw new IllegalStateException("process " + handle.pid() + " survived SIGKILL");
      }
    }
  }

  /**
   * Waits on the {@link Process} itself, not its handle: the handle's exit can complete before the
   * process records it, and {@link #isAlive()} must be false once this returns true.
   */
  private static boolean awaitGone(Process process, Duration timeout) {
    try {
      return process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return !process.isAlive();
    }
  }

  private static boolean awaitGone(ProcessHandle handle, Duration timeout) {
    try {
      handle.onExit().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
      return true;
    } catch (TimeoutException e) {
      return false;
    } catch (ExecutionException e) {
      throw new IllegalStateException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return !handle.isAlive();
    }
  }

  /** The first complete line of {@code file} that {@code pattern} finds a match in. */
  private static Optional<MatchResult> firstMatch(Path file, Pattern pattern) {
    String text = read(file);
    // A last line without its newline may still be being written.
    int end = text.lastIndexOf('\n');
    for (String line : text.substring(0, end + 1).split("\n")) {
      Matcher matcher =
          pattern.matcher(line.endsWith("\r") ? line.substring(0, line.length() - 1) : line);
      if (matcher.find()) {
        return Optional.of(matcher.toMatchResult());
      }
    }
    return Optional.empty();
  }

  private String describe(String what) {
    return name
        + " (pid "
        + process.pid()
        + ") "
        + what
        + "; the last lines of its stdout ("
        + stdout
        + "):\n"
        + tail(stdout())
        + "\nand of its stderr ("
        + stderr
        + "):\n"
        + tail(stderr());
  }

  private static String tail(String text) {
    List<String> lines = text.lines().toList();
    return String.join("\n", lines.subList(Math.max(0, lines.size() - TAIL_LINES), lines.size()));
  }

  private static String read(Path file) {
    try {
      // Decoded leniently: a child's half-written or non-UTF-8 byte must not fail the reader.
      return Files.exists(file) ? new String(Files.readAllBytes(file), UTF_8) : "";
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The JVM's command line, environment, output files and waits. */
  public static final class Builder {

    private final List<String> target;
    private final boolean usesClassPath;
    private String name;
    private final List<String> args = new ArrayList<>();
    private final List<String> jvmOptions = new ArrayList<>();
    private final Map<String, String> environment = new LinkedHashMap<>();
    private Predicate<String> removedEnvironment = variable -> false;
    private String classPath = System.getProperty("java.class.path");
    private Path directory;
    private Path logDirectory;
    private boolean stderrToStdout;
    private UnaryOperator<List<String>> wrapper = UnaryOperator.identity();
    private Pattern readyLine;
    private Duration startTimeout = DEFAULT_START_TIMEOUT;
    private Duration stopGrace = DEFAULT_STOP_GRACE;
    private String stopLine;
    private PrintStream echo;
    private boolean whole;

    private Builder(List<String> target, boolean usesClassPath, String name) {
      this.target = target;
      this.usesClassPath = usesClassPath;
      this.name = name;
    }

    /**
     * What the JVM is called in messages and in its log files' names; default the main class's
     * simple name, or the jar's file name.
     */
    public Builder name(String name) {
      this.name = requireNonNull(name, "name");
      return this;
    }

    /** Adds arguments of its {@code main}. */
    public Builder args(String... args) {
      return args(List.of(args));
    }

    /** Adds arguments of its {@code main}. */
    public Builder args(List<String> args) {
      this.args.addAll(args);
      return this;
    }

    /** Adds options of the JVM, e.g. {@code -Xmx256m}; default none. */
    public Builder jvmOptions(String... options) {
      jvmOptions.addAll(List.of(options));
      return this;
    }

    /** Sets a variable of its environment, which is otherwise this JVM's. */
    public Builder environment(String variable, String value) {
      environment.put(requireNonNull(variable, "variable"), requireNonNull(value, "value"));
      return this;
    }

    /** Sets variables of its environment, as {@link #environment(String, String)}. */
    public Builder environment(Map<String, String> variables) {
      variables.forEach(this::environment);
      return this;
    }

    /**
     * Leaves out the variables of this JVM's environment that {@code variables} accepts, e.g. the
     * ones a developer's shell sets for the program under test; those set here are kept.
     */
    public Builder removeEnvironment(Predicate<String> variables) {
      removedEnvironment = removedEnvironment.or(requireNonNull(variables, "variables"));
      return this;
    }

    /** Its class path; default this JVM's ({@code java.class.path}). Unused for a jar. */
    public Builder classPath(String classPath) {
      this.classPath = requireNonNull(classPath, "classPath");
      return this;
    }

    /** Its working directory; default this JVM's. */
    public Builder directory(Path directory) {
      this.directory = requireNonNull(directory, "directory");
      return this;
    }

    /**
     * Where its output goes, as {@code NAME.out} and {@code NAME.err} (replacing those of an
     * earlier JVM of the same name); default a new directory in the system's temporary directory,
     * kept after it stops so that a failure can be read.
     */
    public Builder logDirectory(Path directory) {
      this.logDirectory = requireNonNull(directory, "directory");
      return this;
    }

    /** Sends its stderr to the stdout file, interleaved as it prints them; default apart. */
    public Builder stderrToStdout() {
      this.stderrToStdout = true;
      return this;
    }

    /**
     * Runs its command line through {@code wrapper}, e.g. {@code NetworkNamespace::command} to run
     * it inside a network namespace, or a prefix of {@code taskset -c 0}. {@link #close()} stops
     * what the wrapper started too.
     */
    public Builder wrappedBy(UnaryOperator<List<String>> wrapper) {
      this.wrapper = requireNonNull(wrapper, "wrapper");
      return this;
    }

    /**
     * A line on its stdout that {@link #start()} waits for, found anywhere in a line ({@link
     * Matcher#find()}); its groups are then in {@link ChildJvm#ready()}. Default none: {@link
     * #start()} returns once the process is started.
     */
    public Builder readyLine(Pattern line) {
      this.readyLine = requireNonNull(line, "line");
      return this;
    }

    /**
     * How long {@link #start()} waits for the ready line; default {@link #DEFAULT_START_TIMEOUT}.
     */
    public Builder startTimeout(Duration timeout) {
      this.startTimeout = positive(timeout, "startTimeout");
      return this;
    }

    /**
     * How long {@link ChildJvm#close()} waits after SIGTERM before it kills; default {@link
     * #DEFAULT_STOP_GRACE}.
     */
    public Builder stopGrace(Duration grace) {
      this.stopGrace = positive(grace, "stopGrace");
      return this;
    }

    /**
     * What {@link ChildJvm#close()} writes on its stdin, and closes it, to ask it to stop, in place
     * of SIGTERM; default none.
     */
    public Builder stopLine(String line) {
      this.stopLine = requireNonNull(line, "line");
      return this;
    }

    /**
     * Copies to {@code to}, each prefixed with {@code [NAME] }, the lines of stdout that the waits
     * for the ready line and for {@link ChildJvm#nextLine} read past; the lines printed while
     * nothing waits stay in the log file only (a server's request log would drown the progress
     * lines). Default none.
     */
    public Builder echo(PrintStream to) {
      this.echo = requireNonNull(to, "to");
      return this;
    }

    /**
     * Starts the JVM and, with a ready line, waits for it.
     *
     * @throws IllegalStateException with the tail of its output if it exits or prints no ready line
     *     within the start timeout; it is then stopped
     */
    public ChildJvm start() {
      List<String> command = new ArrayList<>();
      if (!whole) {
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions);
        if (usesClassPath) {
          command.addAll(List.of("-cp", classPath));
        }
      }
      command.addAll(target);
      command.addAll(args);
      try {
        Path logs =
            logDirectory == null
                ? Files.createTempDirectory("wsqos-" + name + "-")
                : Files.createDirectories(logDirectory);
        Path out = logs.resolve(name + ".out");
        Path err = logs.resolve(name + ".err");
        // A file of an earlier JVM of the same name must not be read as this one's.
        Files.deleteIfExists(err);
        ProcessBuilder builder =
            new ProcessBuilder(whole ? command : wrapper.apply(List.copyOf(command)));
        if (directory != null) {
          builder.directory(directory.toFile());
        }
        builder.redirectOutput(out.toFile());
        if (stderrToStdout) {
          builder.redirectErrorStream(true);
        } else {
          builder.redirectError(err.toFile());
        }
        builder.environment().keySet().removeIf(removedEnvironment);
        builder.environment().putAll(environment);
        ChildJvm child = new ChildJvm(name, builder.start(), out, err, this);
        if (readyLine != null) {
          try {
            Matcher matcher =
                readyLine.matcher(
                    child.nextLine(l -> readyLine.matcher(l).find(), readyLine, startTimeout));
            matcher.find();
            child.ready = matcher.toMatchResult();
          } catch (RuntimeException e) {
            child.close();
            throw e;
          }
        }
        return child;
      } catch (IOException e) {
        throw new UncheckedIOException("cannot start " + name + ": " + command, e);
      }
    }

    private static Duration positive(Duration duration, String name) {
      if (duration.isNegative() || duration.isZero()) {
        throw new IllegalArgumentException(name + ": " + duration + " (expected: > 0)");
      }
      return duration;
    }
  }
}

package io.wsqos.benchmarks.experiment;

import io.wsqos.cli.Option;
import io.wsqos.examples.bookstore.BookstoreServer;
import io.wsqos.proxy.ProxyMain;
import io.wsqos.testing.ChildJvm;
import java.io.PrintStream;
import java.net.URI;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import java.util.regex.Pattern;

/**
 * One bookstore JVM per mode (its launcher with the mode's options), all started before a sweep and
 * kept running, so that variants can be interleaved (A B A B ...) without restarting servers. The
 * idle ones cost a little memory and no CPU. Closing stops them all.
 */
final class Servers implements AutoCloseable {

  private static final Pattern CPU_LIST = Pattern.compile("[0-9]+([,-][0-9]+)*");

  /** Option: CPUs to pin the server JVMs to ({@code taskset -c} syntax, e.g. {@code 0}). */
  static final Option<String> CPUS_OPTION =
      Option.of(
          "server-cpus",
          "CPUS",
          (String) null,
          "pin the server JVMs to these CPUs with taskset, e.g. 0 or 0,1 or 0-1",
          v -> {
            if (!CPU_LIST.matcher(v).matches()) {
              throw new IllegalArgumentException("a CPU list such as 0 or 0,1 or 0-1");
            }
            return v;
          });

  /** The options of the server JVMs: their JVM options and CPUs. */
  static final List<Option<?>> OPTIONS = List.of(Run.SERVER_JVM_OPT, CPUS_OPTION);

  /**
   * What a server JVM runs: a label for the logs, its main class, and the line it prints once it
   * listens, whose first group is its base URL.
   */
  record Launch(String label, Class<?> mainClass, Pattern listening, Duration startTimeout) {}

  /** The bookstore's launcher. */
  static final Launch BOOKSTORE =
      new Launch(
          "bookstore",
          BookstoreServer.class,
          Pattern.compile("Bookstore listening at (http://\\S+)"),
          Duration.ofSeconds(ChildProcess.START_TIMEOUT_SECONDS));

  /** The standalone QoS proxy's launcher. */
  static final Launch PROXY =
      new Launch(
          "qos-proxy",
          ProxyMain.class,
          Pattern.compile("wsqos-proxy listening on (http://\\S+)"),
          Duration.ofSeconds(ChildProcess.START_TIMEOUT_SECONDS));

  /** {@code scheme://host:port} of {@code address}: what a proxy's {@code --target} takes. */
  static String origin(URI address) {
    return address.getScheme() + "://" + address.getHost() + ":" + address.getPort();
  }

  /** {@code server}'s origin with {@code target}'s path: a proxy's address of the target. */
  static URI withPath(URI server, URI target) {
    return URI.create(origin(server) + target.getRawPath());
  }

  /** A server JVM, stopped with SIGTERM so that its shutdown hooks run (the log, the counters). */
  private record Launched(ChildJvm jvm, URI address) {}

  private final Map<String, Launched> processes = new LinkedHashMap<>();
  private final List<String> jvmOptions;
  private final String cpus;

  private Servers(List<String> jvmOptions, String cpus) {
    this.jvmOptions = List.copyOf(jvmOptions);
    this.cpus = cpus;
  }

  /** Starts the bookstore's launcher for each distinct token, as the full overload does. */
  static Servers start(
      OptionValues args,
      List<String> tokens,
      Function<String, List<String>> extraArgs,
      PrintStream progress) {
    return start(args, tokens, extraArgs, BOOKSTORE, UnaryOperator.identity(), progress);
  }

  /**
   * Starts {@code launch}'s main class ({@code --port=0 OPTIONS...}, its options {@code
   * extraArgs.apply(token)}) for each distinct token, on the classpath of this JVM (the benchmarks
   * jar), each command passed through {@code wrap} (e.g. to run it inside a network namespace).
   */
  static Servers start(
      OptionValues args,
      List<String> tokens,
      Function<String, List<String>> extraArgs,
      Launch launch,
      UnaryOperator<List<String>> wrap,
      PrintStream progress) {
    List<String> jvmOptions =
        args.isSet(Run.SERVER_JVM_OPT) ? args.all(Run.SERVER_JVM_OPT) : Run.JVM_OPTIONS;
    String cpus = args.get(CPUS_OPTION);
    // The JVM sizes its pools from its affinity mask, so it also sees only these CPUs.
    UnaryOperator<List<String>> pinned = c -> wrap.apply(ChildProcess.taskset(cpus, c));
    Servers servers = new Servers(jvmOptions, cpus);
    try {
      for (String token : new LinkedHashSet<>(tokens)) {
        ChildJvm jvm =
            ChildJvm.builder(launch.mainClass())
                .name(launch.label())
                .jvmOptions(jvmOptions.toArray(String[]::new))
                .args("--port=0")
                .args(extraArgs.apply(token))
                .wrappedBy(pinned)
                .stderrToStdout()
                .echo(progress)
                .readyLine(launch.listening())
                .startTimeout(launch.startTimeout())
                .stopGrace(Duration.ofSeconds(ChildProcess.STOP_TIMEOUT_SECONDS))
                .start();
        String address = jvm.ready().group(1);
        servers.processes.put(token, new Launched(jvm, URI.create(address)));
        progress.printf("server %s: pid %d at %s%n", token, jvm.pid(), address);
      }
      return servers;
    } catch (RuntimeException e) {
      servers.close();
      throw e;
    }
  }

  URI address(String token) {
    return process(token).address();
  }

  /** The line the server JVM that serves {@code token} printed once it listened. */
  String line(String token) {
    return process(token).jvm().ready().group();
  }

  /** The process id of the server JVM that serves {@code token}. */
  long pid(String token) {
    return process(token).jvm().pid();
  }

  private Launched process(String token) {
    Launched process = processes.get(token);
    if (process == null) {
      throw new IllegalArgumentException("mode: " + token + " (expected: a started one)");
    }
    return process;
  }

  /** How long {@link #settle} waits at most for the servers to go idle. */
  static final Duration SETTLE_LIMIT = Duration.ofSeconds(60);

  /** What {@link #settle} does, for a report's settings. */
  static String settling() {
    return String.format(
        Locale.ROOT,
        "after each pause the next run waits until every server JVM has used under %.0f%% of a"
            + " core for %d ms (at most %d s), so that no run shares a core with the backlog an"
            + " overloaded run left",
        IdleWait.IDLE_SHARE * 100,
        IdleWait.PROBE.toMillis(),
        SETTLE_LIMIT.toSeconds());
  }

  /**
   * Sleeps {@code pause}, then waits until every server of {@code servers} is idle ({@link
   * IdleWait}), at most {@link #SETTLE_LIMIT}, so that the next run has the cores to itself; says
   * so on {@code progress} when a server was still busy after the pause.
   */
  static void settle(List<Servers> servers, Duration pause, PrintStream progress) {
    LockSupport.parkNanos(pause.toNanos());
    List<Long> pids =
        servers.stream()
            .flatMap(s -> s.processes.values().stream())
            .map(p -> p.jvm().pid())
            .toList();
    if (pids.isEmpty()) {
      return;
    }
    IdleWait.Result result = IdleWait.await(pids, SETTLE_LIMIT);
    if (!result.idle()) {
      progress.printf(
          Locale.ROOT,
          "[settle] a server was still busy %d s after the pause; the next run starts anyway%n",
          result.waited().toSeconds());
    } else if (result.waited().compareTo(IdleWait.PROBE.multipliedBy(2)) >= 0) {
      progress.printf(
          Locale.ROOT,
          "[settle] the servers went idle %.1f s after the pause%n",
          result.waited().toMillis() / 1e3);
    }
  }

  /** How the server JVMs were launched, for a report's settings: options and pinning. */
  String launch() {
    String options = String.join(" ", jvmOptions);
    return cpus == null ? options : options + "; pinned to CPU " + cpus + " by taskset";
  }

  @Override
  public void close() {
    processes.values().forEach(s -> s.jvm().close());
    processes.clear();
  }
}

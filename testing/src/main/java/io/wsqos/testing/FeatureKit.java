package io.wsqos.testing;

import static java.util.Objects.requireNonNull;

import io.wsqos.testing.service.EchoService;
import io.wsqos.testing.service.EchoServiceImpl;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.apache.cxf.Bus;
import org.apache.cxf.feature.Feature;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionTimeoutException;

/**
 * The compatibility kit of wsqos features: runs features through each place a CXF feature can be
 * added ({@link Attachment}: the bus, the server endpoint, the client) with the echo service on a
 * {@link TestServer} and real calls, shuts it all down with no call to the features, and then
 * checks that nothing was left behind: the server's own {@link LeakCheck}, no thread named {@code
 * wsqos-} born during the run, and no open file under the case's {@link Case#files directories}.
 *
 * <pre>{@code
 * @ParameterizedTest
 * @EnumSource(FeatureKit.Attachment.class)
 * void compressionAloneLeavesNothing(FeatureKit.Attachment attachment) {
 *   FeatureKit.run(
 *       FeatureKit.features("compression", () -> List.of(CompressionFeature.builder().build())),
 *       attachment);
 * }
 * }</pre>
 */
public final class FeatureKit {

  /** The prefix of every thread a wsqos feature names. */
  public static final String WSQOS_THREAD_PREFIX = "wsqos-";

  /** How long the features' threads and files may take to go after the shutdown. */
  public static final Duration WIND_DOWN = LeakCheck.DEFAULT_WIND_DOWN;

  private static final Path OPEN_FILES = Path.of("/proc/self/fd");

  /** Where a run adds the features. */
  public enum Attachment {
    /** To the server's bus, before the client is made: every server and client of the bus. */
    BUS,
    /** To the server endpoint only. */
    ENDPOINT,
    /** To the client only. */
    CLIENT
  }

  private FeatureKit() {}

  /** A case of {@code name} whose features {@code features} makes afresh for each run. */
  public static Case features(String name, Supplier<List<? extends Feature>> features) {
    return new Case(name, features, bus -> {}, run -> {}, List.of());
  }

  /**
   * A case of every feature of {@code cases} added together, in the order given, with all their
   * preparations and checks.
   */
  public static Case together(String name, Case... cases) {
    List<Case> all = List.of(cases);
    return new Case(
        name,
        () -> all.stream().<Feature>flatMap(c -> c.features.get().stream()).toList(),
        bus -> all.forEach(c -> c.busSetup.accept(bus)),
        run -> all.forEach(c -> c.afterCall.accept(run)),
        all.stream().flatMap(c -> c.files.stream()).toList());
  }

  /**
   * Runs {@code kase} added at {@code attachment}: prepares the bus ({@link Case#onBus}), adds the
   * features to it before the echo service is published on it, or to the endpoint, or to the one
   * client, calls it (a short echo and a 16 KiB text), runs the case's checks, closes the client,
   * the server and its bus, then checks for leaks, and last closes by hand each feature that is
   * {@link AutoCloseable}, twice, which must do nothing and throw nothing.
   *
   * @throws AssertionError naming what failed or leaked
   */
  public static void run(Case kase, Attachment attachment) {
    requireNonNull(kase, "kase");
    requireNonNull(attachment, "attachment");
    Set<Thread> before = LeakCheck.liveThreads();
    List<? extends Feature> features = List.copyOf(kase.features.get());
    TestServer.Builder builder =
        TestServer.builder(EchoService.class, new EchoServiceImpl())
            .bus(
                bus -> {
                  kase.busSetup.accept(bus);
                  if (attachment == Attachment.BUS) {
                    List<Feature> all = new ArrayList<>(bus.getFeatures());
                    all.addAll(features);
                    // On a running bus this initializes each feature of the list, as CXF does.
                    bus.setFeatures(all);
                  }
                });
    if (attachment == Attachment.ENDPOINT) {
      features.forEach(builder::feature);
    }
    TestServer server = builder.start();
    try {
      EchoService client =
          attachment == Attachment.CLIENT
              ? server.client(EchoService.class, features.toArray(Feature[]::new))
              : server.client(EchoService.class);
      check(client.echo("kit").equals("echo: kit"), kase, attachment, "the echo call");
      check(client.text(16 * 1024).length() == 16 * 1024, kase, attachment, "the text call");
      kase.afterCall.accept(new Run(attachment, server, client));
    } finally {
      server.close();
    }
    LeakCheck.verifyNothingLeaked(server, WIND_DOWN);
    verifyNoWsqosThreads(kase, attachment, before);
    verifyNoOpenFiles(kase, attachment);
    for (Feature feature : features) {
      if (feature instanceof AutoCloseable closeable) {
        closeTwice(kase, attachment, closeable);
      }
    }
  }

  private static void closeTwice(Case kase, Attachment attachment, AutoCloseable closeable) {
    try {
      closeable.close();
      closeable.close();
    } catch (Exception e) {
      throw new AssertionError(
          kase.name + " on the " + attachment + ": closing " + closeable + " by hand failed", e);
    }
  }

  /** The files of this process open under {@code directory} (links in {@code /proc/self/fd}). */
  public static List<Path> openFilesUnder(Path directory) {
    Path root = directory.toAbsolutePath().normalize();
    List<Path> open = new ArrayList<>();
    try (Stream<Path> fds = Files.list(OPEN_FILES)) {
      for (Path fd : (Iterable<Path>) fds::iterator) {
        try {
          Path target = Files.readSymbolicLink(fd);
          if (target.startsWith(root)) {
            open.add(target);
          }
        } catch (IOException e) {
          // Closed between the listing and the read (the listing's own descriptor among them).
        }
      }
    } catch (IOException e) {
      throw new IllegalStateException("cannot list " + OPEN_FILES + ": " + e, e);
    }
    return open;
  }

  private static void verifyNoWsqosThreads(Case kase, Attachment attachment, Set<Thread> before) {
    awaitEmpty(
        kase,
        attachment,
        "wsqos threads",
        () ->
            LeakCheck.liveThreads().stream()
                .filter(t -> t.isAlive() && !before.contains(t))
                .filter(t -> t.getName().startsWith(WSQOS_THREAD_PREFIX))
                .map(t -> t.getName() + " (" + t.getState() + ")")
                .toList());
  }

  private static void verifyNoOpenFiles(Case kase, Attachment attachment) {
    for (Path directory : kase.files) {
      awaitEmpty(kase, attachment, "open files", () -> openFilesUnder(directory));
    }
  }

  private static void awaitEmpty(
      Case kase, Attachment attachment, String what, Supplier<List<?>> leaks) {
    try {
      Awaitility.await(what + " of " + kase.name)
          .atMost(WIND_DOWN)
          .pollInSameThread()
          .pollInterval(Duration.ofMillis(50))
          .until(() -> leaks.get().isEmpty());
    } catch (ConditionTimeoutException e) {
      throw new AssertionError(
          kase.name + " on the " + attachment + " left " + what + ": " + leaks.get(), e);
    }
  }

  private static void check(boolean ok, Case kase, Attachment attachment, String what) {
    if (!ok) {
      throw new AssertionError(kase.name + " on the " + attachment + ": " + what + " failed");
    }
  }

  /** What a run is, for a case's checks after the calls. */
  public record Run(Attachment attachment, TestServer server, EchoService client) {}

  /** One kit case: the features, and what the run prepares and checks besides the defaults. */
  public static final class Case {
    private final String name;
    private final Supplier<List<? extends Feature>> features;
    private final Consumer<Bus> busSetup;
    private final Consumer<Run> afterCall;
    private final List<Path> files;

    private Case(
        String name,
        Supplier<List<? extends Feature>> features,
        Consumer<Bus> busSetup,
        Consumer<Run> afterCall,
        List<Path> files) {
      this.name = requireNonNull(name, "name");
      this.features = requireNonNull(features, "features");
      this.busSetup = busSetup;
      this.afterCall = afterCall;
      this.files = files;
    }

    /**
     * Runs {@code setup} on the server's bus before any feature is added to it, to the endpoint or
     * to the client (e.g. to set the application's {@code MeterRegistry} as a bus extension).
     */
    public Case onBus(Consumer<Bus> setup) {
      return new Case(name, features, requireNonNull(setup, "setup"), afterCall, files);
    }

    /** Runs {@code check} after the calls, before the shutdown. */
    public Case afterCall(Consumer<Run> check) {
      return new Case(name, features, busSetup, requireNonNull(check, "check"), files);
    }

    /** After the shutdown, no file under {@code directories} may be open in this process. */
    public Case files(Path... directories) {
      return new Case(name, features, busSetup, afterCall, List.of(directories));
    }

    @Override
    public String toString() {
      return name;
    }
  }
}

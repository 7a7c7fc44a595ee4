package io.wsqos.testing;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.apache.cxf.Bus;
import org.apache.cxf.BusFactory;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionTimeoutException;

/**
 * Checks, after an {@link TestServer} closed, that it left nothing behind: its port refuses
 * connections, its bus is shut down and is nobody's default, and no thread it started is alive.
 */
final class LeakCheck {

  /** How long threads may take to wind down after a stop before they count as leaked. */
  static final Duration DEFAULT_WIND_DOWN = Duration.ofSeconds(10);

  private static final Duration POLL_INTERVAL = Duration.ofMillis(50);
  private static final int CONNECT_TIMEOUT_MILLIS = 500;

  /**
   * Threads that the fixture can start without naming them: Jetty's, CXF's work queues and the JDK
   * HTTP client that CXF's default conduit uses. Only threads born after the fixture started count.
   */
  private static final Pattern FIXTURE_THREAD_NAME =
      Pattern.compile("(?i).*(jetty|qtp|scheduler|httpclient|workqueue|cxf).*");

  /**
   * Not counted: the pooled workers of the JDK HTTP client. CXF shares one client JVM-wide among
   * conduits with the same settings (so a worker may belong to another fixture's client) and builds
   * it with the JDK's default executor, whose idle workers end only after 60 s. CXF stops the
   * client's selector thread when its last conduit closes, and that thread is checked.
   */
  private static final Pattern POOLED_HTTP_CLIENT_WORKER =
      Pattern.compile("HttpClient-\\d+-Worker-\\d+");

  private LeakCheck() {}

  static Set<Thread> liveThreads() {
    Set<Thread> threads = Collections.newSetFromMap(new IdentityHashMap<>());
    threads.addAll(Thread.getAllStackTraces().keySet());
    return Collections.unmodifiableSet(threads);
  }

  /** As {@link #verifyNothingLeaked(TestServer, boolean, Duration)} with no other fixture. */
  static void verifyNothingLeaked(TestServer server, Duration windDown) {
    verifyNothingLeaked(server, false, windDown);
  }

  /**
   * Waits up to {@code windDown} for the server to have left nothing behind. While {@code
   * othersRunning}, threads that no fixture names (the JDK HTTP client's selector, which CXF shares
   * among the clients of every fixture) may be theirs and are not counted.
   *
   * @throws AssertionError naming every leak still present after {@code windDown}
   */
  static void verifyNothingLeaked(TestServer server, boolean othersRunning, Duration windDown) {
    requireNonNull(server, "server");
    requireNonNull(windDown, "windDown");
    try {
      Awaitility.await("wind-down of " + server)
          .atMost(windDown)
          .pollInSameThread()
          .pollInterval(POLL_INTERVAL)
          .until(() -> leaks(server, othersRunning).isEmpty());
    } catch (ConditionTimeoutException e) {
      List<String> leaks = leaks(server, othersRunning);
      if (!leaks.isEmpty()) {
        throw new AssertionError(
            server + " leaked after stop (waited " + windDown.toMillis() + " ms): " + leaks, e);
      }
    }
  }

  /** Describes each leak, or returns an empty list when there is none. */
  static List<String> leaks(TestServer server, boolean othersRunning) {
    List<String> leaks = new ArrayList<>();
    if (!server.isClosed()) {
      leaks.add("server not closed");
    }
    Bus bus = server.bus();
    if (bus.getState() != Bus.BusState.SHUTDOWN) {
      leaks.add("bus " + bus.getId() + " is " + bus.getState() + " (expected: SHUTDOWN)");
    }
    if (BusFactory.getDefaultBus(false) == bus) {
      leaks.add("bus " + bus.getId() + " is the JVM-wide default bus");
    }
    if (BusFactory.getThreadDefaultBus(false) == bus) {
      leaks.add(
          "bus "
              + bus.getId()
              + " is the default bus of thread "
              + Thread.currentThread().getName());
    }
    if (!refusesConnections(server.port())) {
      leaks.add(
          "port " + server.port() + " on " + TestServer.HOST + " does not refuse connections");
    }
    Set<Thread> before = server.threadsBeforeStart();
    for (Thread thread : liveThreads()) {
      if (thread.isAlive()
          && !before.contains(thread)
          && isFixtureThread(server, othersRunning, thread)) {
        leaks.add("thread '" + thread.getName() + "' (" + thread.getState() + ")");
      }
    }
    return leaks;
  }

  private static boolean isFixtureThread(TestServer server, boolean othersRunning, Thread thread) {
    String name = thread.getName();
    if (name.startsWith(TestServer.THREAD_NAME_PREFIX)) {
      // Named by a fixture: this one's, or another's still running in the same test class.
      return name.startsWith(server.threadNamePrefix() + "-");
    }
    // Unnamed threads cannot be told apart: they count for the last fixture to stop.
    return !othersRunning
        && FIXTURE_THREAD_NAME.matcher(name).matches()
        && !POOLED_HTTP_CLIENT_WORKER.matcher(name).matches();
  }

  /** Only a refusal counts: a timeout means something holds the port but stopped accepting. */
  private static boolean refusesConnections(int port) {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress(TestServer.HOST, port), CONNECT_TIMEOUT_MILLIS);
      return false;
    } catch (ConnectException refused) {
      return true;
    } catch (IOException other) {
      return false;
    }
  }
}

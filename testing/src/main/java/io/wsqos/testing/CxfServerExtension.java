package io.wsqos.testing;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.cxf.Bus;
import org.apache.cxf.feature.Feature;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A JUnit 5 extension running an {@link TestServer}: registered on a {@code static} field it starts
 * before all tests of the class and stops after all; on an instance field, around each test. After
 * the stop it fails the test (or the class) if the port still accepts connections, the bus is not
 * shut down, or a thread the server started is still alive after a short wind-down. Several
 * extensions may run at once (two in one class, or one per class and one per test): threads that no
 * server names, such as the selector of the HTTP client CXF shares among all their clients, count
 * only for the last one to stop.
 *
 * <pre>{@code
 * @RegisterExtension
 * static final CxfServerExtension server =
 *     CxfServerExtension.forService(BookstoreService.class, new BookstoreImpl());
 *
 * // with server-side features:
 * @RegisterExtension
 * static final CxfServerExtension compressed =
 *     CxfServerExtension.builder(BookstoreService.class, new BookstoreImpl())
 *         .feature(compressionFeature)
 *         .toExtension();
 * }</pre>
 */
public final class CxfServerExtension
    implements BeforeAllCallback, AfterAllCallback, BeforeEachCallback, AfterEachCallback {

  private static final ExtensionContext.Namespace NAMESPACE =
      ExtensionContext.Namespace.create(CxfServerExtension.class);

  /** Returns an extension serving {@code implementor} as {@code sei} at the default path. */
  public static <T> CxfServerExtension forService(Class<T> sei, T implementor) {
    return builder(sei, implementor).toExtension();
  }

  /**
   * Returns a builder to add server-side features and interceptors; finish it with {@link
   * TestServer.Builder#toExtension()}.
   */
  public static <T> TestServer.Builder builder(Class<T> sei, T implementor) {
    return TestServer.builder(sei, implementor);
  }

  private final TestServer.Builder builder;
  private final Duration windDown;
  private TestServer server;
  private boolean perClass;
  // A static registration also sees beforeAll/afterAll of each @Nested class: one server for them
  // all.
  private int classDepth;

  CxfServerExtension(TestServer.Builder builder) {
    this(builder, LeakCheck.DEFAULT_WIND_DOWN);
  }

  CxfServerExtension(TestServer.Builder builder, Duration windDown) {
    this.builder = requireNonNull(builder, "builder");
    this.windDown = requireNonNull(windDown, "windDown");
  }

  @Override
  public void beforeAll(ExtensionContext context) {
    // Only called for static registration (or a PER_CLASS instance): one server for the class.
    perClass = true;
    if (classDepth++ == 0) {
      start(context);
    }
  }

  @Override
  public void beforeEach(ExtensionContext context) {
    if (!perClass) {
      start(context);
    }
  }

  @Override
  public void afterEach(ExtensionContext context) {
    if (!perClass) {
      stopAndVerify(context);
    }
  }

  @Override
  public void afterAll(ExtensionContext context) {
    if (perClass && --classDepth == 0) {
      stopAndVerify(context);
    }
  }

  /** The endpoint's full address, e.g. {@code http://127.0.0.1:41234/service}. */
  public String address() {
    return running().address();
  }

  /** The port Jetty actually bound. */
  public int port() {
    return running().port();
  }

  /** The server's dedicated bus. */
  public Bus bus() {
    return running().bus();
  }

  /** A CXF JAX-WS proxy of {@code sei} for the endpoint, closed when the server stops. */
  public <T> T client(Class<T> sei, Feature... features) {
    return running().client(sei, features);
  }

  /** The running server, for what the accessors above do not cover. */
  public TestServer server() {
    return running();
  }

  private void start(ExtensionContext context) {
    if (server != null) {
      throw new IllegalStateException("already started: " + server);
    }
    server = builder.start();
    running(context).add(server);
  }

  private void stopAndVerify(ExtensionContext context) {
    TestServer stopping = server;
    server = null;
    if (stopping == null) {
      return;
    }
    Set<TestServer> running = running(context);
    running.remove(stopping);
    stopping.close();
    LeakCheck.verifyNothingLeaked(stopping, !running.isEmpty(), windDown);
  }

  /** The servers of every extension running in this test run, kept in JUnit's root store. */
  private static Set<TestServer> running(ExtensionContext context) {
    return context
        .getRoot()
        .getStore(NAMESPACE)
        .getOrComputeIfAbsent(
            RunningServers.class, type -> new RunningServers(), RunningServers.class)
        .servers;
  }

  private static final class RunningServers {
    final Set<TestServer> servers = ConcurrentHashMap.newKeySet();
  }

  private TestServer running() {
    TestServer current = server;
    if (current == null) {
      throw new IllegalStateException(
          "server not running (expected: use it inside a test of a class registering this extension"
              + " with @RegisterExtension)");
    }
    return current;
  }
}

package io.wsqos.server;

import static java.util.Objects.requireNonNull;

import org.slf4j.bridge.SLF4JBridgeHandler;

/**
 * What every {@code main} that runs an {@link EmbeddedServer} until the JVM is told to stop does
 * alike: route {@code java.util.logging} (CXF's) to SLF4J, close everything on Ctrl-C or SIGTERM,
 * and wait for the server to stop.
 */
public final class Launcher {

  private Launcher() {}

  /** Something that can be waited for until it has stopped, such as {@link EmbeddedServer#join}. */
  @FunctionalInterface
  public interface Stoppable {
    /** Blocks until it has stopped. */
    void join() throws InterruptedException;
  }

  /** Routes {@code java.util.logging}, which CXF logs to, to SLF4J; call once, in {@code main}. */
  public static void bridgeJavaUtilLogging() {
    SLF4JBridgeHandler.removeHandlersForRootLogger();
    SLF4JBridgeHandler.install();
  }

  /**
   * Closes {@code running} when the JVM is told to stop (Ctrl-C, SIGTERM), in a shutdown hook named
   * {@code name}, and blocks until {@code server} has stopped. If the waiting thread is
   * interrupted, closes {@code running} at once and returns.
   *
   * @param running what owns the server and everything started with it; closing it stops the server
   */
  public static void closeOnShutdownAndWait(String name, AutoCloseable running, Stoppable stopped) {
    requireNonNull(name, "name");
    requireNonNull(running, "running");
    requireNonNull(stopped, "stopped");
    Runtime.getRuntime().addShutdownHook(new Thread(() -> closeQuietly(running), name));
    try {
      stopped.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      closeQuietly(running);
    }
  }

  private static void closeQuietly(AutoCloseable running) {
    try {
      running.close();
    } catch (Exception e) {
      org.slf4j.LoggerFactory.getLogger(Launcher.class)
          .warn("{} did not close cleanly", running, e);
    }
  }
}

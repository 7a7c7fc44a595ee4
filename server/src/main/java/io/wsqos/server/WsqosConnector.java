package io.wsqos.server;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardProtocolFamily;
import java.net.StandardSocketOptions;
import java.nio.channels.ServerSocketChannel;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.eclipse.jetty.http.HttpParser;
import org.eclipse.jetty.io.EndPoint;
import org.eclipse.jetty.server.ConnectionFactory;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.internal.HttpConnection;
import org.eclipse.jetty.util.NanoTime;
import org.eclipse.jetty.util.thread.Scheduler;

/**
 * The embedded server's one connector: Jetty's {@link ServerConnector} that, in addition, listens
 * in one protocol family when asked, closes the connections that wait for a next request as soon as
 * a graceful stop begins, and closes a connection whose request head has not arrived within the
 * request timeout.
 *
 * <p>The last two read the state of Jetty's HTTP/1.1 connection ({@link HttpConnection}, in a
 * package Jetty calls internal): Jetty 12 offers no deadline for a request head, and closes an idle
 * kept-alive connection at a stop only when its shutdown idle timeout expires. Connections of
 * another kind are left to Jetty.
 */
final class WsqosConnector extends ServerConnector {

  /** The longest time between two looks for request heads past their deadline. */
  private static final long MAX_SWEEP_INTERVAL_MILLIS = 1_000;

  /**
   * The time between two looks for connections that have answered their last request, while the
   * server stops: a client that does not close its end after {@code Connection: close} delays the
   * stop by at most this.
   */
  static final long STOPPING_SWEEP_INTERVAL_MILLIS = 20;

  private final StandardProtocolFamily family;
  private final long requestTimeoutMillis;
  private final long sweepIntervalMillis;
  private Scheduler.Task sweep;

  /**
   * @param family the listening channel's family, or null for the JDK's default
   * @param requestTimeoutMillis the time a request head may take from its first byte, at least 1
   */
  WsqosConnector(
      org.eclipse.jetty.server.Server jetty,
      int acceptors,
      int selectors,
      StandardProtocolFamily family,
      long requestTimeoutMillis,
      ConnectionFactory http) {
    super(jetty, acceptors, selectors, http);
    this.family = family;
    this.requestTimeoutMillis = requestTimeoutMillis;
    // A quarter of the timeout: a head is closed at most a quarter (or a second) past its deadline.
    this.sweepIntervalMillis =
        Math.max(1, Math.min(MAX_SWEEP_INTERVAL_MILLIS, requestTimeoutMillis / 4));
  }

  @Override
  protected void doStart() throws Exception {
    super.doStart();
    scheduleSweep();
  }

  @Override
  protected void doStop() throws Exception {
    synchronized (this) {
      if (sweep != null) {
        sweep.cancel();
      }
    }
    super.doStop();
  }

  /**
   * Stops accepting as Jetty does, then closes every connection that has answered all it received
   * and holds no byte of a next request, or whose output is shut: nothing is in flight on it, and
   * Jetty would hold it until its shutdown idle timeout expired, or until the client closed its
   * end. A connection with a request in flight answers it (with {@code Connection: close}, since
   * the connector is shutting down) and is closed by the sweep, which looks every {@value
   * #STOPPING_SWEEP_INTERVAL_MILLIS} ms from now on.
   */
  @Override
  public CompletableFuture<Void> shutdown() {
    CompletableFuture<Void> done = super.shutdown();
    closeAnswered();
    scheduleSweep();
    return done;
  }

  private void closeAnswered() {
    for (EndPoint endPoint : getConnectedEndPoints()) {
      // Once its output is shut, a connection can answer nothing more.
      if (endPoint.isOutputShutdown()
          || (endPoint.getConnection() instanceof HttpConnection http && answeredAll(http))) {
        endPoint.close();
      }
    }
  }

  /**
   * Whether no request is being handled on the connection and its parser holds no part of a next
   * one: it waits at the start of a message with nothing buffered, or it is closing (Jetty closes
   * the parser of a connection it will not reuse, and of one whose idle timeout expired).
   */
  private static boolean answeredAll(HttpConnection http) {
    if (http.getHttpChannel().getRequest() != null) {
      return false;
    }
    HttpParser parser = http.getParser();
    return (parser.isStart() && http.isRequestBufferEmpty())
        || parser.isClose()
        || parser.isClosed();
  }

  private synchronized void scheduleSweep() {
    if (sweep != null) {
      sweep.cancel();
    }
    if (isRunning()) {
      long interval = isShutdown() ? STOPPING_SWEEP_INTERVAL_MILLIS : sweepIntervalMillis;
      sweep = getScheduler().schedule(this::sweep, interval, TimeUnit.MILLISECONDS);
    }
  }

  private void sweep() {
    try {
      closeLateHeads();
      if (isShutdown()) {
        closeAnswered();
      }
    } finally {
      scheduleSweep();
    }
  }

  /**
   * Closes every connection whose request head began arriving more than the request timeout ago and
   * is still incomplete (a client trickling its header lines). Its request was never handled, so
   * there is nothing to answer.
   */
  private void closeLateHeads() {
    for (EndPoint endPoint : getConnectedEndPoints()) {
      if (endPoint.getConnection() instanceof HttpConnection http) {
        HttpParser parser = http.getParser();
        // The state is volatile and is written after the begin time: read it first.
        if (parser.inHeaderState()
            && !parser.isStart()
            && NanoTime.millisSince(parser.getBeginNanoTime()) > requestTimeoutMillis) {
          endPoint.close(
              new TimeoutException(
                  "request head not received within " + requestTimeoutMillis + " ms"));
        }
      }
    }
  }

  @Override
  protected ServerSocketChannel openAcceptChannel() throws IOException {
    if (family == null) {
      return super.openAcceptChannel();
    }
    InetSocketAddress address =
        getHost() == null
            ? new InetSocketAddress(getPort())
            : new InetSocketAddress(getHost(), getPort());
    ServerSocketChannel channel = ServerSocketChannel.open(family);
    try {
      channel.setOption(StandardSocketOptions.SO_REUSEADDR, getReuseAddress());
      channel.bind(address, getAcceptQueueSize());
      return channel;
    } catch (IOException | RuntimeException e) {
      channel.close();
      throw new IOException(
          "cannot bind "
              + address
              + " on an "
              + family
              + " channel (expected: an address of that family): "
              + e,
          e);
    }
  }
}

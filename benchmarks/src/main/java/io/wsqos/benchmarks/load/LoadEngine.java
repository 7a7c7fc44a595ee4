package io.wsqos.benchmarks.load;

import io.wsqos.monitor.Outcome;
import io.wsqos.monitor.cxf.ExchangeFailures;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;

/**
 * The driver's I/O engine: one thread, one {@link Selector}, non-blocking connects, pre-encoded
 * requests, timeouts in three FIFO queues (constant timeouts arrive in order) expired lazily.
 * Kept-alive requests share a bounded pool of connections per address and TOS, in which a backlog
 * becomes measured queueing delay rather than more sockets.
 */
final class LoadEngine {

  static final long HIGHEST_TRACKABLE_MICROS = TimeUnit.MINUTES.toMicros(10);
  private static final int SIGNIFICANT_DIGITS = 3;
  private static final long MAX_SELECT_MILLIS = 100;
  private static final int READ_BUFFER_BYTES = 64 * 1024;

  private enum Phase {
    QUEUED,
    CONNECTING,
    EXCHANGING,
    DONE
  }

  private static final class Exchange {
    final HttpRequest request;
    final long intendedNanos;
    final boolean measured;
    long startedNanos;
    Connection connection;
    Phase phase = Phase.CONNECTING;
    long deadlineNanos;

    Exchange(HttpRequest request, long intendedNanos, boolean measured) {
      this.request = request;
      this.intendedNanos = intendedNanos;
      this.measured = measured;
    }
  }

  private static final class Connection {
    final SocketChannel channel;

    /** The kept-alive pool it belongs to; null for a connection of one request. */
    final Pool pool;

    final ResponseParser parser = new ResponseParser();
    SelectionKey key;
    ByteBuffer out;
    Exchange exchange;
    boolean closed;

    Connection(SocketChannel channel, Pool pool) {
      this.channel = channel;
      this.pool = pool;
    }
  }

  /** The kept-alive connections to one address, and the requests waiting for one of them. */
  private static final class Pool {
    final ArrayDeque<Connection> idle = new ArrayDeque<>();
    final ArrayDeque<Exchange> waiting = new ArrayDeque<>();

    /** Open or connecting. */
    int open;

    /** Closed, by the server or on a failure, and not yet replaced. */
    int lost;

    Connection takeIdle() {
      Connection connection;
      while ((connection = idle.pollFirst()) != null) {
        if (!connection.closed) {
          return connection;
        }
      }
      return null;
    }

    /** The first request still waiting, after dropping those that ended while queued. */
    Exchange firstWaiting() {
      Exchange head;
      while ((head = waiting.peekFirst()) != null && head.phase != Phase.QUEUED) {
        waiting.pollFirst();
      }
      return head;
    }
  }

  private final Selector selector;
  private final RequestSource source;
  private final long connectTimeoutNanos;
  private final long responseTimeoutNanos;
  private final int maxInFlight;
  private final int maxConnections;
  private final long queueTimeoutNanos;
  private final long measureFromNanos;
  private final long measureToNanos;

  private final ByteBuffer readBuffer = ByteBuffer.allocateDirect(READ_BUFFER_BYTES);
  private final ArrayDeque<Exchange> queued = new ArrayDeque<>();
  private final ArrayDeque<Exchange> connecting = new ArrayDeque<>();
  private final ArrayDeque<Exchange> exchanging = new ArrayDeque<>();
  private final Map<HttpRequest.ConnectionKey, Pool> poolsByKey = new HashMap<>();
  private final List<Pool> pools = new ArrayList<>();

  private final long[] counts = new long[Outcome.values().length];
  private long connectTimeouts;
  private long dropped;
  private long queueTimeouts;
  private long connectionsOpened;
  private long reconnects;
  private long succeededInWindow;
  private final Histogram latencyMicros =
      new Histogram(HIGHEST_TRACKABLE_MICROS, SIGNIFICANT_DIGITS);
  private final Histogram serviceMicros =
      new Histogram(HIGHEST_TRACKABLE_MICROS, SIGNIFICANT_DIGITS);
  private long succeededEncoded;
  private long sendLagSumNanos;
  private long sendLagCount;
  private long maxSendLagNanos;
  private int inFlight;
  private int maxInFlightSeen;

  /**
   * @param maxConnections kept-alive connections per address at most; a request due beyond them
   *     waits for a free one
   */
  LoadEngine(
      Selector selector,
      RequestSource source,
      DriverOptions options,
      int maxConnections,
      long measureFromNanos,
      long measureToNanos) {
    this.selector = selector;
    this.source = source;
    this.connectTimeoutNanos = options.connectTimeout().toNanos();
    this.responseTimeoutNanos = options.responseTimeout().toNanos();
    this.maxInFlight = options.maxInFlight();
    this.maxConnections = maxConnections;
    this.queueTimeoutNanos = options.queueTimeout().toNanos();
    this.measureFromNanos = measureFromNanos;
    this.measureToNanos = measureToNanos;
  }

  /** Runs {@code workload} until it is exhausted and every request has ended. */
  RunResult run(Workload workload) throws IOException {
    try {
      long now = System.nanoTime();
      while (!(workload.exhausted(now) && inFlight == 0)) {
        long due;
        while ((due = workload.nextDue(now)) <= now) {
          workload.issued();
          start(workload, due, now);
          now = System.nanoTime();
        }
        long wakeAt = Math.min(due, nextDeadline());
        long waitNanos = wakeAt - now;
        int ready;
        if (waitNanos <= 0) {
          ready = selector.selectNow();
        } else {
          long millis = Math.min(MAX_SELECT_MILLIS, (waitNanos + 999_999) / 1_000_000);
          ready = selector.select(millis);
        }
        now = System.nanoTime();
        if (ready > 0) {
          handleSelected(workload, now);
          now = System.nanoTime();
        }
        // After handling what is ready: a connect or response that arrived in time but was seen
        // late (this thread descheduled) is not counted as a timeout.
        expire(workload, now);
        for (int i = 0; i < pools.size(); i++) {
          dispatch(workload, pools.get(i), now);
        }
      }
      return result();
    } finally {
      closeAll();
    }
  }

  private void start(Workload workload, long intendedNanos, long now) {
    boolean measured = intendedNanos >= measureFromNanos && intendedNanos < measureToNanos;
    if (measured) {
      long lag = Math.max(0, now - intendedNanos);
      sendLagSumNanos += lag;
      sendLagCount++;
      maxSendLagNanos = Math.max(maxSendLagNanos, lag);
    }
    if (inFlight >= maxInFlight) {
      if (measured) {
        dropped++;
      }
      workload.completed(now);
      return;
    }
    HttpRequest request = source.next();
    Exchange exchange = new Exchange(request, intendedNanos, measured);
    inFlight++;
    maxInFlightSeen = Math.max(maxInFlightSeen, inFlight);
    if (!request.keepAlive()) {
      open(workload, exchange, null, now);
      return;
    }
    Pool pool = pool(request.connectionKey());
    // Idle connections and waiting requests never coexist after a dispatch, and none has run
    // since; a request due now queues behind those already waiting.
    if (pool.firstWaiting() == null) {
      Connection idle = pool.takeIdle();
      if (idle != null) {
        send(workload, idle, exchange, now);
        return;
      }
      if (pool.open < maxConnections) {
        open(workload, exchange, pool, now);
        return;
      }
    }
    exchange.phase = Phase.QUEUED;
    exchange.deadlineNanos = intendedNanos + queueTimeoutNanos;
    pool.waiting.addLast(exchange);
    queued.addLast(exchange);
  }

  private Pool pool(HttpRequest.ConnectionKey key) {
    Pool pool = poolsByKey.get(key);
    if (pool == null) {
      pool = new Pool();
      poolsByKey.put(key, pool);
      pools.add(pool);
    }
    return pool;
  }

  /** Hands the pool's free connections, and the room for new ones, to the requests waiting. */
  private void dispatch(Workload workload, Pool pool, long now) {
    Exchange head;
    while ((head = pool.firstWaiting()) != null) {
      if (head.deadlineNanos - now <= 0) {
        pool.waiting.pollFirst();
        endQueued(workload, head, now);
        continue;
      }
      Connection idle = pool.takeIdle();
      if (idle != null) {
        pool.waiting.pollFirst();
        send(workload, idle, head, now);
      } else if (pool.open < maxConnections) {
        pool.waiting.pollFirst();
        open(workload, head, pool, now);
      } else {
        return;
      }
    }
  }

  private void send(Workload workload, Connection connection, Exchange exchange, long now) {
    exchange.startedNanos = now;
    connection.exchange = exchange;
    exchange.connection = connection;
    connection.out = exchange.request.buffer();
    beginExchange(workload, connection, now);
  }

  /** Opens a connection for {@code exchange}: of the pool's, or of its own when pool is null. */
  private void open(Workload workload, Exchange exchange, Pool pool, long now) {
    exchange.startedNanos = now;
    exchange.phase = Phase.CONNECTING;
    HttpRequest request = exchange.request;
    SocketChannel channel = null;
    try {
      channel =
          request.tos() == 0
              ? SocketChannel.open()
              : SocketChannel.open(StandardProtocolFamily.INET);
      channel.configureBlocking(false);
      channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
      if (request.tos() != 0) {
        channel.setOption(StandardSocketOptions.IP_TOS, request.tos());
      }
      Connection connection = new Connection(channel, pool);
      connectionsOpened++;
      if (pool != null) {
        pool.open++;
        if (pool.lost > 0) {
          pool.lost--;
          reconnects++;
        }
      }
      connection.exchange = exchange;
      connection.out = request.buffer();
      exchange.connection = connection;
      boolean connected = channel.connect(request.address());
      connection.key = channel.register(selector, 0, connection);
      if (connected) {
        beginExchange(workload, connection, now);
      } else {
        connection.key.interestOps(SelectionKey.OP_CONNECT);
        exchange.deadlineNanos = now + connectTimeoutNanos;
        connecting.addLast(exchange);
      }
    } catch (IOException e) {
      if (exchange.connection != null) {
        closeConnection(exchange.connection);
      } else {
        closeQuietly(channel);
      }
      end(workload, exchange, ExchangeFailures.outcomeOf(e), now);
    }
  }

  private void beginExchange(Workload workload, Connection connection, long now) {
    Exchange exchange = connection.exchange;
    exchange.phase = Phase.EXCHANGING;
    exchange.deadlineNanos = now + responseTimeoutNanos;
    exchanging.addLast(exchange);
    write(workload, connection, now);
  }

  private void write(Workload workload, Connection connection, long now) {
    try {
      connection.channel.write(connection.out);
      connection.key.interestOps(
          connection.out.hasRemaining()
              ? SelectionKey.OP_WRITE | SelectionKey.OP_READ
              : SelectionKey.OP_READ);
    } catch (IOException e) {
      fail(workload, connection, ExchangeFailures.outcomeOf(e), now);
    }
  }

  private void handleSelected(Workload workload, long now) {
    Iterator<SelectionKey> keys = selector.selectedKeys().iterator();
    while (keys.hasNext()) {
      SelectionKey key = keys.next();
      keys.remove();
      Connection connection = (Connection) key.attachment();
      if (!key.isValid() || connection.closed) {
        continue;
      }
      if (connection.exchange == null) {
        // An idle keep-alive connection became readable: the server closed it (or sent junk).
        closeConnection(connection);
        continue;
      }
      try {
        if (key.isConnectable()) {
          connection.channel.finishConnect();
          beginExchange(workload, connection, now);
          continue;
        }
        if (key.isWritable() && connection.out.hasRemaining()) {
          write(workload, connection, now);
        }
        if (!connection.closed && key.isValid() && key.isReadable()) {
          read(workload, connection, now);
        }
      } catch (IOException e) {
        fail(workload, connection, ExchangeFailures.outcomeOf(e), now);
      }
    }
  }

  private void read(Workload workload, Connection connection, long now) throws IOException {
    ResponseParser parser = connection.parser;
    while (true) {
      readBuffer.clear();
      int n = connection.channel.read(readBuffer);
      if (n < 0) {
        if (parser.endOfStream()) {
          complete(workload, connection, now, false);
        } else {
          // Closed before the response was complete.
          fail(workload, connection, Outcome.TRANSPORT_ERROR, now);
        }
        return;
      }
      if (n == 0) {
        return;
      }
      readBuffer.flip();
      if (parser.feed(readBuffer)) {
        complete(workload, connection, now, true);
        return;
      }
    }
  }

  private void complete(Workload workload, Connection connection, long now, boolean open) {
    Exchange exchange = connection.exchange;
    ResponseParser parser = connection.parser;
    int status = parser.status();
    boolean encoded = parser.contentEncoded();
    Outcome outcome;
    if (status >= 200 && status < 300) {
      outcome = Outcome.SUCCESS;
    } else if (status == 500 && parser.hasSoapFault()) {
      outcome = Outcome.SOAP_FAULT;
    } else if (status == 503 && parser.retryAfter()) {
      outcome = Outcome.BUSY;
    } else {
      outcome = Outcome.HTTP_ERROR;
    }
    if (open && connection.pool != null && parser.reusable()) {
      parser.reset();
      connection.exchange = null;
      connection.out = null;
      connection.pool.idle.addLast(connection);
    } else {
      closeConnection(connection);
    }
    end(workload, exchange, outcome, now);
    if (exchange.measured && encoded && outcome == Outcome.SUCCESS) {
      succeededEncoded++;
    }
  }

  private void fail(Workload workload, Connection connection, Outcome outcome, long now) {
    Exchange exchange = connection.exchange;
    closeConnection(connection);
    if (exchange != null && exchange.phase != Phase.DONE) {
      end(workload, exchange, outcome, now);
    }
  }

  /** A request that waited for a connection longer than the queue timeout: never sent. */
  private void endQueued(Workload workload, Exchange exchange, long now) {
    exchange.phase = Phase.DONE;
    inFlight--;
    if (exchange.measured) {
      queueTimeouts++;
    }
    workload.completed(now);
  }

  private void end(Workload workload, Exchange exchange, Outcome outcome, long now) {
    boolean connecting = exchange.phase == Phase.CONNECTING;
    exchange.phase = Phase.DONE;
    inFlight--;
    if (exchange.measured) {
      counts[outcome.ordinal()]++;
      if (outcome == Outcome.TIMEOUT && connecting) {
        connectTimeouts++;
      }
      if (outcome == Outcome.SUCCESS) {
        latencyMicros.recordValue(micros(now - exchange.intendedNanos));
        serviceMicros.recordValue(micros(now - exchange.startedNanos));
      }
    }
    if (outcome == Outcome.SUCCESS && now >= measureFromNanos && now < measureToNanos) {
      succeededInWindow++;
    }
    workload.completed(now);
  }

  private static long micros(long nanos) {
    return Math.min(HIGHEST_TRACKABLE_MICROS, Math.max(0, nanos / 1000));
  }

  private void expire(Workload workload, long now) {
    // Queued requests first: a connection freed by a timeout below goes to a request still in time.
    expire(workload, queued, Phase.QUEUED, now);
    expire(workload, connecting, Phase.CONNECTING, now);
    expire(workload, exchanging, Phase.EXCHANGING, now);
  }

  private void expire(Workload workload, ArrayDeque<Exchange> queue, Phase phase, long now) {
    Exchange head;
    while ((head = queue.peekFirst()) != null) {
      if (head.phase != phase) {
        queue.pollFirst();
      } else if (head.deadlineNanos - now <= 0) {
        queue.pollFirst();
        if (phase == Phase.QUEUED) {
          endQueued(workload, head, now);
        } else {
          fail(workload, head.connection, Outcome.TIMEOUT, now);
        }
      } else {
        return;
      }
    }
  }

  private long nextDeadline() {
    long next = Long.MAX_VALUE;
    for (ArrayDeque<Exchange> queue : List.of(queued, connecting, exchanging)) {
      Exchange head = queue.peekFirst();
      next = head == null ? next : Math.min(next, head.deadlineNanos);
    }
    return next;
  }

  private void closeConnection(Connection connection) {
    if (connection.closed) {
      return;
    }
    connection.closed = true;
    if (connection.pool != null) {
      connection.pool.open--;
      connection.pool.lost++;
    }
    if (connection.key != null) {
      connection.key.cancel();
    }
    closeQuietly(connection.channel);
  }

  private void closeAll() {
    pools.forEach(pool -> pool.idle.forEach(this::closeConnection));
    for (SelectionKey key : selector.keys()) {
      closeConnection((Connection) key.attachment());
    }
  }

  private static void closeQuietly(SocketChannel channel) {
    if (channel == null) {
      return;
    }
    try {
      channel.close();
    } catch (IOException e) {
      // Closing a socket that already failed: nothing left to release.
    }
  }

  private RunResult result() {
    Map<Outcome, Long> byOutcome = new EnumMap<>(Outcome.class);
    for (Outcome outcome : Outcome.values()) {
      byOutcome.put(outcome, counts[outcome.ordinal()]);
    }
    return new RunResult(
        new RequestCounts(byOutcome, connectTimeouts, dropped, queueTimeouts),
        Duration.ofNanos(measureToNanos - measureFromNanos),
        latencyMicros,
        serviceMicros,
        succeededEncoded,
        maxSendLagNanos / 1000,
        sendLagCount == 0 ? 0 : sendLagSumNanos / 1000.0 / sendLagCount,
        maxInFlightSeen,
        connectionsOpened,
        reconnects,
        succeededInWindow);
  }
}

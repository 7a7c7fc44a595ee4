package io.wsqos.benchmarks.load;

import io.wsqos.monitor.Outcome;
import io.wsqos.monitor.cxf.ExchangeFailures;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;

/**
 * The driver's I/O engine: one thread, one {@link Selector}, non-blocking connects, pre-encoded
 * requests. Timeouts are kept in two FIFO queues (the timeouts are constant, so deadlines arrive in
 * order) and expired lazily, which keeps the per-request cost at a few allocations and system
 * calls.
 */
final class LoadEngine {

  static final long HIGHEST_TRACKABLE_MICROS = TimeUnit.MINUTES.toMicros(10);
  private static final int SIGNIFICANT_DIGITS = 3;
  private static final long MAX_SELECT_MILLIS = 100;
  private static final int READ_BUFFER_BYTES = 64 * 1024;

  private enum Phase {
    CONNECTING,
    EXCHANGING,
    DONE
  }

  private static final class Exchange {
    final long intendedNanos;
    final long startedNanos;
    final boolean measured;
    final boolean keepAlive;
    Connection connection;
    Phase phase = Phase.CONNECTING;
    long deadlineNanos;

    Exchange(long intendedNanos, long startedNanos, boolean measured, boolean keepAlive) {
      this.intendedNanos = intendedNanos;
      this.startedNanos = startedNanos;
      this.measured = measured;
      this.keepAlive = keepAlive;
    }
  }

  private static final class Connection {
    final SocketChannel channel;
    final InetSocketAddress address;
    final ResponseParser parser = new ResponseParser();
    SelectionKey key;
    ByteBuffer out;
    Exchange exchange;
    boolean closed;

    Connection(SocketChannel channel, InetSocketAddress address) {
      this.channel = channel;
      this.address = address;
    }
  }

  private final Selector selector;
  private final RequestSource source;
  private final long connectTimeoutNanos;
  private final long responseTimeoutNanos;
  private final int maxInFlight;
  private final long measureFromNanos;
  private final long measureToNanos;

  private final ByteBuffer readBuffer = ByteBuffer.allocateDirect(READ_BUFFER_BYTES);
  private final ArrayDeque<Exchange> connecting = new ArrayDeque<>();
  private final ArrayDeque<Exchange> exchanging = new ArrayDeque<>();
  private final Map<InetSocketAddress, ArrayDeque<Connection>> idle = new HashMap<>();

  private final long[] counts = new long[Outcome.values().length];
  private long connectTimeouts;
  private long dropped;
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

  LoadEngine(
      Selector selector,
      RequestSource source,
      DriverOptions options,
      long measureFromNanos,
      long measureToNanos) {
    this.selector = selector;
    this.source = source;
    this.connectTimeoutNanos = options.connectTimeout().toNanos();
    this.responseTimeoutNanos = options.responseTimeout().toNanos();
    this.maxInFlight = options.maxInFlight();
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
    Exchange exchange = new Exchange(intendedNanos, now, measured, request.keepAlive());
    inFlight++;
    maxInFlightSeen = Math.max(maxInFlightSeen, inFlight);
    Connection reused = request.keepAlive() ? takeIdle(request.address()) : null;
    if (reused != null) {
      reused.exchange = exchange;
      exchange.connection = reused;
      reused.out = request.buffer();
      beginExchange(workload, reused, now);
      return;
    }
    SocketChannel channel = null;
    try {
      channel = SocketChannel.open();
      channel.configureBlocking(false);
      channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
      Connection connection = new Connection(channel, request.address());
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
      closeQuietly(channel);
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
    } else {
      outcome = Outcome.HTTP_ERROR;
    }
    if (open && exchange.keepAlive && parser.reusable()) {
      parser.reset();
      connection.exchange = null;
      connection.out = null;
      idle.computeIfAbsent(connection.address, a -> new ArrayDeque<>()).addLast(connection);
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
    workload.completed(now);
  }

  private static long micros(long nanos) {
    return Math.min(HIGHEST_TRACKABLE_MICROS, Math.max(0, nanos / 1000));
  }

  private void expire(Workload workload, long now) {
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
        fail(workload, head.connection, Outcome.TIMEOUT, now);
      } else {
        return;
      }
    }
  }

  private long nextDeadline() {
    long next = Long.MAX_VALUE;
    Exchange head = connecting.peekFirst();
    if (head != null) {
      next = head.deadlineNanos;
    }
    head = exchanging.peekFirst();
    if (head != null) {
      next = Math.min(next, head.deadlineNanos);
    }
    return next;
  }

  private Connection takeIdle(InetSocketAddress address) {
    ArrayDeque<Connection> pool = idle.get(address);
    if (pool == null) {
      return null;
    }
    Connection connection;
    while ((connection = pool.pollFirst()) != null) {
      if (!connection.closed) {
        return connection;
      }
    }
    return null;
  }

  private void closeConnection(Connection connection) {
    if (connection.closed) {
      return;
    }
    connection.closed = true;
    if (connection.key != null) {
      connection.key.cancel();
    }
    closeQuietly(connection.channel);
  }

  private void closeAll() {
    idle.values().forEach(pool -> pool.forEach(this::closeConnection));
    idle.clear();
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
        new RequestCounts(byOutcome, connectTimeouts, dropped),
        Duration.ofNanos(measureToNanos - measureFromNanos),
        latencyMicros,
        serviceMicros,
        succeededEncoded,
        maxSendLagNanos / 1000,
        sendLagCount == 0 ? 0 : sendLagSumNanos / 1000.0 / sendLagCount,
        maxInFlightSeen);
  }
}

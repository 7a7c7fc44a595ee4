package io.wsqos.monitor;

import static java.util.Objects.requireNonNull;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.wsqos.core.Checks;
import io.wsqos.monitor.internal.RecordColumns;
import io.wsqos.monitor.internal.RecordQueue;
import io.wsqos.monitor.internal.RecordTimers;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The logging manager: takes {@link QosRecord}s from request threads without blocking and hands
 * them, in batches, from one background thread to Micrometer timers, to {@link QosRecordListener}s
 * such as the diagnosis, and to a {@link QosRecordStore}: a database ({@code JdbcRecordStore} in
 * the {@code wsqos-monitor-jdbc} artifact), a remote logging manager ({@link
 * io.wsqos.monitor.remote.RemoteRecordStore}), or a store of the application's own.
 *
 * <p>{@link #record} costs one lock-free offer: when the queue is full the record is dropped and
 * counted in {@code wsqos.monitor.records.dropped}, never waited for. The writer takes the queue in
 * batches ({@link Builder#batchSize}, {@link Builder#flushInterval}), hands each batch to the
 * timers and listeners at once, and stores the records a few seconds later in one burst ({@link
 * Builder#storeInterval}), which spares the service's garbage collector. A batch the store refuses
 * is retried with exponential backoff ({@link Builder#retries}); after the last attempt its records
 * are counted in {@code wsqos.monitor.records.lost} and logged at ERROR. {@link #close()} writes
 * everything queued (see there for its bound) and closes the store. The writer thread starts with
 * the first record, not when the log is built; a {@code MonitoringFeature} given the log closes it
 * when its last bus, server or client has gone.
 *
 * <p>Meters (all in the registry passed in): timers {@code wsqos.monitor.execution}, {@code
 * .communication}, {@code .response} with percentile histograms, tagged service, operation,
 * endpoint, side and outcome (valid records only); counters {@code wsqos.monitor.records.written},
 * {@code .dropped}, {@code .lost}, {@code .invalid} (tagged reason), {@code
 * wsqos.monitor.write.failures} (failed attempts); gauges {@code wsqos.monitor.queue.size} and
 * {@code wsqos.monitor.unstored.size}. The counters and the gauges are tagged {@code log} with the
 * writer thread's name ({@link Builder#threadName}), so that two logs sharing a registry (say a
 * provider's own and the central manager it serves) each keep their own: give them different names.
 */
public final class QosLog implements AutoCloseable {

  /** Default number of records the queue holds before dropping. */
  public static final int DEFAULT_QUEUE_CAPACITY = 10_000;

  /** Largest queue accepted: beyond this a backlog is a memory problem, not a buffer. */
  public static final int MAX_QUEUE_CAPACITY = 10_000_000;

  /** Default number of records per database batch. */
  public static final int DEFAULT_BATCH_SIZE = 500;

  /** Largest batch accepted. */
  public static final int MAX_BATCH_SIZE = 10_000;

  /** Default longest time a record waits for its batch to fill before being written anyway. */
  public static final long DEFAULT_FLUSH_INTERVAL_MILLIS = 200;

  /** Longest flush interval accepted. */
  public static final long MAX_FLUSH_INTERVAL_MILLIS = 60_000;

  /**
   * Default longest time a published record waits before the writer stores it (see {@link
   * Builder#storeInterval}).
   */
  public static final long DEFAULT_STORE_INTERVAL_MILLIS = 5_000;

  /** Longest store interval accepted. */
  public static final long MAX_STORE_INTERVAL_MILLIS = 60_000;

  /** Default time {@link #close()} waits for the queue to be written. */
  public static final long DEFAULT_CLOSE_TIMEOUT_MILLIS = 10_000;

  /** Default number of attempts to write one batch before counting it lost. */
  public static final int DEFAULT_MAX_WRITE_ATTEMPTS = 5;

  /** Most write attempts accepted. */
  public static final int MAX_WRITE_ATTEMPTS = 20;

  /** Default wait before the second attempt; it doubles for each further attempt. */
  public static final long DEFAULT_RETRY_BACKOFF_MILLIS = 100;

  /** Longest wait between two attempts, whatever the doubling gives. */
  public static final long MAX_RETRY_BACKOFF_MILLIS = RetryingRecordStore.MAX_BACKOFF_MILLIS;

  /** Default name of the writer thread. */
  public static final String DEFAULT_THREAD_NAME = "wsqos-monitor-writer";

  /**
   * Default Java priority of the writer thread: the lowest, since its work can wait for requests'.
   * It has an effect only where the JVM maps priorities to the OS (on Linux, {@code
   * -XX:ThreadPriorityPolicy=1}).
   */
  public static final int DEFAULT_WRITER_PRIORITY = Thread.MIN_PRIORITY;

  private static final Duration ONE_MILLI = Duration.ofMillis(1);

  /** The tag naming the log on its counters and gauges: its writer thread's name. */
  public static final String LOG_TAG = "log";

  /** Drains per flush interval while a batch fills: bounds the writer's wake-ups per batch. */
  private static final int FILL_TICKS = 8;

  private static final long MIN_FILL_TICK_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

  private static final Logger logger = LoggerFactory.getLogger(QosLog.class);

  /** Returns a builder whose meters go to {@code registry}. */
  public static Builder builder(MeterRegistry registry) {
    return new Builder(registry);
  }

  private final RecordQueue queue;
  private final RecordColumns unstored;
  private final int batchSize;
  private final long flushIntervalNanos;
  private final long storeIntervalNanos;
  private final long fillTickNanos;
  private final long closeTimeoutMillis;
  private final List<QosRecordListener> listeners;
  private final RetryingRecordStore store;
  private final RecordTimers timers;
  private final Counter written;
  private final Counter dropped;
  private final Counter lost;
  private final Counter writeFailures;
  private final MeterRegistry registry;
  private final String logTag;
  private final Thread writer;
  private final AtomicBoolean closeCalled = new AtomicBoolean();
  // The writer starts with the first record, not in the constructor; both guarded by "writer".
  private volatile boolean writerStarted;
  private volatile boolean closing;
  private volatile boolean abandoned;
  private volatile int unstoredCount;

  private QosLog(Builder builder) {
    this.registry = builder.registry;
    queue = new RecordQueue(builder.queueCapacity);
    // A batch can outgrow a small queue: the writer drains it again while the batch fills.
    unstored = new RecordColumns(Math.max(builder.queueCapacity, builder.batchSize));
    batchSize = builder.batchSize;
    flushIntervalNanos = builder.flushInterval.toNanos();
    storeIntervalNanos = builder.storeInterval.toNanos();
    fillTickNanos = Math.max(flushIntervalNanos / FILL_TICKS, MIN_FILL_TICK_NANOS);
    closeTimeoutMillis = builder.closeTimeout.toMillis();
    listeners = List.copyOf(builder.listeners);
    timers = new RecordTimers(registry);
    logTag = builder.threadName;
    written =
        counter(
            registry,
            "wsqos.monitor.records.written",
            "Records written to the database (or the store in its place)");
    dropped =
        counter(
            registry,
            "wsqos.monitor.records.dropped",
            "Records dropped because the queue was full or the log closed");
    lost =
        counter(
            registry,
            "wsqos.monitor.records.lost",
            "Records taken from the queue that the store never accepted");
    writeFailures =
        counter(
            registry,
            "wsqos.monitor.write.failures",
            "Failed attempts to write a batch (each retried or counted lost)");
    store =
        new RetryingRecordStore(
            builder.store, builder.maxWriteAttempts, builder.retryBackoff, writeFailures);
    Gauge.builder("wsqos.monitor.queue.size", queue, RecordQueue::size)
        .description("Records waiting for the writer")
        .tag(LOG_TAG, logTag)
        .register(registry);
    Gauge.builder("wsqos.monitor.unstored.size", this, QosLog::unstored)
        .description("Records published to timers and listeners, waiting to be stored")
        .tag(LOG_TAG, logTag)
        .register(registry);
    writer = new Thread(this::writeUntilClosed, builder.threadName);
    writer.setDaemon(true);
    writer.setPriority(builder.writerPriority);
  }

  private void startWriter() {
    synchronized (writer) {
      if (!writerStarted && !closing) {
        writerStarted = true;
        writer.start();
      }
    }
  }

  /** A counter of this log's, tagged with its name like every meter of the log. */
  private Counter counter(MeterRegistry registry, String name, String description) {
    return Counter.builder(name).description(description).tag(LOG_TAG, logTag).register(registry);
  }

  /**
   * Hands {@code record} to the writer and returns at once: no lock, no I/O. Returns {@code false}
   * when the record was dropped (queue full, or the log closing), which is also counted in {@code
   * wsqos.monitor.records.dropped}.
   */
  public boolean record(QosRecord record) {
    requireNonNull(record, "record");
    if (closing || !queue.offer(record)) {
      dropped.increment();
      return false;
    }
    if (!writerStarted) {
      startWriter();
    }
    return true;
  }

  /** The number of records waiting for the writer. */
  public int queued() {
    return queue.size();
  }

  /**
   * The number of records the writer has published but not yet stored (see {@link
   * Builder#storeInterval}); it may lag the writer by a batch.
   */
  public int unstored() {
    return unstoredCount;
  }

  /**
   * Stops accepting records and stores everything queued or unstored, waiting at most the close
   * timeout. If that is not done by then (e.g. the database is down or paused), the records still
   * queued are counted in {@code wsqos.monitor.records.lost} and logged at ERROR before this
   * returns; the batch in flight gets at most another close timeout to finish its attempt (no
   * retry), then the writer is interrupted and the pool the log created is closed, which fails that
   * attempt: its records and the unstored ones are counted lost when the writer ends, possibly just
   * after this returns. Records offered while closing are dropped and counted in {@code
   * wsqos.monitor.records.dropped}.
   */
  @Override
  public void close() {
    if (!closeCalled.compareAndSet(false, true)) {
      return;
    }
    synchronized (writer) {
      // From here on the writer is either running, to be joined, or will never start.
      closing = true;
    }
    boolean interrupted = false;
    try {
      writer.join(closeTimeoutMillis);
      if (writer.isAlive()) {
        abandoned = true;
        store.giveUp();
        List<QosRecord> rest = new ArrayList<>(queue.size());
        queue.drainTo(rest);
        lost.increment(rest.size());
        logger.error(
            "Monitor log not written within {} ms of close: {} queued records counted as lost",
            closeTimeoutMillis,
            rest.size());
        writer.join(closeTimeoutMillis);
        if (writer.isAlive()) {
          // Stuck in the store: closing it below fails its attempt, counted lost then.
          logger.error(
              "Monitor writer still blocked {} ms later; interrupting it", closeTimeoutMillis);
          writer.interrupt();
        }
      }
    } catch (InterruptedException e) {
      interrupted = true;
      abandoned = true;
      store.giveUp();
      writer.interrupt();
    }
    // A record offered between the writer's last look and its exit would otherwise vanish.
    int late = queue.size();
    if (late > 0 && !writer.isAlive()) {
      List<QosRecord> rest = new ArrayList<>(late);
      queue.drainTo(rest);
      dropped.increment(rest.size());
    }
    closeQuietly(store);
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }

  private static void closeQuietly(QosRecordStore store) {
    try {
      store.close();
    } catch (RuntimeException e) {
      logger.warn("Monitor record store {} failed to close", store, e);
    }
  }

  private void writeUntilClosed() {
    List<QosRecord> batch = new ArrayList<>(batchSize);
    List<QosRecord> chunk = new ArrayList<>(batchSize);
    // When the oldest record held in unstored was published.
    long unstoredSince = 0;
    try {
      while (!abandoned) {
        if (queue.drainTo(batch, batchSize) == 0) {
          if (closing && queue.isEmpty()) {
            store(chunk);
            return;
          }
          if (unstored.size() > 0 && System.nanoTime() - unstoredSince >= storeIntervalNanos) {
            store(chunk);
          }
          // Idle: look again a tick later (at most a few dozen wake-ups a second, none per record).
          TimeUnit.NANOSECONDS.sleep(fillTickNanos);
          continue;
        }
        fill(batch);
        publish(batch);
        long now = System.nanoTime();
        if (batch.size() > unstored.room()) {
          store(chunk);
          if (abandoned) {
            break;
          }
        }
        if (unstored.size() == 0) {
          unstoredSince = now;
        }
        unstored.addAll(batch);
        unstoredCount = unstored.size();
        batch.clear();
        if (closing || now - unstoredSince >= storeIntervalNanos) {
          store(chunk);
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      int left = batch.size() + chunk.size() + unstored.size() + queue.drainTo(new ArrayList<>());
      if (left > 0) {
        lost.increment(left);
        logger.error("Monitor log closed with {} records unwritten; counted as lost", left);
      }
    }
  }

  /**
   * Writes every unstored record, {@code batchSize} per write, using {@code chunk} (empty, and left
   * empty) to carry them; stops early only when {@link #close()} gives up on the writer.
   */
  private void store(List<QosRecord> chunk) throws InterruptedException {
    while (!abandoned && unstored.removeOldest(chunk, batchSize) > 0) {
      write(chunk);
      chunk.clear();
      unstoredCount = unstored.size();
    }
  }

  /**
   * Adds queued records until the batch is full or the flush interval since its first passed.
   *
   * <p>Sleeps between drains instead of waiting on the queue: a writer blocked in a queue's {@code
   * poll} is woken by every {@code offer}, which costs the request thread a futex call and the
   * writer a context switch per record. Under load those wake-ups would cost the writer far more
   * than the database batch it exists to write.
   */
  private void fill(List<QosRecord> batch) throws InterruptedException {
    long deadline = System.nanoTime() + flushIntervalNanos;
    while (true) {
      queue.drainTo(batch, batchSize - batch.size());
      long left = deadline - System.nanoTime();
      if (batch.size() >= batchSize || closing || left <= 0) {
        return;
      }
      TimeUnit.NANOSECONDS.sleep(Math.min(left, fillTickNanos));
    }
  }

  private void publish(List<QosRecord> batch) {
    for (QosRecord record : batch) {
      if (record.isValid()) {
        timers.record(record);
      } else {
        registry
            .counter(
                "wsqos.monitor.records.invalid",
                LOG_TAG,
                logTag,
                "reason",
                record.validity().name())
            .increment();
      }
    }
    List<QosRecord> view = Collections.unmodifiableList(batch);
    for (QosRecordListener listener : listeners) {
      try {
        listener.onRecords(view);
      } catch (RuntimeException e) {
        logger.warn("Monitor record listener {} failed; it keeps receiving batches", listener, e);
      }
    }
  }

  private void write(List<QosRecord> batch) throws InterruptedException {
    try {
      store.write(batch);
      written.increment(batch.size());
    } catch (InterruptedException e) {
      throw e;
    } catch (Exception e) {
      lost.increment(batch.size());
      logger.error("Monitor log lost {} records that {} did not accept", batch.size(), store, e);
    }
  }

  /** Configures a {@link QosLog}; only {@link #store} must be set. */
  public static final class Builder {
    private final MeterRegistry registry;
    private QosRecordStore store;
    private int queueCapacity = DEFAULT_QUEUE_CAPACITY;
    private int batchSize = DEFAULT_BATCH_SIZE;
    private Duration flushInterval = Duration.ofMillis(DEFAULT_FLUSH_INTERVAL_MILLIS);
    private Duration storeInterval = Duration.ofMillis(DEFAULT_STORE_INTERVAL_MILLIS);
    private Duration closeTimeout = Duration.ofMillis(DEFAULT_CLOSE_TIMEOUT_MILLIS);
    private int maxWriteAttempts = DEFAULT_MAX_WRITE_ATTEMPTS;
    private Duration retryBackoff = Duration.ofMillis(DEFAULT_RETRY_BACKOFF_MILLIS);
    private String threadName = DEFAULT_THREAD_NAME;
    private int writerPriority = DEFAULT_WRITER_PRIORITY;
    private final List<QosRecordListener> listeners = new ArrayList<>();

    private Builder(MeterRegistry registry) {
      this.registry = requireNonNull(registry, "registry");
    }

    /**
     * Where the batches go (required); the log closes it with itself. A {@link
     * io.wsqos.monitor.remote.RemoteRecordStore} sends them to a remote logging manager, so that
     * the records of many monitors end in one database while timers and listeners (the diagnosis)
     * stay local.
     */
    public Builder store(QosRecordStore store) {
      this.store = requireNonNull(store, "store");
      return this;
    }

    /**
     * Records the queue holds, default {@value #DEFAULT_QUEUE_CAPACITY}, 1..{@value
     * #MAX_QUEUE_CAPACITY}.
     */
    public Builder queueCapacity(int capacity) {
      this.queueCapacity = Checks.inRange("queueCapacity", capacity, 1, MAX_QUEUE_CAPACITY);
      return this;
    }

    /** Records per batch, default {@value #DEFAULT_BATCH_SIZE}, 1..{@value #MAX_BATCH_SIZE}. */
    public Builder batchSize(int batchSize) {
      this.batchSize = Checks.inRange("batchSize", batchSize, 1, MAX_BATCH_SIZE);
      return this;
    }

    /**
     * Longest time a record waits, after its batch went to the timers and listeners, before the
     * writer stores it; default {@value #DEFAULT_STORE_INTERVAL_MILLIS} ms, 0..{@value
     * #MAX_STORE_INTERVAL_MILLIS} ms; zero stores each batch as soon as it is published.
     *
     * <p>Meanwhile records wait column-wise in primitive arrays, which the garbage collector never
     * copies record by record, and are then stored in one burst of {@link #batchSize} batches. On
     * an embedded H2 database this spares most of the service's young collections: H2 holds each
     * inserted row in its pages and cache for seconds, long enough to be copied into the old
     * generation, so a steady trickle of rows lengthened every collection. A burst touches the one
     * or two collections after it.
     *
     * <p>The price: the store (and so an analysis of its database) sees a record up to {@code
     * flushInterval + storeInterval} after it was made, and a crash loses what was not stored yet
     * (a {@link #close()} stores it). At most {@link #queueCapacity} records (or {@link
     * #batchSize}, if larger) wait; when the next batch would not fit, the writer stores them
     * early.
     */
    public Builder storeInterval(Duration interval) {
      this.storeInterval =
          Checks.inRange(
              "storeInterval",
              interval,
              Duration.ZERO,
              Duration.ofMillis(MAX_STORE_INTERVAL_MILLIS));
      return this;
    }

    /**
     * Longest wait for a batch to fill, default {@value #DEFAULT_FLUSH_INTERVAL_MILLIS} ms, 1 ms..
     * {@value #MAX_FLUSH_INTERVAL_MILLIS} ms. Also how long {@link #close()} may take to notice.
     */
    public Builder flushInterval(Duration interval) {
      this.flushInterval =
          Checks.inRange(
              "flushInterval", interval, ONE_MILLI, Duration.ofMillis(MAX_FLUSH_INTERVAL_MILLIS));
      return this;
    }

    /**
     * Time {@link #close()} waits for the queue, default {@value #DEFAULT_CLOSE_TIMEOUT_MILLIS} ms,
     * 1 ms..1 h.
     */
    public Builder closeTimeout(Duration timeout) {
      this.closeTimeout = Checks.inRange("closeTimeout", timeout, ONE_MILLI, Duration.ofHours(1));
      return this;
    }

    /**
     * Attempts per batch before its records are counted lost, default {@value
     * #DEFAULT_MAX_WRITE_ATTEMPTS}, 1..{@value #MAX_WRITE_ATTEMPTS}; the wait before the second is
     * {@code backoff}, doubling up to {@value #MAX_RETRY_BACKOFF_MILLIS} ms.
     */
    public Builder retries(int maxAttempts, Duration backoff) {
      this.maxWriteAttempts = Checks.inRange("maxAttempts", maxAttempts, 1, MAX_WRITE_ATTEMPTS);
      this.retryBackoff =
          Checks.inRange(
              "backoff", backoff, ONE_MILLI, Duration.ofMillis(MAX_RETRY_BACKOFF_MILLIS));
      return this;
    }

    /** Name of the writer thread, default {@value #DEFAULT_THREAD_NAME}. */
    public Builder threadName(String threadName) {
      this.threadName = Checks.notBlank("threadName", threadName);
      return this;
    }

    /**
     * The writer thread's Java priority, {@link Thread#MIN_PRIORITY} to {@link
     * Thread#MAX_PRIORITY}, default {@link #DEFAULT_WRITER_PRIORITY} (the lowest), so that request
     * threads take the CPU from the writer when both want it. HotSpot on Linux maps Java priorities
     * to nice values only when started with {@code -XX:ThreadPriorityPolicy=1} (the lowest is then
     * nice 4); otherwise this has no effect.
     */
    public Builder writerPriority(int priority) {
      this.writerPriority =
          Checks.inRange("writerPriority", priority, Thread.MIN_PRIORITY, Thread.MAX_PRIORITY);
      return this;
    }

    /** Adds a listener called with every batch on the writer thread, in the order added. */
    public Builder listener(QosRecordListener listener) {
      listeners.add(requireNonNull(listener, "listener"));
      return this;
    }

    /**
     * Returns the log; its writer thread starts with the first record.
     *
     * @throws IllegalStateException if no {@link #store} was set
     */
    public QosLog build() {
      if (store == null) {
        throw new IllegalStateException(
            "store: not set (expected: a QosRecordStore, such as JdbcRecordStore.builder().build()"
                + " from wsqos-monitor-jdbc)");
      }
      return new QosLog(this);
    }
  }
}

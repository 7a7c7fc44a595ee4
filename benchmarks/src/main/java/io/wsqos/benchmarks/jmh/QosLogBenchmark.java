package io.wsqos.benchmarks.jmh;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.wsqos.monitor.QosLog;
import io.wsqos.monitor.QosRecord;
import io.wsqos.monitor.Side;
import io.wsqos.monitor.jdbc.JdbcRecordStore;
import java.time.Instant;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What the logging manager costs a request thread: building a {@link QosRecord} (which an
 * interceptor does anyway) next to building it and handing it to {@link QosLog#record}, with the
 * writer draining into an in-memory H2 database. Two request threads, so that they contend on the
 * queue as a server's do.
 *
 * <p>Does not measure the writer's own cost (JDBC batches, timers), which runs on its thread. JMH
 * offers records far faster than any database takes them, so the queue is full most of the time and
 * most calls take the drop path; the teardown prints how many were written and dropped so the
 * figure can be read for what it is: the cost of {@code offer} on a contended, mostly full queue.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Threads(2)
@State(Scope.Benchmark)
public class QosLogBenchmark {

  private SimpleMeterRegistry registry;
  private QosLog log;

  @Setup(Level.Trial)
  public void setUp() {
    registry = new SimpleMeterRegistry();
    log =
        QosLog.builder(registry)
            .store(
                JdbcRecordStore.builder()
                    .url("jdbc:h2:mem:bench" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1", "", "")
                    .build())
            .build();
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    log.close();
    System.out.printf(
        "%nQosLog: written %.0f, dropped %.0f, lost %.0f%n",
        registry.get("wsqos.monitor.records.written").counter().count(),
        registry.get("wsqos.monitor.records.dropped").counter().count(),
        registry.get("wsqos.monitor.records.lost").counter().count());
  }

  private static QosRecord newRecord() {
    Instant now = Instant.now();
    long t4 = now.getEpochSecond() * 1_000_000 + now.getNano() / 1_000;
    return QosRecord.builder(
            "Bookstore", "getBook", "http://127.0.0.1:8080/bookstore", Side.REQUESTER)
        .recordedAt(now)
        .t1(t4 - 900)
        .t2(1_000)
        .t3(1_400)
        .t4(t4)
        .sizes(300, 5_000)
        .build();
  }

  @Benchmark
  public QosRecord baselineBuildRecord() {
    return newRecord();
  }

  @Benchmark
  public boolean buildAndRecord() {
    return log.record(newRecord());
  }
}

package io.wsqos.benchmarks.jmh;

import com.zaxxer.hikari.HikariDataSource;
import io.wsqos.jdbc.JdbcPool;
import io.wsqos.monitor.QosLog;
import io.wsqos.monitor.QosRecord;
import io.wsqos.monitor.QosRecordStore;
import io.wsqos.monitor.Side;
import io.wsqos.monitor.jdbc.JdbcRecordStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What the logging manager's writer thread spends per record on the database: a batch of {@value
 * #BATCH} records, {@link QosLog}'s default, written through the public {@link QosRecordStore} of
 * the monitor's tables into an H2 file database as the monitored benchmark server uses. On a
 * saturated server this CPU is taken from the request threads, so it is what the monitored
 * throughput pays beyond the interceptors ({@link MonitorInterceptorBenchmark}). Scores are per
 * record.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@State(Scope.Benchmark)
public class QosLogWriterBenchmark {

  static final int BATCH = QosLog.DEFAULT_BATCH_SIZE;

  private static final Instant START = Instant.parse("2026-11-23T00:00:00Z");

  private static final long T1_BASE = 1_700_000_000_000_000L;

  private long sequence;

  private Path dir;
  private HikariDataSource dataSource;
  private QosRecordStore store;
  private List<QosRecord> batch;

  @Setup(Level.Trial)
  public void setUp() throws IOException {
    dir = Files.createTempDirectory("wsqos-writer-bench");
    // The pool QosLog makes for a JDBC URL, on the kind of database the monitored server uses.
    dataSource =
        JdbcPool.builder("jdbc:h2:file:" + dir.resolve("qos") + JdbcRecordStore.H2_LOG_SETTINGS)
            .maxPoolSize(2)
            .build();
    store = JdbcRecordStore.builder().dataSource(dataSource).build();
    batch = new ArrayList<>(BATCH);
  }

  /**
   * A fresh batch, later in time than the last: re-inserting the same times would land every row
   * among equal keys inside the index instead of at its end, as real, time-ordered records do. Per
   * invocation is fine here, where one invocation writes {@value #BATCH} rows (milliseconds).
   */
  @Setup(Level.Invocation)
  public void nextBatch() {
    batch.clear();
    for (int i = 0; i < BATCH; i++, sequence++) {
      long t1 = T1_BASE + sequence * 200L;
      batch.add(
          QosRecord.builder(
                  "{http://wsqos.io/examples/bookstore}BookstoreService",
                  "getBookInfo",
                  "http://127.0.0.1:8080/bookstore",
                  Side.PROVIDER)
              .recordedAt(START.plusNanos(sequence * 200_000L))
              .t1(t1)
              .t2(5_000 + i)
              .t3(5_300 + i + i % 7 * 10)
              .sizes(420, 3_300)
              .build());
    }
  }

  @TearDown(Level.Trial)
  public void tearDown() throws IOException {
    dataSource.close();
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }

  /** One JDBC batch in one transaction, per record. */
  @Benchmark
  @OperationsPerInvocation(BATCH)
  public void insert() throws Exception {
    store.write(batch);
  }
}

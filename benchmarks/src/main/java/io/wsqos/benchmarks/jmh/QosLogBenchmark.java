package io.wsqos.benchmarks.jmh;

import com.zaxxer.hikari.HikariDataSource;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
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
import java.util.UUID;
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
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The monitor's log, on both sides of its queue. {@code buildAndRecord}: a request thread (two of
 * them, contending as a server's do) building a {@link QosRecord} and handing it to {@link
 * QosLog#record}, beside building it alone; the database takes records far slower than JMH offers
 * them, so this is mostly the drop path of a full queue (the teardown prints the counts). {@code
 * writerInsert}: the writer thread's cost per record of a {@value #BATCH}-record batch, {@link
 * QosLog}'s default, into an H2 file as the monitored benchmark server uses; on a saturated server
 * that CPU is taken from the request threads.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class QosLogBenchmark {

  static final int BATCH = QosLog.DEFAULT_BATCH_SIZE;

  @Benchmark
  @Threads(2)
  public QosRecord baselineBuildRecord() {
    return Log.newRecord();
  }

  @Benchmark
  @Threads(2)
  public boolean buildAndRecord(Log log) {
    return log.log.record(Log.newRecord());
  }

  /** One JDBC batch in one transaction, per record. */
  @Benchmark
  @OperationsPerInvocation(BATCH)
  @Warmup(iterations = 3, time = 2)
  @Measurement(iterations = 5, time = 2)
  public void writerInsert(Writer writer) throws Exception {
    writer.store.write(writer.batch);
  }

  /** The log, draining into an in-memory H2 database. */
  @State(Scope.Benchmark)
  public static class Log {
    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private QosLog log;

    @Setup(Level.Trial)
    public void setUp() {
      String url = "jdbc:h2:mem:bench" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1";
      log =
          QosLog.builder(registry)
              .store(JdbcRecordStore.builder().url(url, "", "").build())
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

    static QosRecord newRecord() {
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
  }

  /** The writer's store on an H2 file, through the pool {@link QosLog} makes for a JDBC URL. */
  @State(Scope.Benchmark)
  public static class Writer {
    private static final Instant START = Instant.parse("2026-11-23T00:00:00Z");
    private final List<QosRecord> batch = new ArrayList<>(BATCH);
    private long sequence;
    private Path dir;
    private HikariDataSource dataSource;
    private QosRecordStore store;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
      dir = Files.createTempDirectory("wsqos-writer-bench");
      dataSource =
          JdbcPool.builder("jdbc:h2:file:" + dir.resolve("qos") + JdbcRecordStore.H2_LOG_SETTINGS)
              .maxPoolSize(2)
              .build();
      store = JdbcRecordStore.builder().dataSource(dataSource).build();
    }

    /**
     * A batch later in time than the last, so that rows land at the index's end as real records do;
     * per invocation is fine where one invocation takes milliseconds.
     */
    @Setup(Level.Invocation)
    public void nextBatch() {
      batch.clear();
      for (int i = 0; i < BATCH; i++, sequence++) {
        batch.add(
            QosRecord.builder(
                    "{http://wsqos.io/examples/bookstore}BookstoreService",
                    "getBookInfo",
                    "http://127.0.0.1:8080/bookstore",
                    Side.PROVIDER)
                .recordedAt(START.plusNanos(sequence * 200_000L))
                .t1(1_700_000_000_000_000L + sequence * 200L)
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
  }
}

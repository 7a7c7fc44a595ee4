package io.wsqos.benchmarks.store;

import io.wsqos.benchmarks.experiment.Experiment;
import io.wsqos.benchmarks.experiment.Run;
import io.wsqos.benchmarks.report.Summary;
import io.wsqos.cli.Option;
import io.wsqos.monitor.QosLog;
import io.wsqos.monitor.QosRecord;
import io.wsqos.monitor.QosRecordStore;
import io.wsqos.monitor.Side;
import io.wsqos.monitor.jdbc.JdbcRecordStore;
import io.wsqos.monitor.jdbc.QosAnalysis;
import io.wsqos.monitor.jdbc.QosQuery;
import io.wsqos.monitor.jdbc.QosStatistics;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The experiment {@code monitor-store}: writes synthetic records through the monitor's JDBC store
 * into PostgreSQL and into an H2 file, then times what users ask of them: ingest rate, bytes per
 * record on disk, {@code count(*)}, Tables 2 and 3 of a one-hour window and of every record ({@link
 * QosAnalysis#analyze}), and the p95 of each operation in the hour ({@link QosAnalysis#breakdown}
 * and an analysis per row). Each run uses a fresh database; each query is timed several times and
 * its median kept. {@link StoreReport} writes what it measured.
 */
public final class StoreBenchmark implements Experiment {

  static final Option<Integer> RECORDS =
      Option.integer("records", 1_000_000, 1, 100_000_000, "Records written per run");
  static final Option<Duration> SPAN =
      Option.duration(
          "span", Duration.ofHours(24), ChronoUnit.SECONDS, "Time the records are spread over");
  static final Option<Integer> BATCH =
      Option.integer(
          "batch",
          QosLog.DEFAULT_BATCH_SIZE,
          1,
          100_000,
          "Records per store write (the log's batch)");
  static final Option<Integer> RUNS = Option.integer("runs", 3, 1, 100, "Runs per database");
  static final Option<Integer> QUERY_REPS =
      Option.integer("query-reps", 5, 1, 100, "Times each query is run per run (median kept)");
  static final Option<List<String>> DATABASES =
      Option.list("databases", List.of("postgres", "h2"), "Databases: postgres, h2");
  static final Option<String> POSTGRES_URL =
      Option.string(
          "postgres-url", "jdbc:postgresql://127.0.0.1:5432/test", "PostgreSQL database URL");
  static final Option<String> POSTGRES_USER =
      Option.string("postgres-user", "postgres", "PostgreSQL user (no password)");
  static final Option<Path> H2_DIR =
      Option.of(
          "h2-dir", "DIR", Path.of("target/store-benchmark"), "Where the H2 files go", Path::of);

  @Override
  public String name() {
    return "monitor-store";
  }

  @Override
  public List<Option<?>> options() {
    return List.of(
        RECORDS, SPAN, BATCH, RUNS, QUERY_REPS, DATABASES, POSTGRES_URL, POSTGRES_USER, H2_DIR);
  }

  /** Runs the benchmark as the options say and writes its report. */
  @Override
  public void run(Run run) throws SQLException {
    for (String database : run.get(DATABASES)) {
      if (!database.equals("postgres") && !database.equals("h2")) {
        throw new IllegalArgumentException(
            "--databases: " + database + " (expected: postgres, h2)");
      }
    }
    int count = run.get(RECORDS);
    Duration span = run.get(SPAN);
    run.progress().printf("Generating %d records over %s%n", count, span);
    List<QosRecord> records = SyntheticRecords.generate(count, span);
    List<RunResult> results = new ArrayList<>();
    for (int rep = 1; rep <= run.get(RUNS); rep++) {
      for (String kind : run.get(DATABASES)) {
        try (BenchDatabase database = open(run, kind, rep)) {
          RunResult result = measure(database, records, span, run.get(BATCH), run.get(QUERY_REPS));
          run.progress().println("run " + rep + ": " + result);
          results.add(result);
        }
      }
    }
    StoreReport.write(run, results);
  }

  private static BenchDatabase open(Run run, String kind, int rep) throws SQLException {
    return kind.equals("postgres")
        ? new BenchDatabase.Postgres(run.get(POSTGRES_URL), run.get(POSTGRES_USER), rep)
        : new BenchDatabase.H2(run.get(H2_DIR), rep);
  }

  /** One run on one fresh database. */
  static RunResult measure(
      BenchDatabase database, List<QosRecord> records, Duration span, int batch, int reps)
      throws SQLException {
    QosRecordStore store = JdbcRecordStore.builder().dataSource(database.dataSource()).build();
    long start = System.nanoTime();
    for (int from = 0; from < records.size(); from += batch) {
      try {
        store.write(records.subList(from, Math.min(records.size(), from + batch)));
      } catch (Exception e) {
        throw new IllegalStateException("the store failed to write a batch", e);
      }
    }
    double ingestSeconds = (System.nanoTime() - start) / 1e9;
    database.settle();
    long bytes = database.bytesOnDisk();

    QosAnalysis analysis = new QosAnalysis(database.dataSource());
    QosQuery all = analysis.everything(Side.REQUESTER, Optional.empty()).orElseThrow();
    QosQuery hour =
        QosQuery.window(
            SyntheticRecords.START.plus(span.dividedBy(2)),
            SyntheticRecords.START.plus(span.dividedBy(2)).plus(Duration.ofHours(1)));
    long[] counted = new long[1];
    QosStatistics[] whole = new QosStatistics[1];
    double countMillis =
        medianMillis(
            reps,
            () ->
                counted[0] =
                    BenchDatabase.single(database.dataSource(), "SELECT COUNT(*) FROM qos_record"));
    double hourMillis = medianMillis(reps, () -> analysis.analyze(hour));
    double[] allCpu = new double[2];
    double allMillis = medianMillis(reps, () -> whole[0] = analysis.analyze(all), database, allCpu);
    double everythingMillis =
        medianMillis(reps, () -> analysis.everything(Side.REQUESTER, Optional.empty()));
    int[] operations = new int[1];
    double perOperationMillis =
        medianMillis(
            reps,
            () -> {
              List<QosQuery> rows = analysis.breakdown(hour);
              for (QosQuery row : rows) {
                analysis.analyze(row).response().p95Micros();
              }
              operations[0] = rows.size();
            });
    long analysed =
        whole[0].requests()
            + whole[0].invalidByReason().values().stream().mapToLong(Long::longValue).sum();
    if (counted[0] != records.size() || analysed != records.size()) {
      throw new IllegalStateException(
          "wrote " + records.size() + " records, counted " + counted[0] + ", analysed " + analysed);
    }
    return new RunResult(
        database.name(),
        records.size(),
        batch,
        records.size() / ingestSeconds,
        (double) bytes / records.size(),
        countMillis,
        hourMillis,
        allMillis,
        allCpu[0],
        allCpu[1],
        everythingMillis,
        perOperationMillis,
        operations[0]);
  }

  /** A query whose time is measured. */
  @FunctionalInterface
  interface Query {
    void run() throws SQLException;
  }

  private static double medianMillis(int reps, Query query) throws SQLException {
    double[] millis = new double[reps];
    for (int i = 0; i < reps; i++) {
      long start = System.nanoTime();
      query.run();
      millis[i] = (System.nanoTime() - start) / 1e6;
    }
    return Summary.of(millis).median();
  }

  /**
   * As {@link #medianMillis(int, Query)}, and sets {@code cpu} to the median CPU time, in
   * milliseconds, of this thread ({@code cpu[0]}) and of the database's server processes ({@code
   * cpu[1]}) per run: on a shared machine the CPU a query takes moves less than its duration.
   */
  private static double medianMillis(int reps, Query query, BenchDatabase database, double[] cpu)
      throws SQLException {
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    double[] millis = new double[reps];
    double[] client = new double[reps];
    double[] server = new double[reps];
    for (int i = 0; i < reps; i++) {
      long serverStart = database.serverCpuNanos();
      long clientStart = threads.getCurrentThreadCpuTime();
      long start = System.nanoTime();
      query.run();
      millis[i] = (System.nanoTime() - start) / 1e6;
      client[i] = (threads.getCurrentThreadCpuTime() - clientStart) / 1e6;
      server[i] = (database.serverCpuNanos() - serverStart) / 1e6;
    }
    cpu[0] = Summary.of(client).median();
    cpu[1] = Summary.of(server).median();
    return Summary.of(millis).median();
  }

  /**
   * What one run measured.
   *
   * @param database the database's name
   * @param records records written
   * @param batch records per store write
   * @param ingestPerSecond records written per second, one writer
   * @param bytesPerRecord the table with its indexes on disk, per record
   * @param countMillis {@code SELECT COUNT(*) FROM qos_record}
   * @param hourMillis Tables 2 and 3 of a one-hour window
   * @param allMillis Tables 2 and 3 of every record
   * @param allCpuMillis the analysing thread's CPU time for {@code allMillis}'s query (on H2, in
   *     process, the database's work included)
   * @param allServerCpuMillis PostgreSQL's server processes' CPU time for that query (0 on H2)
   * @param edgesMillis {@link QosAnalysis#everything}: the first and last record's time
   * @param perOperationMillis the p95 of each operation in the hour: breakdown and one analysis per
   *     row
   * @param rows the rows of that breakdown
   */
  record RunResult(
      String database,
      int records,
      int batch,
      double ingestPerSecond,
      double bytesPerRecord,
      double countMillis,
      double hourMillis,
      double allMillis,
      double allCpuMillis,
      double allServerCpuMillis,
      double edgesMillis,
      double perOperationMillis,
      int rows) {}
}

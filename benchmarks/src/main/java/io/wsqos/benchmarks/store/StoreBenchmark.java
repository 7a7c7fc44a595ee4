package io.wsqos.benchmarks.store;

import io.wsqos.benchmarks.experiment.Experiment;
import io.wsqos.benchmarks.experiment.OptionValues;
import io.wsqos.benchmarks.experiment.Run;
import io.wsqos.benchmarks.report.Report;
import io.wsqos.benchmarks.report.Summary;
import io.wsqos.benchmarks.report.Table;
import io.wsqos.benchmarks.report.Template;
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
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.ToDoubleFunction;
import java.util.stream.Stream;

/**
 * The experiment {@code monitor-store}: writes synthetic records through the monitor's JDBC store
 * into a fresh PostgreSQL schema and a fresh H2 file per run, then times what users ask of them,
 * each query several times with its median kept, and reports the median of the runs per database.
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
  static final Option<Path> H2_DIR =
      Option.of(
          "h2-dir", "DIR", Path.of("target/store-benchmark"), "Where the H2 files go", Path::of);

  /** The local PostgreSQL the tests use too, reached without a password. */
  static final String POSTGRES_URL = "jdbc:postgresql://127.0.0.1:5432/test";

  static final String POSTGRES_USER = "postgres";

  /** A measured quantity: its heading in the report and its column in {@code results.csv}. */
  private record Quantity(String heading, String column, int decimals) {}

  /** In the order {@link #measure} measures them. */
  private static final List<Quantity> QUANTITIES =
      List.of(
          new Quantity("ingest (records/s)", "ingest_per_s", 0),
          new Quantity("bytes per record", "bytes_per_record", 1),
          new Quantity("count(*) (ms)", "count_ms", 1),
          new Quantity("Tables 2-3, one hour (ms)", "tables_hour_ms", 1),
          new Quantity("Tables 2-3, every record (ms)", "tables_all_ms", 1),
          new Quantity(
              "Tables 2-3, every record: analysing thread's CPU (ms)", "tables_all_cpu_ms", 1),
          new Quantity(
              "Tables 2-3, every record: database server's CPU (ms)",
              "tables_all_server_cpu_ms",
              1),
          new Quantity("first and last record (ms)", "edges_ms", 1),
          new Quantity("p95 per operation, one hour (ms)", "p95_per_operation_ms", 1));

  /** One run on one database: the {@link #QUANTITIES} in order, and the hour's operations. */
  record RunResult(String database, int records, int batch, List<Double> values, int operations) {}

  @Override
  public String name() {
    return "monitor-store";
  }

  @Override
  public List<Option<?>> options() {
    return List.of(RECORDS, SPAN, BATCH, RUNS, QUERY_REPS, H2_DIR);
  }

  /**
   * Records a database takes per second through the store, for the estimate only: the slower of the
   * two, H2 in a file, with the log's batch.
   */
  private static final long ESTIMATED_RECORDS_PER_SECOND = 20_000;

  @Override
  public Duration estimatedDuration(OptionValues options) {
    long records = (long) options.get(RECORDS) * options.get(RUNS) * 2; // PostgreSQL, then H2
    return Duration.ofSeconds(records / ESTIMATED_RECORDS_PER_SECOND);
  }

  @Override
  public void run(Run run) throws SQLException {
    Duration span = run.get(SPAN);
    run.progress().printf("Generating %d records over %s%n", run.get(RECORDS), span);
    List<QosRecord> records = SyntheticRecords.generate(run.get(RECORDS), span);
    List<RunResult> results = new ArrayList<>();
    for (int rep = 1; rep <= run.get(RUNS); rep++) {
      for (boolean postgres : List.of(true, false)) {
        try (BenchDatabase database =
            postgres
                ? BenchDatabase.postgres(POSTGRES_URL, POSTGRES_USER, rep)
                : BenchDatabase.h2(run.get(H2_DIR), rep)) {
          RunResult result = measure(database, records, span, run.get(BATCH), run.get(QUERY_REPS));
          run.progress().println("run " + rep + ": " + result);
          results.add(result);
        }
      }
    }
    write(run, results);
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
    Instant middle = SyntheticRecords.START.plus(span.dividedBy(2));
    QosQuery hour = QosQuery.window(middle, middle.plus(Duration.ofHours(1)));
    Timed count =
        time(
            reps,
            database,
            () -> BenchDatabase.single(database.dataSource(), "SELECT COUNT(*) FROM qos_record"));
    Timed inHour = time(reps, database, () -> analysis.analyze(hour));
    Timed everyRecord = time(reps, database, () -> analysis.analyze(all));
    Timed edges = time(reps, database, () -> analysis.everything(Side.REQUESTER, Optional.empty()));
    Timed perOperation =
        time(
            reps,
            database,
            () -> {
              List<QosQuery> rows = analysis.breakdown(hour);
              for (QosQuery row : rows) {
                analysis.analyze(row).response().p95Micros();
              }
              return rows.size();
            });
    QosStatistics whole = (QosStatistics) everyRecord.result();
    long analysed =
        whole.requests()
            + whole.invalidByReason().values().stream().mapToLong(Long::longValue).sum();
    if ((long) count.result() != records.size() || analysed != records.size()) {
      throw new IllegalStateException(
          "wrote "
              + records.size()
              + " records, counted "
              + count.result()
              + ", analysed "
              + analysed);
    }
    return new RunResult(
        database.name(),
        records.size(),
        batch,
        List.of(
            records.size() / ingestSeconds,
            (double) bytes / records.size(),
            count.millis(),
            inHour.millis(),
            everyRecord.millis(),
            everyRecord.cpuMillis(),
            everyRecord.serverCpuMillis(),
            edges.millis(),
            perOperation.millis()),
        (int) perOperation.result());
  }

  /** A query whose time is measured; its result is kept for checks. */
  @FunctionalInterface
  interface Query {
    Object run() throws SQLException;
  }

  /**
   * Medians over a query's runs, in milliseconds: its duration, this thread's CPU time and the
   * database's server processes' (on a shared machine the CPU a query takes moves less than its
   * duration); and the last run's result.
   */
  private record Timed(double millis, double cpuMillis, double serverCpuMillis, Object result) {}

  private static Timed time(int reps, BenchDatabase database, Query query) throws SQLException {
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    double[][] millis = new double[3][reps];
    Object result = null;
    for (int i = 0; i < reps; i++) {
      long serverStart = database.serverCpuNanos();
      long clientStart = threads.getCurrentThreadCpuTime();
      long start = System.nanoTime();
      result = query.run();
      millis[0][i] = (System.nanoTime() - start) / 1e6;
      millis[1][i] = (threads.getCurrentThreadCpuTime() - clientStart) / 1e6;
      millis[2][i] = (database.serverCpuNanos() - serverStart) / 1e6;
    }
    return new Timed(
        Summary.of(millis[0]).median(),
        Summary.of(millis[1]).median(),
        Summary.of(millis[2]).median(),
        result);
  }

  /** Writes {@code results.csv} and {@code report.md}, both with every run. */
  private static void write(Run run, List<RunResult> runs) {
    Map<String, List<RunResult>> byDatabase = new LinkedHashMap<>();
    runs.forEach(r -> byDatabase.computeIfAbsent(r.database(), k -> new ArrayList<>()).add(r));
    Table summary =
        Table.of(Stream.concat(Stream.of("quantity"), byDatabase.keySet().stream()).toList());
    List<Table.Column<RunResult>> columns = new ArrayList<>();
    columns.add(Table.column("database", RunResult::database));
    columns.add(Table.column("records", RunResult::records));
    columns.add(Table.column("batch", RunResult::batch));
    for (int i = 0; i < QUANTITIES.size(); i++) {
      Quantity quantity = QUANTITIES.get(i);
      ToDoubleFunction<RunResult> value = values(i);
      columns.add(
          Table.column(
              quantity.column(), r -> Table.fixed(value.applyAsDouble(r), quantity.decimals())));
      List<Object> row = new ArrayList<>(List.of(quantity.heading()));
      byDatabase
          .values()
          .forEach(d -> row.add(Summary.of(d, value).medianRange(quantity.decimals())));
      summary.row(row);
    }
    columns.add(Table.column("operations", RunResult::operations));
    Table.of(runs, columns).writeCsv(run.out().resolve("results.csv"));
    run.report(
            "The monitor's store: ingest, size and queries",
            Template.render(
                "reports/monitor-store/summary.md",
                Map.of(
                    "runs", run.get(RUNS),
                    "records", run.get(RECORDS),
                    "span", run.get(SPAN),
                    "batch", run.get(BATCH),
                    "reps", run.get(QUERY_REPS),
                    "summary", summary.markdown())),
            List.of())
        .add(Report.section("Every run", "", Table.of(runs, columns)))
        .write(run.out().resolve("report.md"));
    run.progress().println("wrote " + run.out().toAbsolutePath());
  }

  private static ToDoubleFunction<RunResult> values(int index) {
    return r -> r.values().get(index);
  }
}

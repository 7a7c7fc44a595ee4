package io.wsqos.benchmarks.store;

import io.wsqos.benchmarks.experiment.Run;
import io.wsqos.benchmarks.report.Report;
import io.wsqos.benchmarks.report.Summary;
import io.wsqos.benchmarks.report.Table;
import io.wsqos.benchmarks.report.Template;
import io.wsqos.benchmarks.store.StoreBenchmark.RunResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import java.util.stream.Stream;

/**
 * {@link StoreBenchmark}'s report: {@code results.csv} with every run, {@code report.md} with the
 * median of the runs per database and their range, the goals, every run, the settings and the
 * command.
 */
final class StoreReport {

  /** A measured quantity: its heading and how it is read from a run. */
  private record Quantity(String heading, ToDoubleFunction<RunResult> value, int decimals) {}

  private static final List<Quantity> QUANTITIES =
      List.of(
          new Quantity("ingest (records/s)", RunResult::ingestPerSecond, 0),
          new Quantity("bytes per record", RunResult::bytesPerRecord, 1),
          new Quantity("count(*) (ms)", RunResult::countMillis, 1),
          new Quantity("Tables 2-3, one hour (ms)", RunResult::hourMillis, 1),
          new Quantity("Tables 2-3, every record (ms)", RunResult::allMillis, 1),
          new Quantity(
              "Tables 2-3, every record: analysing thread's CPU (ms)", RunResult::allCpuMillis, 1),
          new Quantity(
              "Tables 2-3, every record: database server's CPU (ms)",
              RunResult::allServerCpuMillis,
              1),
          new Quantity("first and last record (ms)", RunResult::edgesMillis, 1),
          new Quantity("p95 per operation, one hour (ms)", RunResult::perOperationMillis, 1));

  /** One row per run, in the CSV file and the report alike. */
  private static final List<Table.Column<RunResult>> COLUMNS =
      List.of(
          Table.column("database", RunResult::database),
          Table.column("records", RunResult::records),
          Table.column("batch", RunResult::batch),
          Table.column("ingest_per_s", r -> Table.fixed(r.ingestPerSecond(), 0)),
          Table.column("bytes_per_record", r -> Table.fixed(r.bytesPerRecord(), 1)),
          Table.column("count_ms", r -> Table.fixed(r.countMillis(), 1)),
          Table.column("tables_hour_ms", r -> Table.fixed(r.hourMillis(), 1)),
          Table.column("tables_all_ms", r -> Table.fixed(r.allMillis(), 1)),
          Table.column("tables_all_cpu_ms", r -> Table.fixed(r.allCpuMillis(), 1)),
          Table.column("tables_all_server_cpu_ms", r -> Table.fixed(r.allServerCpuMillis(), 1)),
          Table.column("edges_ms", r -> Table.fixed(r.edgesMillis(), 1)),
          Table.column("p95_per_operation_ms", r -> Table.fixed(r.perOperationMillis(), 1)),
          Table.column("operations", RunResult::rows));

  private StoreReport() {}

  /** Writes {@code results.csv} (every run) and {@code report.md} into {@code run}'s output. */
  static void write(Run run, List<RunResult> runs) {
    Table.of(runs, COLUMNS).writeCsv(run.out().resolve("results.csv"));
    Map<String, List<RunResult>> byDatabase = new LinkedHashMap<>();
    runs.forEach(r -> byDatabase.computeIfAbsent(r.database(), k -> new ArrayList<>()).add(r));
    Table summary =
        Table.of(Stream.concat(Stream.of("quantity"), byDatabase.keySet().stream()).toList());
    for (Quantity quantity : QUANTITIES) {
      List<Object> row = new ArrayList<>();
      row.add(quantity.heading());
      for (List<RunResult> database : byDatabase.values()) {
        row.add(medianAndRange(database, quantity));
      }
      summary.row(row);
    }
    run.report(
            "The monitor's store: ingest, size and queries",
            Template.render(
                "reports/monitor-store/summary.md",
                Map.of(
                    "runs", run.get(StoreBenchmark.RUNS),
                    "records", run.get(StoreBenchmark.RECORDS),
                    "span", run.get(StoreBenchmark.SPAN),
                    "batch", run.get(StoreBenchmark.BATCH),
                    "reps", run.get(StoreBenchmark.QUERY_REPS),
                    "summary", summary.markdown())),
            List.of())
        .add(Report.section("Every run", "", Table.of(runs, COLUMNS)))
        .write(run.out().resolve("report.md"));
    run.progress().println("wrote " + run.out().toAbsolutePath());
  }

  private static String medianAndRange(List<RunResult> runs, Quantity quantity) {
    return Summary.of(runs, quantity.value()).medianRange(quantity.decimals());
  }
}

package io.wsqos.benchmarks.store;

import io.wsqos.benchmarks.report.MachineInfo;
import io.wsqos.benchmarks.report.Table;
import io.wsqos.benchmarks.store.StoreBenchmark.RunResult;
import io.wsqos.cli.Arguments;
import io.wsqos.cli.Options;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import java.util.stream.Stream;

/**
 * {@link StoreBenchmark}'s report: {@code results.csv} with every run, {@code report.md} with the
 * median of the runs per database and their range, the goals, the settings and the command.
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

  static void write(
      Path out,
      MachineInfo machine,
      Options options,
      String[] args,
      Arguments arguments,
      List<RunResult> runs) {
    Table csv = Table.of(runs, COLUMNS);
    csv.writeCsv(out.resolve("results.csv"));
    Table.write(out.resolve("report.md"), markdown(machine, options, args, arguments, runs));
  }

  static String markdown(
      MachineInfo machine,
      Options options,
      String[] args,
      Arguments arguments,
      List<RunResult> runs) {
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
    StringBuilder md = new StringBuilder();
    md.append("# The monitor's store: ingest, size and queries\n\n")
        .append("Median of ")
        .append(arguments.get(StoreBenchmark.RUNS))
        .append(" runs per database (range in brackets); each run writes ")
        .append(arguments.get(StoreBenchmark.RECORDS))
        .append(" records over ")
        .append(arguments.get(StoreBenchmark.SPAN))
        .append(" into a fresh database through the JDBC store, ")
        .append(arguments.get(StoreBenchmark.BATCH))
        .append(" records per write, and times each query ")
        .append(arguments.get(StoreBenchmark.QUERY_REPS))
        .append(" times (median kept).\n\n")
        .append(summary.markdown())
        .append(
            "\nGoals: ingest >= 100,000 records/s into PostgreSQL; count(*) and Tables 2-3 over"
                + " 1,000,000 records under 1 s on PostgreSQL and under 2 s on H2.\n\n")
        .append("## Every run\n\n")
        .append(Table.of(runs, COLUMNS).markdown())
        .append("\n## Settings\n\n")
        .append("- machine: ")
        .append(machine.cores())
        .append(" cores, ")
        .append(machine.jvm())
        .append(", ")
        .append(machine.os())
        .append(", ")
        .append(machine.date())
        .append("\n- command: `java -cp benchmarks/target/benchmarks.jar ")
        .append(StoreBenchmark.class.getName())
        .append(args.length == 0 ? "" : " " + String.join(" ", args))
        .append("`\n\n")
        .append(options.markdownTable());
    return md.toString();
  }

  private static String medianAndRange(List<RunResult> runs, Quantity quantity) {
    double[] values = runs.stream().mapToDouble(quantity.value()).sorted().toArray();
    String median = Table.fixed(StoreBenchmark.median(values), quantity.decimals());
    if (values.length == 1) {
      return median;
    }
    return String.format(
        Locale.ROOT,
        "%s (%s-%s)",
        median,
        Table.fixed(values[0], quantity.decimals()),
        Table.fixed(values[values.length - 1], quantity.decimals()));
  }
}

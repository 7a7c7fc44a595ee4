package io.wsqos.benchmarks.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.wsqos.benchmarks.experiment.Run;
import io.wsqos.benchmarks.report.Table;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The store benchmark run tiny on both databases: it writes, checks its counts and reports. */
class StoreBenchmarkTest {

  @Test
  void aTinyRunWritesEveryRecordToBothDatabasesAndReportsEachQuantity(@TempDir Path dir)
      throws Exception {
    List<String> args =
        List.of(
            "--records=2000",
            "--span=7200",
            "--batch=300",
            "--runs=1",
            "--query-reps=1",
            "--h2-dir=" + dir.resolve("h2"),
            "--out=" + dir.resolve("out"));

    Run.execute(new StoreBenchmark(), args, new PrintStream(OutputStream.nullOutputStream()));

    // One row per run: database, records, ..., bytes_per_record (5th), ..., operations (last).
    List<List<String>> runs =
        Table.fromCsv(Files.readString(dir.resolve("out/results.csv"), StandardCharsets.UTF_8))
            .rows();
    assertThat(runs).extracting(run -> run.get(0)).containsExactly("PostgreSQL", "H2 (file)");
    assertThat(runs).allSatisfy(run -> assertThat(run.get(1)).isEqualTo("2000"));
    // Eight operations on two endpoints, all in the hour of 2,000 records over two hours.
    assertThat(runs).allSatisfy(run -> assertThat(run.get(run.size() - 1)).isEqualTo("16"));
    assertThat(runs).allSatisfy(run -> assertThat(Double.parseDouble(run.get(4))).isPositive());
    String report = Files.readString(dir.resolve("out/report.md"), StandardCharsets.UTF_8);
    assertThat(report)
        .contains("| quantity | PostgreSQL | H2 (file) |")
        .contains("| ingest (records/s) |")
        .contains("| p95 per operation, one hour (ms) |")
        .contains("--records=2000");
    assertThat(Files.readAllLines(dir.resolve("out/results.csv"))).hasSize(3);
    assertThat(dir.resolve("h2")).isEmptyDirectory();
  }
}

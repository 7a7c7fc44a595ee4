package io.wsqos.benchmarks.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariDataSource;
import io.wsqos.examples.bookstore.BookstoreServer;
import io.wsqos.monitor.jdbc.report.QosReport;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The connections the experiment's analysis opens on the log's database. */
class MonitoringExperimentTest {

  @Test
  void theAnalysisNamesItsPostgresqlConnectionsApartFromTheLogs() throws Exception {
    String log = "jdbc:postgresql://127.0.0.1:5432/test?ApplicationName=wsqos-monlog";

    try (HikariDataSource source = MonitoringExperiment.analysisSource(log, "postgres");
        Connection connection = source.getConnection();
        Statement statement = connection.createStatement();
        ResultSet name = statement.executeQuery("SELECT current_setting('application_name')")) {
      assertThat(name.next()).isTrue();
      assertThat(name.getString(1)).isEqualTo(MonitoringExperiment.ANALYSIS_APPLICATION_NAME);
    }
  }

  @Test
  void onH2TheAnalysisConnectsWithTheReportsStatementTimeoutAndNoName(@TempDir Path dir)
      throws Exception {
    try (HikariDataSource source = MonitoringExperiment.analysisSource(MonitorLogs.h2Url(dir), "");
        Connection connection = source.getConnection();
        Statement statement = connection.createStatement();
        ResultSet timeout =
            statement.executeQuery(
                "SELECT SETTING_VALUE FROM INFORMATION_SCHEMA.SETTINGS"
                    + " WHERE SETTING_NAME = 'QUERY_TIMEOUT'")) {
      assertThat(source.getConnectionInitSql()).doesNotContain("application_name");
      assertThat(timeout.next()).isTrue();
      assertThat(timeout.getLong(1)).isEqualTo(QosReport.STATEMENT_TIMEOUT.toMillis());
    }
  }

  @Test
  void aMonitoredJvmsLogWritesAnH2FileWithTheRecommendedSettings() {
    assertThat(MonitorLogs.h2Url(Path.of("/tmp/x")))
        .isEqualTo(
            "jdbc:h2:file:/tmp/x/"
                + BookstoreServer.DATABASE_NAME
                + ";CACHE_SIZE=1024;WRITE_DELAY=0");
  }
}

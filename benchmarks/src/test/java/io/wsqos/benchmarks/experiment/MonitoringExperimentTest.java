package io.wsqos.benchmarks.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariDataSource;
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
    LogDatabase log =
        new LogDatabase(
            "jdbc:postgresql://127.0.0.1:5432/test?ApplicationName=wsqos-monlog", "postgres");

    try (HikariDataSource source = MonitoringExperiment.analysisSource(log);
        Connection connection = source.getConnection();
        Statement statement = connection.createStatement();
        ResultSet name = statement.executeQuery("SELECT current_setting('application_name')")) {
      assertThat(name.next()).isTrue();
      assertThat(name.getString(1)).isEqualTo(MonitoringExperiment.ANALYSIS_APPLICATION_NAME);
    }
  }

  @Test
  void onH2TheAnalysisConnectsWithoutAnInitStatement(@TempDir Path dir) throws Exception {
    try (HikariDataSource source = MonitoringExperiment.analysisSource(LogDatabase.h2(dir));
        Connection connection = source.getConnection()) {
      assertThat(source.getConnectionInitSql()).isNull();
      assertThat(connection.isValid(1)).isTrue();
    }
  }
}

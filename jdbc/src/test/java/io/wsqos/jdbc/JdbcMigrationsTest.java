package io.wsqos.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import io.wsqos.testing.db.TestDatabase;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.RepeatedTest;

class JdbcMigrationsTest {

  private static final int PROCESSES = 4;

  /**
   * As two brokers starting on one fresh PostgreSQL: each finds a schema holding other tables and
   * no history table of its own, and each would create and baseline it.
   */
  @RepeatedTest(5)
  void migrationsStartedTogetherOnOneFreshPostgresSchemaAllSucceedAndApplyOnce() throws Exception {
    try (TestDatabase database = TestDatabase.postgres()) {
      try (Connection connection = database.connect();
          Statement statement = connection.createStatement()) {
        statement.execute("CREATE TABLE application_table (id INT)");
      }
      ExecutorService processes = Executors.newFixedThreadPool(PROCESSES);
      CyclicBarrier start = new CyclicBarrier(PROCESSES);
      try {
        List<Future<?>> runs = new ArrayList<>();
        for (int i = 0; i < PROCESSES; i++) {
          runs.add(
              processes.submit(
                  () -> {
                    start.await();
                    JdbcMigrations.migrate(
                        database.dataSource(),
                        "classpath:db/migration/jdbc-test",
                        "jdbc_test_history");
                    return null;
                  }));
        }
        for (Future<?> run : runs) {
          run.get(60, TimeUnit.SECONDS);
        }
      } finally {
        processes.shutdownNow();
      }

      try (Connection connection = database.connect();
          Statement statement = connection.createStatement();
          ResultSet applied =
              statement.executeQuery(
                  "SELECT version, success FROM jdbc_test_history ORDER BY installed_rank")) {
        List<String> rows = new ArrayList<>();
        while (applied.next()) {
          rows.add(applied.getString(1) + ":" + applied.getBoolean(2));
        }
        assertThat(rows).containsExactly("0:true", "1:true");
      }
    }
  }
}

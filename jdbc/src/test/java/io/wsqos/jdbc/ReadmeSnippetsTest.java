package io.wsqos.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The README's Java snippet, a region ({@code snippet-start} .. {@code snippet-end}) run here
 * against an in-memory H2 database; the architecture module's {@code SnippetRegionsTest} keeps the
 * README's copy equal to it.
 */
class ReadmeSnippetsTest {

  @Test
  void theSnippetBuildsAPoolMigratesInsertsAndCounts() throws Exception {
    String url = "jdbc:h2:mem:jdbc-readme;DB_CLOSE_DELAY=-1";
    String password = "secret";
    String name = "first";

    // snippet-start jdbc-readme
    HikariDataSource pool =
        JdbcPool.builder(url) // e.g. jdbc:postgresql://db:5432/app
            .credentials("app", password)
            .poolName("app-pool") // its threads are named after it
            .maxPoolSize(4)
            .lockTimeout(Duration.ofSeconds(2)) // a statement waiting on a lock fails after 2 s
            .statementTimeout(Duration.ofSeconds(10)) // a statement running 10 s is cancelled
            .build(); // connects; the caller closes it
    JdbcMigrations.migrate(pool, "classpath:db/migration/app", "app_schema_history");
    try (Connection c = pool.getConnection()) {
      long id = Jdbc.insert(c, "INSERT INTO item (name) VALUES (?)", name); // the generated id
      long n = Jdbc.queryLong(c, "SELECT COUNT(*) FROM item WHERE name = ?", name);
    }
    // snippet-end jdbc-readme

    try (pool) {
      assertThat(pool.getPoolName()).isEqualTo("app-pool");
      assertThat(pool.getMaximumPoolSize()).isEqualTo(4);
      assertThat(Jdbc.queryLong(pool, "SELECT COUNT(*) FROM item WHERE name = ?", name))
          .isEqualTo(1);
      assertThat(Jdbc.queryLong(pool, "SELECT MAX(id) FROM item")).isPositive();
    }
  }
}

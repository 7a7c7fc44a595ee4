package io.wsqos.broker.registry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.zaxxer.hikari.HikariDataSource;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.wsqos.broker.api.RegistryUnavailableException;
import io.wsqos.jdbc.JdbcPool;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A value the database refuses is the broker's failure, answered 500, and the database stays
 * counted as up; any other database failure makes the registry unavailable (503 with Retry-After).
 */
class TransactionsTest {

  private HikariDataSource pool;
  private SimpleMeterRegistry meters;
  private Transactions transactions;

  @BeforeEach
  void start() {
    pool = JdbcPool.builder("jdbc:h2:mem:transactions-" + UUID.randomUUID()).build();
    meters = new SimpleMeterRegistry();
    transactions = new Transactions(pool, meters, false, 1, Duration.ofSeconds(1));
  }

  @AfterEach
  void stop() {
    pool.close();
  }

  @Test
  void aValueTheDatabaseRefusesIsTheBrokersFailureNotAnOutage() {
    assertThatThrownBy(
            () ->
                transactions.read(
                    "cast",
                    c -> {
                      try (Statement s = c.createStatement()) {
                        return s.executeQuery("SELECT CAST('x' AS INT)").next();
                      }
                    }))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageStartingWith(
            "cast: the database refused a value the broker accepted (SQLSTATE 22")
        .hasCauseInstanceOf(SQLException.class);
    assertThat(errors()).isZero();
  }

  @Test
  void aConnectionFailureMakesTheRegistryUnavailable() {
    assertThatThrownBy(
            () ->
                transactions.read(
                    "read",
                    c -> {
                      throw new SQLException("connection lost", "08006");
                    }))
        .isInstanceOf(RegistryUnavailableException.class);
    assertThat(errors()).isEqualTo(1);
  }

  private double errors() {
    return meters.get(Transactions.DATABASE_ERRORS).counter().count();
  }
}

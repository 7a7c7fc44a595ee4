package io.wsqos.monitor.jdbc.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.wsqos.testing.db.TestDatabase;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Rows are read one at a time, all of them in order, and the connection is left as found. */
class RowStreamTest {

  private static final int ROWS = 2 * RowStream.FETCH_SIZE + 17;

  static Stream<Named<Callable<TestDatabase>>> databases() {
    return Stream.of(
        Named.of("H2", TestDatabase::h2), Named.of("PostgreSQL", TestDatabase::postgres));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("databases")
  void everyRowArrivesInOrderAndTheConnectionKeepsItsMode(Callable<TestDatabase> factory)
      throws Exception {
    try (TestDatabase database = factory.call();
        Connection connection = database.dataSource().getConnection()) {
      fill(connection);
      for (boolean autoCommit : new boolean[] {true, false}) {
        connection.setAutoCommit(autoCommit);
        long[] seen = {0, 0};

        RowStream.forEach(
            connection,
            "SELECT v FROM numbers WHERE v >= ? ORDER BY v",
            List.of(1L),
            row -> {
              assertThat(row.getLong(1)).isEqualTo(seen[0] + 1);
              seen[0]++;
              seen[1] += row.getLong(1);
            });

        assertThat(seen[0]).isEqualTo(ROWS);
        assertThat(seen[1]).isEqualTo((long) ROWS * (ROWS + 1) / 2);
        assertThat(connection.getAutoCommit()).isEqualTo(autoCommit);
      }
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("databases")
  void aFailingHandlerStopsTheReadAndLeavesTheConnectionUsable(Callable<TestDatabase> factory)
      throws Exception {
    try (TestDatabase database = factory.call();
        Connection connection = database.dataSource().getConnection()) {
      fill(connection);
      connection.setAutoCommit(true);
      int[] seen = {0};

      assertThatThrownBy(
              () ->
                  RowStream.forEach(
                      connection,
                      "SELECT v FROM numbers",
                      List.of(),
                      row -> {
                        if (++seen[0] == 3) {
                          throw new SQLException("the handler refuses row 3");
                        }
                      }))
          .hasMessage("the handler refuses row 3");

      assertThat(seen[0]).isEqualTo(3);
      assertThat(connection.getAutoCommit()).isTrue();
      try (Statement count = connection.createStatement();
          var rows = count.executeQuery("SELECT COUNT(*) FROM numbers")) {
        rows.next();
        assertThat(rows.getLong(1)).isEqualTo(ROWS);
      }
    }
  }

  private static void fill(Connection connection) throws SQLException {
    try (Statement create = connection.createStatement()) {
      create.execute("CREATE TABLE numbers (v BIGINT NOT NULL)");
    }
    connection.setAutoCommit(false);
    try (PreparedStatement insert = connection.prepareStatement("INSERT INTO numbers VALUES (?)")) {
      // Out of order, so that the ORDER BY is what puts them in order.
      for (int i = 0; i < ROWS; i++) {
        insert.setLong(1, (i * 7L) % ROWS + 1);
        insert.addBatch();
      }
      insert.executeBatch();
    }
    connection.commit();
    connection.setAutoCommit(true);
  }
}

package io.wsqos.testing.db;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class TestDatabaseExtensionTest {

  private static String previousUrl;

  @RegisterExtension
  final TestDatabaseExtension extension =
      TestDatabaseExtension.of(TestDatabase.Kind.H2)
          .migratedBy(TestDatabaseExtensionTest::createItems);

  @Test
  void eachTestGetsAFreshMigratedDatabase() throws SQLException {
    assertFreshAndMigrated();
  }

  @Test
  void anotherTestGetsAnotherOne() throws SQLException {
    assertFreshAndMigrated();
  }

  private void assertFreshAndMigrated() throws SQLException {
    TestDatabase database = extension.database();

    try (Connection c = database.connect();
        Statement s = c.createStatement()) {
      s.execute("INSERT INTO item VALUES (1)");
      try (ResultSet rs = s.executeQuery("SELECT count(*) FROM item")) {
        rs.next();
        assertThat(rs.getLong(1)).isEqualTo(1);
      }
    }
    assertThat(database.url()).isNotEqualTo(previousUrl);
    previousUrl = database.url();
  }

  private static void createItems(DataSource dataSource) {
    try (Connection c = dataSource.getConnection();
        Statement s = c.createStatement()) {
      s.execute("CREATE TABLE item (id INT PRIMARY KEY)");
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }
}

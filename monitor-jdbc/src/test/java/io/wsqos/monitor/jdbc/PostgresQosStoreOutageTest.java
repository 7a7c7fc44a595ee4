package io.wsqos.monitor.jdbc;

import io.wsqos.testing.db.TestDatabase;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** The outage kit on PostgreSQL. */
class PostgresQosStoreOutageTest extends QosStoreOutageKit {

  private static TestDatabase database;

  @BeforeAll
  static void createSchema() {
    database = TestDatabase.postgres().migrated(MonitorSchema::migrate);
  }

  @AfterAll
  static void dropSchema() throws Exception {
    database.close();
  }

  @Override
  TestDatabase database() {
    return database;
  }

  @Override
  InetSocketAddress databaseAddress() {
    return new InetSocketAddress(InetAddress.getLoopbackAddress(), direct().getPort());
  }

  @Override
  String url(int port) {
    URI direct = direct();
    return "jdbc:postgresql://127.0.0.1:" + port + direct.getRawPath() + "?" + direct.getRawQuery();
  }

  /** The schema's own URL, {@code jdbc:postgresql://127.0.0.1:5432/test?currentSchema=...}. */
  private static URI direct() {
    return URI.create(database.url().substring("jdbc:".length()));
  }
}

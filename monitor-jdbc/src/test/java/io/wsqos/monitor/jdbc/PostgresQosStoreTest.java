package io.wsqos.monitor.jdbc;

import io.wsqos.testing.db.TestDatabase;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

class PostgresQosStoreTest extends QosStoreCompatibilityKit {

  private static TestDatabase database;

  @BeforeAll
  static void createSchema() throws Exception {
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
}

package io.wsqos.monitor.jdbc;

import io.wsqos.testing.db.TestDatabase;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

class H2QosStoreTest extends QosStoreCompatibilityKit {

  private static TestDatabase database;

  @BeforeAll
  static void createDatabase() {
    database = TestDatabase.h2().migrated(MonitorSchema::migrate);
  }

  @AfterAll
  static void dropDatabase() throws Exception {
    database.close();
  }

  @Override
  TestDatabase database() {
    return database;
  }
}

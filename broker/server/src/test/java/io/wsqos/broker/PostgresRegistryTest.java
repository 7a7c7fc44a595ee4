package io.wsqos.broker;

import io.wsqos.testing.db.TestDatabase;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

class PostgresRegistryTest extends RegistryCompatibilityKit {

  private static TestDatabase database;

  @BeforeAll
  static void createSchema() {
    database = migrated(TestDatabase.postgres());
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

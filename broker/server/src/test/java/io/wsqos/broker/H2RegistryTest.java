package io.wsqos.broker;

import io.wsqos.testing.db.TestDatabase;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

class H2RegistryTest extends RegistryCompatibilityKit {

  private static TestDatabase database;

  @BeforeAll
  static void createDatabase() {
    database = migrated(TestDatabase.h2());
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

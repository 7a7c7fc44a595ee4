package io.wsqos.broker;

import io.wsqos.testing.db.TestDatabase;

class PostgresRegistryTest extends RegistryCompatibilityKit {

  PostgresRegistryTest() {
    super(TestDatabase.Kind.POSTGRES);
  }
}

package io.wsqos.broker;

import io.wsqos.testing.db.TestDatabase;

class H2RegistryTest extends RegistryCompatibilityKit {

  H2RegistryTest() {
    super(TestDatabase.Kind.H2);
  }
}

package io.wsqos.broker.service;

import io.wsqos.testing.db.TestDatabase;

class H2BrokerServiceTest extends BrokerServiceKit {

  H2BrokerServiceTest() {
    super(TestDatabase.Kind.H2);
  }
}

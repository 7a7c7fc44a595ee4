package io.wsqos.broker.service;

import io.wsqos.testing.db.TestDatabase;

class PostgresBrokerServiceTest extends BrokerServiceKit {

  PostgresBrokerServiceTest() {
    super(TestDatabase.Kind.POSTGRES);
  }
}

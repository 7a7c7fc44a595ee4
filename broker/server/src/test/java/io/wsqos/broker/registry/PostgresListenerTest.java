package io.wsqos.broker.registry;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PostgresListenerTest {

  @Test
  void aNotificationCountsOnlyForTheSchemaItNames() {
    assertThat(PostgresListener.version("test_a 42", "test_a")).isEqualTo(42);
    assertThat(PostgresListener.version("my schema 7", "my schema")).isEqualTo(7);

    assertThat(PostgresListener.version("test_b 42", "test_a")).isEqualTo(-1);
    assertThat(PostgresListener.version("test_ab 42", "test_a")).isEqualTo(-1);
    assertThat(PostgresListener.version("xtest_a 42", "test_a")).isEqualTo(-1);
    assertThat(PostgresListener.version("test_a", "test_a")).isEqualTo(-1);
    assertThat(PostgresListener.version("test_a x", "test_a")).isEqualTo(-1);
    assertThat(PostgresListener.version(null, "test_a")).isEqualTo(-1);
  }
}

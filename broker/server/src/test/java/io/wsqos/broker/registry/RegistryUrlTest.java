package io.wsqos.broker.registry;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RegistryUrlTest {

  @Test
  void anH2FileGetsCommitsWrittenAtOnceUnlessItsUrlSaysOtherwise() {
    assertThat(Registry.commitsReachTheFile("jdbc:h2:file:./data/broker"))
        .isEqualTo("jdbc:h2:file:./data/broker;WRITE_DELAY=0");
    assertThat(Registry.commitsReachTheFile("JDBC:H2:./broker;MODE=PostgreSQL"))
        .isEqualTo("JDBC:H2:./broker;MODE=PostgreSQL;WRITE_DELAY=0");
    assertThat(Registry.commitsReachTheFile("jdbc:h2:file:/b;write_delay=100"))
        .isEqualTo("jdbc:h2:file:/b;write_delay=100");
    for (String unchanged :
        new String[] {
          "jdbc:h2:mem:test",
          "jdbc:h2:tcp://127.0.0.1:9092/broker",
          "jdbc:h2:ssl://db/broker",
          "jdbc:h2:zip:/b.zip!/broker",
          "jdbc:postgresql://127.0.0.1:5432/test"
        }) {
      assertThat(Registry.commitsReachTheFile(unchanged)).isEqualTo(unchanged);
    }
  }
}

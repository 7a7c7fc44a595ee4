package io.wsqos.monitor.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.wsqos.monitor.QosLog;
import io.wsqos.monitor.cxf.MonitoringFeature;
import io.wsqos.testing.TestServer;
import io.wsqos.testing.db.TestDatabase;
import io.wsqos.testing.service.EchoService;
import io.wsqos.testing.service.EchoServiceImpl;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Both sides of real CXF exchanges, monitored, logged and stored in a database. */
class MonitoredExchangesPersistTest {

  @Test
  void recordsOfBothSidesPersistThroughTheLoggingManager() throws Exception {
    try (TestDatabase database = TestDatabase.h2()) {
      QosLog log =
          QosLog.builder(new SimpleMeterRegistry())
              .store(JdbcRecordStore.builder().url(database.url(), "", "").build())
              .flushInterval(Duration.ofMillis(10))
              .storeInterval(Duration.ofMillis(50))
              .build();
      MonitoringFeature logged = MonitoringFeature.builder().log(log).build();
      try (var loggedServer =
          TestServer.builder(EchoService.class, new EchoServiceImpl()).feature(logged).start()) {
        EchoService client = loggedServer.client(EchoService.class, logged);

        for (int i = 0; i < 5; i++) {
          client.echo("Ada");
        }
        await().atMost(Duration.ofSeconds(5)).until(() -> count(database, null) == 10);
      } finally {
        log.close();
      }

      assertThat(count(database, "REQUESTER")).isEqualTo(5);
      assertThat(count(database, "PROVIDER")).isEqualTo(5);
    }
  }

  static long count(TestDatabase database, String side) throws Exception {
    try (Connection c = database.connect();
        Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(
                "SELECT COUNT(*) FROM qos_record_named"
                    + (side == null ? "" : " WHERE side = '" + side + "'"))) {
      rs.next();
      return rs.getLong(1);
    }
  }
}

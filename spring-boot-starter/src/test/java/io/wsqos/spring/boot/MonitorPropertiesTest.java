package io.wsqos.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.wsqos.monitor.QosLog;
import io.wsqos.monitor.cxf.MonitoringFeature;
import io.wsqos.testing.service.EchoService;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import javax.sql.DataSource;
import org.apache.cxf.Bus;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * {@code wsqos.monitor.*} alone records every exchange of the application's endpoints and clients,
 * in the database a JDBC URL names or in the application's own DataSource.
 */
class MonitorPropertiesTest {

  private static final Duration WRITTEN = Duration.ofSeconds(20);

  @Nested
  @SpringBootTest(
      classes = EchoApplication.class,
      webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
      properties = {
        "server.address=127.0.0.1",
        "wsqos.monitor.enabled=true",
        "wsqos.monitor.jdbc-url=jdbc:h2:mem:wsqos-monitor-url;DB_CLOSE_DELAY=-1",
        "wsqos.monitor.flush-interval=20ms"
      })
  class ToAJdbcUrl {

    @LocalServerPort int port;
    @Autowired Bus bus;

    @Test
    void aCallIsRecordedOnTheProviderAndTheRequesterSide() {
      callOnce(bus, port);

      await()
          .atMost(WRITTEN)
          .untilAsserted(
              () ->
                  assertThat(
                          count(
                              DriverManager.getConnection(
                                  "jdbc:h2:mem:wsqos-monitor-url;DB_CLOSE_DELAY=-1")))
                      .isEqualTo(2));
      assertThat(bus.getFeatures()).hasAtLeastOneElementOfType(MonitoringFeature.class);
    }
  }

  @Nested
  @SpringBootTest(
      classes = EchoApplication.class,
      webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
      properties = {
        "server.address=127.0.0.1",
        "spring.datasource.url=jdbc:h2:mem:wsqos-monitor-app;DB_CLOSE_DELAY=-1",
        "wsqos.monitor.enabled=true",
        "wsqos.monitor.flush-interval=20ms"
      })
  class ToTheApplicationsDataSource {

    @LocalServerPort int port;
    @Autowired Bus bus;
    @Autowired DataSource dataSource;

    @Test
    void aCallIsRecordedInTheApplicationsDatabase() {
      callOnce(bus, port);

      await()
          .atMost(WRITTEN)
          .untilAsserted(() -> assertThat(count(dataSource.getConnection())).isEqualTo(2));
    }
  }

  @Nested
  @SpringBootTest(
      classes = EchoApplication.class,
      webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
      properties = {
        "server.address=127.0.0.1",
        "wsqos.monitor.enabled=true",
        "wsqos.monitor.jdbc-url=jdbc:h2:mem:wsqos-monitor-store;DB_CLOSE_DELAY=-1",
        "wsqos.monitor.flush-interval=20ms",
        "wsqos.monitor.store-interval=0ms"
      })
  class StoredAtOnce {

    @LocalServerPort int port;
    @Autowired Bus bus;

    @Test
    void aStoreIntervalOfZeroStoresTheRecordsBeforeTheDefaultIntervalHasPassed() {
      callOnce(bus, port);

      // With the default store interval (5 s) the first records are stored 5 s after they reached
      // the meters, never sooner.
      await()
          .atMost(Duration.ofMillis(QosLog.DEFAULT_STORE_INTERVAL_MILLIS).minusSeconds(1))
          .untilAsserted(
              () ->
                  assertThat(
                          count(
                              DriverManager.getConnection(
                                  "jdbc:h2:mem:wsqos-monitor-store;DB_CLOSE_DELAY=-1")))
                      .isEqualTo(2));
    }
  }

  static void callOnce(Bus bus, int port) {
    EchoService client = EchoApplication.client(bus, port);
    try {
      assertThat(client.echo("hi")).isEqualTo("echo: hi");
    } finally {
      EchoApplication.destroy(client);
    }
  }

  static long count(Connection connection) throws SQLException {
    try (connection;
        ResultSet rows =
            connection.createStatement().executeQuery("SELECT COUNT(*) FROM qos_record")) {
      rows.next();
      return rows.getLong(1);
    }
  }
}

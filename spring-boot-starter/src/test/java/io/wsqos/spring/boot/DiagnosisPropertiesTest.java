package io.wsqos.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.MeterRegistry;
import io.wsqos.monitor.cxf.MonitoringFeature;
import io.wsqos.monitor.diagnosis.Diagnosis;
import io.wsqos.monitor.reconfiguration.ReroutingFeature;
import io.wsqos.testing.TestServer;
import io.wsqos.testing.service.EchoService;
import io.wsqos.testing.service.EchoServiceImpl;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.time.Duration;
import org.apache.cxf.Bus;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * {@code wsqos.monitor.diagnosis.*} alone diagnoses the records of the application's clients (the
 * monitor's H2 log keeps them) and its alarm moves the clients of {@code wsqos.monitor.rerouting.*}
 * from the provider it names to the next candidate. The p95 threshold is one microsecond, so that
 * every window of a real call is bad and raises at once.
 */
@SpringBootTest(
    classes = EchoApplication.class,
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = {
      "server.address=127.0.0.1",
      "wsqos.monitor.enabled=true",
      "wsqos.monitor.jdbc-url=" + DiagnosisPropertiesTest.JDBC_URL,
      "wsqos.monitor.flush-interval=20ms",
      "wsqos.monitor.diagnosis.enabled=true",
      "wsqos.monitor.diagnosis.window=100ms",
      "wsqos.monitor.diagnosis.p95-response-time.threshold=1us",
      "wsqos.monitor.diagnosis.p95-response-time.consecutive-windows=1",
      "wsqos.monitor.rerouting.enabled=true",
      "wsqos.monitor.rerouting.cooldown=1h"
    })
@DirtiesContext
class DiagnosisPropertiesTest {

  static final String JDBC_URL = "jdbc:h2:mem:wsqos-diagnosis;DB_CLOSE_DELAY=-1";

  private static final Duration ALARMED = Duration.ofSeconds(20);

  private static final EchoServiceImpl serviceA = new EchoServiceImpl();
  private static final EchoServiceImpl serviceB = new EchoServiceImpl();
  private static TestServer a;
  private static TestServer b;

  @LocalServerPort int port;
  @Autowired Bus bus;
  @Autowired MeterRegistry registry;
  @Autowired Diagnosis diagnosis;
  @Autowired ReroutingFeatures rerouting;

  @BeforeAll
  static void startProviders() {
    a = monitoredProvider(serviceA);
    b = monitoredProvider(serviceB);
  }

  /**
   * A provider that returns its t2 and t3: without them the client's records of its calls are
   * invalid, and the diagnosis judges valid records only.
   */
  private static TestServer monitoredProvider(EchoServiceImpl service) {
    return TestServer.builder(EchoService.class, service)
        .feature(MonitoringFeature.builder().listener(records -> {}).build())
        .start();
  }

  @AfterAll
  static void stopProviders() {
    a.close();
    b.close();
  }

  @DynamicPropertySource
  static void candidates(DynamicPropertyRegistry properties) {
    properties.add(
        "wsqos.monitor.rerouting.candidates.EchoService", () -> a.address() + "," + b.address());
  }

  @Test
  void anAlarmOnTheClientsProviderMovesItsCallsToTheNextCandidate() throws Exception {
    ReroutingFeature echo = rerouting.forService("EchoService").orElseThrow();
    EchoService client = EchoApplication.client(bus, port);
    try {
      String first = client.echo("Ada");
      await().atMost(ALARMED).until(() -> echo.currentEndpoint().orElse("").equals(b.address()));
      String second = client.echo("Grace");

      assertThat(first).isEqualTo("echo: Ada");
      assertThat(second).isEqualTo("echo: Grace");
    } finally {
      EchoApplication.destroy(client);
    }

    assertThat(serviceA.invocations()).isEqualTo(1);
    assertThat(serviceB.invocations()).isEqualTo(1);
    assertThat(
            registry
                .get("wsqos.monitor.alarms")
                .tags("endpoint", a.address(), "rule", "p95-response-time")
                .counter()
                .count())
        .isGreaterThanOrEqualTo(1);
    assertThat(
            registry
                .get("wsqos.monitor.reroutes")
                .tags("from", a.address(), "to", b.address(), "reason", "alarm")
                .counter()
                .count())
        .isEqualTo(1);
    await()
        .atMost(ALARMED)
        .untilAsserted(() -> assertThat(requesterRecords(a.address())).isEqualTo(1));
  }

  private static long requesterRecords(String endpoint) throws Exception {
    try (Connection connection = DriverManager.getConnection(JDBC_URL);
        ResultSet rows =
            connection
                .createStatement()
                .executeQuery(
                    "SELECT COUNT(*) FROM qos_record_named WHERE side = 'REQUESTER' AND endpoint = '"
                        + endpoint
                        + "'")) {
      rows.next();
      return rows.getLong(1);
    }
  }
}

package io.wsqos.monitor.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.wsqos.core.routing.EndpointCandidates;
import io.wsqos.monitor.QosLog;
import io.wsqos.monitor.QosRecord;
import io.wsqos.monitor.Side;
import io.wsqos.monitor.cxf.MonitoringFeature;
import io.wsqos.monitor.diagnosis.Diagnosis;
import io.wsqos.monitor.diagnosis.DiagnosisRule;
import io.wsqos.monitor.reconfiguration.EndpointProbe;
import io.wsqos.monitor.reconfiguration.ReroutingFeature;
import io.wsqos.monitor.remote.QosLogEndpoint;
import io.wsqos.monitor.remote.QosLogService;
import io.wsqos.monitor.remote.RemoteRecordStore;
import io.wsqos.server.EmbeddedServer;
import io.wsqos.testing.db.TestDatabase;
import io.wsqos.testing.net.ClosedPort;
import io.wsqos.testing.service.EchoService;
import io.wsqos.testing.service.EchoServiceImpl;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.cxf.feature.Feature;
import org.apache.cxf.frontend.ClientProxy;
import org.apache.cxf.jaxws.JaxWsProxyFactoryBean;
import org.apache.cxf.jaxws.JaxWsServerFactoryBean;
import org.junit.jupiter.api.Test;

/**
 * The monitor README's Java snippets, each a region ({@code snippet-start} .. {@code snippet-end})
 * run here against real servers and H2 databases; the architecture module's {@code
 * SnippetRegionsTest} keeps the README's copy of each region equal to it.
 */
class ReadmeSnippetsTest {

  private static final String ECHO_REQUEST =
      "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Body>"
          + "<e:echo xmlns:e=\"http://wsqos.io/ns/test/echo\"><arg0>probe</arg0></e:echo>"
          + "</soap:Body></soap:Envelope>";

  private final List<String> reroutedAway = new CopyOnWriteArrayList<>();

  @Test
  void theOverviewSnippetMonitorsBothSidesAndLogsCentrally() throws Exception {
    try (TestDatabase providerDatabase = TestDatabase.h2();
        TestDatabase centralDatabase = TestDatabase.h2();
        ClosedPort closed = ClosedPort.open()) {
      MeterRegistry registry = new SimpleMeterRegistry();
      MeterRegistry providerRegistry = new SimpleMeterRegistry();
      QosLog central =
          QosLog.builder(registry)
              .store(JdbcRecordStore.builder().url(centralDatabase.url(), "", "").build())
              .build();
      EmbeddedServer logServer =
          EmbeddedServer.builder()
              .endpoint("/qos-log", QosLogService.class, new QosLogEndpoint(central))
              .start();
      String providerJdbcUrl = providerDatabase.url();
      String logAddress = logServer.address("/qos-log");
      JaxWsServerFactoryBean serverFactory = new JaxWsServerFactoryBean();
      JaxWsProxyFactoryBean clientFactory = new JaxWsProxyFactoryBean();
      String cheapRequestEnvelope = ECHO_REQUEST;
      String backupAddress = "http://127.0.0.1:" + closed.port() + "/echo";

      // snippet-start monitor-readme-provider
      // Provider (its own process): one line on the server factory; it stamps t2/t3 and returns
      // them. JdbcRecordStore is in wsqos-monitor-jdbc; with no url, an H2 file ./wsqos-monitor.
      QosLog providerLog =
          QosLog.builder(providerRegistry)
              .store(JdbcRecordStore.builder().url(providerJdbcUrl, "", "").build())
              .build();
      serverFactory.getFeatures().add(MonitoringFeature.builder().log(providerLog).build());
      // snippet-end monitor-readme-provider

      EmbeddedServer provider =
          EmbeddedServer.builder()
              .endpoint(
                  "/echo",
                  EchoService.class,
                  new EchoServiceImpl(),
                  serverFactory.getFeatures().toArray(Feature[]::new))
              .start();
      String primaryAddress = provider.address("/echo");
      clientFactory.setServiceClass(EchoService.class);
      clientFactory.setAddress(primaryAddress);

      // snippet-start monitor-readme-client
      // Client: rerouting among the providers of "Echo", best first (or the broker's candidates:
      // BrokerEndpointCandidates, wired in examples/broker-demo/README.md).
      EndpointCandidates candidates =
          EndpointCandidates.of(Map.of("Echo", List.of(primaryAddress, backupAddress)));
      ReroutingFeature rerouting =
          ReroutingFeature.builder(candidates, "Echo", registry)
              .probe(EndpointProbe.soapRequest(cheapRequestEnvelope, Duration.ofMillis(500)))
              .idempotent("echo") // resent once to the next endpoint on failure
              .build();
      Diagnosis diagnosis =
          Diagnosis.builder(registry)
              .window(Duration.ofSeconds(5))
              .rule(DiagnosisRule.p95ResponseTimeAbove(Duration.ofMillis(500), 3))
              .listener(rerouting) // alarms reach the rerouting
              .build();
      QosLog clientLog =
          QosLog.builder(registry)
              .store(new RemoteRecordStore(logAddress)) // http://HOST:8081/qos-log, see below
              .listener(diagnosis)
              .build();
      clientFactory
          .getFeatures()
          .add(
              MonitoringFeature.builder()
                  .log(clientLog) // the feature owns the log...
                  .closing(rerouting, diagnosis) // ...and closes these first, in this order
                  .build());
      clientFactory.getFeatures().add(rerouting);
      EchoService echo = clientFactory.create(EchoService.class);
      // Nothing to close by hand: see "Where the features go and what closes when" below.
      // snippet-end monitor-readme-client

      for (int i = 0; i < 3; i++) {
        assertThat(echo.echo("Ada")).isEqualTo("echo: Ada");
      }
      assertThat(rerouting.currentEndpoint()).contains(primaryAddress);
      ClientProxy.getClient(echo).destroy();
      provider.close();
      logServer.close();
      central.close();
      assertThat(MonitorSchema.records(providerDatabase)).isEqualTo(3);
      assertThat(MonitorSchema.records(centralDatabase)).isEqualTo(3);
    }
  }

  @Test
  void theLoggingManagerSnippetStoresARecordAndClosesInOrder() throws Exception {
    try (TestDatabase database = TestDatabase.h2()) {
      MeterRegistry registry = new SimpleMeterRegistry();
      String jdbcUrl = database.url();
      String user = database.user();
      String password = "";
      Instant now = Instant.now();
      long t1 = now.toEpochMilli() * 1_000;
      QosRecord record =
          QosRecord.builder("Echo", "echo", "http://127.0.0.1:1/echo", Side.REQUESTER)
              .recordedAt(now)
              .t1(t1)
              .t4(t1 + 2_000)
              .build();

      // snippet-start monitor-readme-logging-manager
      Diagnosis diagnosis =
          Diagnosis.builder(registry) // optional
              .rule(DiagnosisRule.p95ResponseTimeAbove(Duration.ofMillis(500), 3))
              .listener(alarm -> reroute(alarm.endpoint()))
              .build(); // a window every 10 s, from the first record
      JdbcRecordStore store =
          JdbcRecordStore.builder() // wsqos-monitor-jdbc
              .url(jdbcUrl, user, password) // e.g. jdbc:postgresql://db:5432/qos
              .build(); // default H2 file ./wsqos-monitor; its own small pool; migrates (Flyway)
      QosLog log =
          QosLog.builder(registry)
              .store(store) // required; the log closes it
              .listener(diagnosis)
              .build(); // the writer starts with the first record
      log.record(record); // never blocks; false = dropped and counted
      log.close(); // or a MonitoringFeature closes them
      diagnosis.close();
      // snippet-end monitor-readme-logging-manager

      assertThat(MonitorSchema.records(database)).isEqualTo(1);
      assertThat(reroutedAway).isEmpty();
    }
  }

  @Test
  void theCentralLogSnippetServesTheLogToRemoteStores() throws Exception {
    try (TestDatabase database = TestDatabase.h2()) {
      MeterRegistry registry = new SimpleMeterRegistry();
      String jdbcUrl = database.url();
      String user = database.user();
      String password = "";
      int port = 0;

      // snippet-start monitor-readme-central-log
      // On the provider (or a host of its own): the log behind a SOAP endpoint, here on the
      // project's embedded server (wsqos-server); any JAX-WS publication works.
      QosLog central =
          QosLog.builder(registry)
              .store(JdbcRecordStore.builder().url(jdbcUrl, user, password).build())
              .build();
      EmbeddedServer server =
          EmbeddedServer.builder()
              .port(port) // e.g. 8081
              .endpoint("/qos-log", QosLogService.class, new QosLogEndpoint(central))
              .start();

      // snippet-end monitor-readme-central-log
      String logAddress = server.address("/qos-log");
      Instant now = Instant.now();
      long t1 = now.toEpochMilli() * 1_000;
      QosRecord record =
          QosRecord.builder("Echo", "echo", "http://127.0.0.1:1/echo", Side.REQUESTER)
              .recordedAt(now)
              .t1(t1)
              .t4(t1 + 2_000)
              .build();

      // snippet-start monitor-readme-remote-log
      // On each requester: same queue, batching, retries, timers and listeners; batches go over
      // SOAP to the address above, e.g. http://monitor.example:8081/qos-log.
      QosLog log = QosLog.builder(registry).store(new RemoteRecordStore(logAddress)).build();
      MonitoringFeature monitoring = MonitoringFeature.builder().log(log).build();
      // snippet-end monitor-readme-remote-log

      try (server;
          central) {
        assertThat(log.record(record)).isTrue();
        log.close();
        await().atMost(Duration.ofSeconds(30)).until(() -> MonitorSchema.records(database) == 1);
        assertThat(monitoring).isNotNull();
      }
    }
  }

  private void reroute(String endpoint) {
    reroutedAway.add(endpoint);
  }
}

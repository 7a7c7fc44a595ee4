package io.wsqos.examples.springboot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.wsqos.testing.RawHttp;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.autoconfigure.actuate.observability.AutoConfigureObservability;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * The example as it ships: its {@code application.properties}, and no wsqos Java configuration,
 * compress a large response for a client that asks for gzip, record the exchange, and show both in
 * {@code /actuator/prometheus}. Only the port and the monitor's database differ, for the test.
 */
@SpringBootTest(
    classes = GreeterApplication.class,
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = "wsqos.monitor.jdbc-url=jdbc:h2:mem:greeter-example;DB_CLOSE_DELAY=-1")
@AutoConfigureObservability(tracing = false)
class GreeterApplicationTest {

  @LocalServerPort int port;

  @Test
  void propertiesAloneCompressAndMonitorAndPrometheusShowsBoth() {
    String request =
        "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Body>"
            + "<g:greet xmlns:g=\""
            + Greeter.NAMESPACE
            + "\"><name>world</name><times>200</times></g:greet></soap:Body></soap:Envelope>";

    RawHttp.Response response =
        RawHttp.postXml(
            "http://127.0.0.1:" + port + "/services" + GreeterApplication.PATH,
            request.getBytes(StandardCharsets.UTF_8),
            // Asks for compression whatever the load (a "compress" client): the shipped policy is
            // load-aware, and a test machine's CPU may well be over its threshold.
            "Accept-Encoding",
            "gzip, identity;q=0");

    assertThat(response.status()).isEqualTo(200);
    assertThat(response.header("Content-Encoding")).contains("gzip");
    await()
        .atMost(Duration.ofSeconds(20))
        .untilAsserted(
            () -> {
              assertThat(records()).isEqualTo(1);
              assertThat(RawHttp.get("http://127.0.0.1:" + port + "/actuator/prometheus").body())
                  .containsPattern(
                      "wsqos_compression_responses_total\\{[^}]*action=\"compressed\""
                          + "[^}]*codec=\"gzip\"[^}]*} 1\\.0")
                  .containsPattern("wsqos_monitor_records_written_total\\{[^}]*} 1\\.0");
            });
  }

  private static long records() throws Exception {
    try (Connection connection =
            DriverManager.getConnection("jdbc:h2:mem:greeter-example;DB_CLOSE_DELAY=-1");
        ResultSet rows =
            connection.createStatement().executeQuery("SELECT COUNT(*) FROM qos_record")) {
      rows.next();
      return rows.getLong(1);
    }
  }
}

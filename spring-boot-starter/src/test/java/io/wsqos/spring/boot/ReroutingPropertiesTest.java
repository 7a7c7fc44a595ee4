package io.wsqos.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.MeterRegistry;
import io.wsqos.monitor.reconfiguration.EndpointHealth;
import io.wsqos.monitor.reconfiguration.ReroutingFeature;
import io.wsqos.testing.TestServer;
import io.wsqos.testing.net.ClosedPort;
import io.wsqos.testing.service.EchoService;
import io.wsqos.testing.service.EchoServiceImpl;
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
 * {@code wsqos.monitor.rerouting.*} alone, with a static list of candidates, sends the calls of the
 * application's clients of a service to its best candidate and, when that one refuses, to the next;
 * a call of an operation declared idempotent is resent there.
 */
@SpringBootTest(
    classes = EchoApplication.class,
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = {
      "server.address=127.0.0.1",
      "wsqos.monitor.rerouting.enabled=true",
      "wsqos.monitor.rerouting.idempotent=echo"
    })
@DirtiesContext
class ReroutingPropertiesTest {

  private static final EchoServiceImpl serviceB = new EchoServiceImpl();
  private static ClosedPort refusing;
  private static TestServer b;

  @LocalServerPort int port;
  @Autowired Bus bus;
  @Autowired MeterRegistry registry;
  @Autowired ReroutingFeatures rerouting;

  @BeforeAll
  static void startProviders() {
    refusing = ClosedPort.open();
    b = TestServer.start(EchoService.class, serviceB);
  }

  @AfterAll
  static void stopProviders() throws Exception {
    b.close();
    refusing.close();
  }

  @DynamicPropertySource
  static void candidates(DynamicPropertyRegistry properties) {
    properties.add(
        "wsqos.monitor.rerouting.candidates.EchoService",
        () -> refusing.url("/echo") + "," + b.address());
  }

  @Test
  void anIdempotentCallRefusedByTheFirstCandidateIsServedByTheNext() {
    ReroutingFeature echo = rerouting.forService("EchoService").orElseThrow();
    // The client's own address is the application's endpoint: the rerouting decides instead.
    EchoService client = EchoApplication.client(bus, port);
    String answer;
    try {
      answer = client.echo("Ada");
    } finally {
      EchoApplication.destroy(client);
    }

    assertThat(answer).isEqualTo("echo: Ada");
    assertThat(serviceB.invocations()).isEqualTo(1);
    assertThat(echo.currentEndpoint()).contains(b.address());
    assertThat(echo.health()).containsEntry(refusing.url("/echo"), EndpointHealth.DOWN);
    assertThat(
            registry
                .get("wsqos.monitor.reroutes")
                .tags("service", "EchoService", "reason", "transport-failure")
                .counter()
                .count())
        .isEqualTo(1);
    assertThat(bus.getFeatures()).contains(echo);
  }
}

package io.wsqos.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.wsqos.testing.FeatureKit;
import io.wsqos.testing.TestServer;
import io.wsqos.testing.service.EchoService;
import io.wsqos.testing.service.EchoServiceImpl;
import java.time.Duration;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import org.apache.cxf.Bus;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Every thread the starter's parts start (the log's writer, the diagnosis's windows, the
 * rerouting's probes, the compression's load probe) ends when the application context closes.
 */
class ContextCloseTest {

  /** The test's own provider ({@link TestServer}) names its threads so; it outlives the context. */
  private static final String TEST_PROVIDER_THREADS = "wsqos-fixture-";

  @Test
  void noWsqosThreadSurvivesTheContext() {
    Set<Thread> before = Collections.newSetFromMap(new IdentityHashMap<>());
    before.addAll(Thread.getAllStackTraces().keySet());
    try (TestServer provider = TestServer.start(EchoService.class, new EchoServiceImpl())) {
      ConfigurableApplicationContext app =
          new SpringApplicationBuilder(EchoApplication.class)
              .properties(
                  "server.port=0",
                  "server.address=127.0.0.1",
                  "wsqos.compression.enabled=true",
                  "wsqos.monitor.enabled=true",
                  "wsqos.monitor.jdbc-url=jdbc:h2:mem:wsqos-close;DB_CLOSE_DELAY=-1",
                  "wsqos.monitor.flush-interval=20ms",
                  "wsqos.monitor.diagnosis.enabled=true",
                  "wsqos.monitor.diagnosis.window=50ms",
                  "wsqos.monitor.rerouting.enabled=true",
                  "wsqos.monitor.rerouting.candidates.EchoService=" + provider.address())
              .run();
      List<String> started;
      try {
        int port = ((WebServerApplicationContext) app).getWebServer().getPort();
        EchoService client = EchoApplication.client(app.getBean(Bus.class), port);
        try {
          assertThat(client.echo("Ada")).isEqualTo("echo: Ada");
        } finally {
          EchoApplication.destroy(client);
        }
        await()
            .atMost(Duration.ofSeconds(20))
            .until(() -> wsqosThreadsBornAfter(before).size() >= 3);
        started = wsqosThreadsBornAfter(before);
      } finally {
        app.close();
      }

      assertThat(started).contains("wsqos-monitor-writer", "wsqos-diagnosis", "wsqos-rerouting");
      await()
          .atMost(FeatureKit.WIND_DOWN)
          .untilAsserted(() -> assertThat(wsqosThreadsBornAfter(before)).isEmpty());
    }
  }

  private static List<String> wsqosThreadsBornAfter(Set<Thread> before) {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(t -> t.isAlive() && !before.contains(t))
        .map(Thread::getName)
        .filter(name -> name.startsWith(FeatureKit.WSQOS_THREAD_PREFIX))
        .filter(name -> !name.startsWith(TEST_PROVIDER_THREADS))
        .toList();
  }
}

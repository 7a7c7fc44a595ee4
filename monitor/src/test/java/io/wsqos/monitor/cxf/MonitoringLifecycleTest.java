package io.wsqos.monitor.cxf;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.wsqos.monitor.QosLog;
import io.wsqos.monitor.QosRecordStore;
import io.wsqos.testing.TestServer;
import io.wsqos.testing.service.EchoService;
import io.wsqos.testing.service.EchoServiceImpl;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.cxf.endpoint.Client;
import org.apache.cxf.frontend.ClientProxy;
import org.junit.jupiter.api.Test;

/** What a {@link MonitoringFeature} owns closes, in order, when its servers and clients go. */
class MonitoringLifecycleTest {

  private final List<String> closed = new CopyOnWriteArrayList<>();
  private final QosLog log =
      QosLog.builder(new SimpleMeterRegistry())
          .threadName("wsqos-monitor-lifecycle")
          .store(
              new QosRecordStore() {
                @Override
                public void write(List<io.wsqos.monitor.QosRecord> batch) {}

                @Override
                public void close() {
                  closed.add("log");
                }
              })
          .build();
  private final MonitoringFeature monitoring =
      MonitoringFeature.builder()
          .log(log)
          .closing(() -> closed.add("rerouting"), () -> closed.add("diagnosis"))
          .build();

  @Test
  void theLastOfItsServerAndClientToGoClosesTheReroutingThenTheDiagnosisThenTheLog() {
    try (TestServer server =
        TestServer.builder(EchoService.class, new EchoServiceImpl()).feature(monitoring).start()) {
      EchoService echo = server.client(EchoService.class, monitoring);
      assertThat(echo.echo("Ada")).isEqualTo("echo: Ada");

      ClientProxy.getClient(echo).destroy();
      assertThat(closed).isEmpty();
    }

    assertThat(closed).containsExactly("rerouting", "diagnosis", "log");
  }

  @Test
  void onABusItClosesWhenTheBusShutsDown() {
    TestServer server =
        TestServer.builder(EchoService.class, new EchoServiceImpl())
            .bus(bus -> bus.setFeatures(List.of(monitoring)))
            .start();
    EchoService echo = server.client(EchoService.class);
    Client client = ClientProxy.getClient(echo);
    assertThat(echo.echo("Ada")).isEqualTo("echo: Ada");
    client.destroy();
    assertThat(closed).isEmpty();

    server.close();

    assertThat(closed).containsExactly("rerouting", "diagnosis", "log");
  }

  @Test
  void closingByHandClosesEverythingOnceInOrder() {
    monitoring.close();
    monitoring.close();

    assertThat(closed).containsExactly("rerouting", "diagnosis", "log");
  }
}

package io.wsqos.server;

import static io.wsqos.server.EmbeddedServerTest.ECHO_REQUEST;
import static io.wsqos.server.EmbeddedServerTest.post;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.apache.cxf.Bus;
import org.apache.cxf.bus.extension.ExtensionManagerBus;
import org.apache.cxf.endpoint.Server;
import org.apache.cxf.endpoint.ServerRegistry;
import org.junit.jupiter.api.Test;

/** The mounts an application describes once, served by the embedded server or by a WAR. */
class CxfMountsTest {

  private static CxfMounts echoAt(String... paths) {
    CxfMounts.Builder builder = CxfMounts.builder();
    for (String path : paths) {
      builder.endpoint(path, Echo.class, new Echo.Impl());
    }
    return builder.build();
  }

  @Test
  void theEmbeddedServerServesMountsBuiltElsewhereBesideItsOwnEndpoints() throws Exception {
    CxfMounts mounts = echoAt("/b", "/a");
    assertThat(mounts.paths()).containsExactly("/b", "/a");

    try (EmbeddedServer server =
        EmbeddedServer.builder()
            .mounts(mounts)
            .endpoint("/c", Echo.class, new Echo.Impl())
            .start()) {
      for (String path : List.of("/a", "/b", "/c")) {
        assertThat(post(server.address(path), ECHO_REQUEST).body()).contains("echo: hi");
      }
    }
  }

  @Test
  void aPathIsMountedOnceWhereverItComesFrom() {
    assertThatThrownBy(() -> echoAt("/echo", "/echo"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("path: /echo (expected: not already served)");
    assertThatThrownBy(() -> CxfMounts.builder().add(echoAt("/a")).add(echoAt("/b", "/a")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("path: /a (expected: not already served)");
    assertThatThrownBy(
            () ->
                EmbeddedServer.builder()
                    .servlet("/echo", new MetricsServlet(() -> ""))
                    .mounts(echoAt("/echo")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("path: /echo (expected: not already served)");
    assertThatThrownBy(() -> CxfMounts.builder().endpoint("/x", Echo.class, (Echo) null))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("implementor");
  }

  @Test
  void closingTheApplicationDestroysItsEndpointsThenShutsItsBusDown() {
    CxfApplication application = CxfApplication.publish(echoAt("/echo"));
    Server echo = application.endpoint("/echo").orElseThrow();
    assertThat(echo.isStarted()).isTrue();
    assertThat(application.bus().getState()).isEqualTo(Bus.BusState.RUNNING);
    assertThat(application.servlet()).isNotNull();

    application.close();
    application.close();

    assertThat(echo.isStarted()).isFalse();
    assertThat(application.bus().getState()).isEqualTo(Bus.BusState.SHUTDOWN);
  }

  @Test
  void whenOneMountCannotBeCreatedThoseBeforeItAreDestroyed() {
    CxfMounts mounts =
        CxfMounts.builder()
            .endpoint("/first", Echo.class, new Echo.Impl())
            .endpoint(
                "/second",
                Echo.class,
                new Echo.Impl(),
                List.of(),
                factory -> {
                  throw new IllegalStateException("refused");
                })
            .build();
    Bus bus = new ExtensionManagerBus();
    try {
      ServerRegistry servers = bus.getExtension(ServerRegistry.class);
      echoAt("/kept").publish(bus);
      assertThat(servers.getServers()).hasSize(1);

      assertThatThrownBy(() -> mounts.publish(bus)).hasMessage("refused");

      assertThat(servers.getServers()).as("/first was destroyed, /kept was not").hasSize(1);
    } finally {
      bus.shutdown(true);
    }
  }
}

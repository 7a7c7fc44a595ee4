package io.wsqos.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.wsqos.testing.TestServer;
import io.wsqos.testing.service.EchoService;
import io.wsqos.testing.service.EchoServiceImpl;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.cxf.endpoint.Client;
import org.apache.cxf.endpoint.Server;
import org.apache.cxf.frontend.ClientProxy;
import org.junit.jupiter.api.Test;

class FeatureLifecycleTest {

  private final AtomicInteger starts = new AtomicInteger();
  private final AtomicInteger stops = new AtomicInteger();
  private final FeatureLifecycle lifecycle =
      new FeatureLifecycle("test feature", starts::incrementAndGet, stops::incrementAndGet);

  @Test
  void nothingStartsBeforeTheFirstAttach() {
    assertThat(starts).hasValue(0);
    assertThat(lifecycle.isOpen()).isFalse();
  }

  @Test
  void closesWhenTheLastOfItsServerAndClientHasGone() {
    try (TestServer server = TestServer.start(EchoService.class, new EchoServiceImpl())) {
      Server endpoint =
          server
              .bus()
              .getExtension(org.apache.cxf.endpoint.ServerRegistry.class)
              .getServers()
              .get(0);
      Client client = ClientProxy.getClient(server.client(EchoService.class));
      lifecycle.attach(endpoint, server.bus());
      lifecycle.attach(client, server.bus());

      client.destroy();
      assertThat(stops).hasValue(0);
      endpoint.destroy();

      assertThat(starts).hasValue(1);
      assertThat(stops).hasValue(1);
      assertThat(lifecycle.isOpen()).isFalse();
    }
  }

  @Test
  void closesWhenItsBusShutsDownWithItsClientsNeverDestroyed() {
    TestServer server = TestServer.start(EchoService.class, new EchoServiceImpl());
    Client client = ClientProxy.getClient(server.client(EchoService.class));
    lifecycle.attach(client, server.bus());
    lifecycle.attach(server.bus());

    server.bus().shutdown(true);

    assertThat(stops).hasValue(1);
    server.close();
  }

  @Test
  void closingByHandIsIdempotentAndAnAttachAfterwardsStartsAgain() {
    try (TestServer server = TestServer.start(EchoService.class, new EchoServiceImpl())) {
      lifecycle.attach(server.bus());

      lifecycle.close();
      lifecycle.close();
      assertThat(stops).hasValue(1);
      lifecycle.attach(server.bus());

      assertThat(starts).hasValue(2);
      assertThat(lifecycle.isOpen()).isTrue();
    }
    assertThat(stops).hasValue(2);
  }

  @Test
  void aBusAttachHandsOverEachClientMadeOnTheBusUntilTheFeatureCloses() {
    java.util.List<Client> seen = new java.util.concurrent.CopyOnWriteArrayList<>();
    try (TestServer server = TestServer.start(EchoService.class, new EchoServiceImpl())) {
      lifecycle.attach(server.bus(), seen::add);

      Client first = ClientProxy.getClient(server.client(EchoService.class));
      lifecycle.close();
      server.client(EchoService.class);

      assertThat(seen).containsExactly(first);
    }
  }

  @Test
  void aCloseBeforeAnyAttachStillReleasesWhatTheFeatureWasGiven() {
    lifecycle.close();

    assertThat(starts).hasValue(0);
    assertThat(stops).hasValue(1);
  }

  @Test
  void aStartThatFailsLeavesTheLifecycleClosed() {
    FeatureLifecycle failing =
        new FeatureLifecycle(
            "failing",
            () -> {
              throw new IllegalStateException("no");
            },
            () -> {});
    try (TestServer server = TestServer.start(EchoService.class, new EchoServiceImpl())) {
      assertThatThrownBy(() -> failing.attach(server.bus())).hasMessage("no");

      assertThat(failing.isOpen()).isFalse();
    }
  }
}

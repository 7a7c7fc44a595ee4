package io.wsqos.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import org.apache.cxf.Bus;
import org.junit.jupiter.api.Test;

class TestServerTest {

  @Test
  void closeStopsJettyShutsTheBusDownAndEndsTheFixtureThreads() {
    TestServer server = TestServer.start(EchoService.class, new EchoServiceImpl());
    assertThat(server.client(EchoService.class).echo("x")).isEqualTo("echo: x");

    server.close();

    assertThatThrownBy(() -> new Socket(TestServer.HOST, server.port()).close())
        .isInstanceOf(ConnectException.class);
    assertThat(server.bus().getState()).isEqualTo(Bus.BusState.SHUTDOWN);
    LeakCheck.verifyNothingLeaked(server, LeakCheck.DEFAULT_WIND_DOWN);
  }

  @Test
  void closeIsIdempotent() {
    TestServer server = TestServer.start(EchoService.class, new EchoServiceImpl());

    server.close();
    server.close();

    assertThat(server.isClosed()).isTrue();
  }

  @Test
  void pathFromTheBuilderIsPartOfTheAddress() {
    try (TestServer server =
        TestServer.builder(EchoService.class, new EchoServiceImpl()).path("/echo").start()) {

      String answer = server.client(EchoService.class).echo("p");

      assertThat(server.address()).endsWith(":" + server.port() + "/echo");
      assertThat(answer).isEqualTo("echo: p");
    }
  }

  @Test
  void leakCheckNamesAThreadTheFixtureLeftRunning() throws InterruptedException {
    TestServer server = TestServer.start(EchoService.class, new EchoServiceImpl());
    CountDownLatch release = new CountDownLatch(1);
    Thread leaked = new Thread(() -> awaitQuietly(release), server.threadNamePrefix() + "-leaky");
    leaked.start();
    server.close();

    try {
      assertThatThrownBy(() -> LeakCheck.verifyNothingLeaked(server, Duration.ofMillis(200)))
          .isInstanceOf(AssertionError.class)
          .hasMessageContaining("leaked after stop")
          .hasMessageContaining("thread '" + server.threadNamePrefix() + "-leaky'");
    } finally {
      release.countDown();
      leaked.join();
    }
  }

  @Test
  void leakCheckDoesNotCountAnotherLiveFixturesThreads() {
    TestServer server = TestServer.start(EchoService.class, new EchoServiceImpl());
    // Started after the first, so its Jetty and scheduler threads were born after it too.
    TestServer other = TestServer.start(EchoService.class, new EchoServiceImpl());
    try {
      server.close();

      LeakCheck.verifyNothingLeaked(server, Duration.ofMillis(200));
    } finally {
      other.close();
    }
  }

  @Test
  void leakCheckNamesAnHttpClientSelectorButNotThePooledWorkersOfTheSharedClient()
      throws InterruptedException {
    TestServer server = TestServer.start(EchoService.class, new EchoServiceImpl());
    CountDownLatch release = new CountDownLatch(1);
    Thread selector = new Thread(() -> awaitQuietly(release), "HttpClient-99-SelectorManager");
    Thread worker = new Thread(() -> awaitQuietly(release), "HttpClient-99-Worker-0");
    selector.start();
    worker.start();
    server.close();

    try {
      assertThatThrownBy(() -> LeakCheck.verifyNothingLeaked(server, Duration.ofMillis(200)))
          .isInstanceOf(AssertionError.class)
          .hasMessageContaining("thread 'HttpClient-99-SelectorManager'")
          .hasMessageNotContaining("HttpClient-99-Worker-0");
    } finally {
      release.countDown();
      selector.join();
      worker.join();
    }
  }

  @Test
  void leakCheckNamesAPortThatStillAcceptsConnections() throws IOException {
    TestServer server = TestServer.start(EchoService.class, new EchoServiceImpl());
    server.close();

    try (ServerSocket squatter =
        new ServerSocket(server.port(), 1, InetAddress.getByName(TestServer.HOST))) {

      assertThatThrownBy(() -> LeakCheck.verifyNothingLeaked(server, Duration.ofMillis(200)))
          .isInstanceOf(AssertionError.class)
          .hasMessageContaining(
              "port " + squatter.getLocalPort() + " on 127.0.0.1 does not refuse connections");
    }
  }

  @Test
  void leakCheckNamesARunningServer() {
    try (TestServer server = TestServer.start(EchoService.class, new EchoServiceImpl())) {

      assertThatThrownBy(() -> LeakCheck.verifyNothingLeaked(server, Duration.ofMillis(100)))
          .isInstanceOf(AssertionError.class)
          .hasMessageContaining("server not closed")
          .hasMessageContaining("is RUNNING (expected: SHUTDOWN)");
    }
  }

  @Test
  void builderRejectsAnImplementorOfAnotherInterface() {
    Object notAnEcho = new Object();

    @SuppressWarnings({"unchecked", "rawtypes"})
    Throwable thrown =
        org.assertj.core.api.Assertions.catchThrowable(
            () -> TestServer.builder((Class) EchoService.class, notAnEcho));

    assertThat(thrown)
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "implementor: java.lang.Object (expected: an implementation of"
                + " io.wsqos.testing.EchoService)");
  }

  @Test
  void builderRejectsAPathWithoutLeadingSlash() {
    TestServer.Builder builder = TestServer.builder(EchoService.class, new EchoServiceImpl());

    assertThatThrownBy(() -> builder.path("service"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("path: 'service' (expected: starts with '/', e.g. /service)");
  }

  @Test
  void clientOfAClosedServerIsRefused() {
    TestServer server = TestServer.start(EchoService.class, new EchoServiceImpl());
    server.close();

    assertThatThrownBy(() -> server.client(EchoService.class))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("server closed: " + server.address());
  }

  private static void awaitQuietly(CountDownLatch latch) {
    try {
      latch.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}

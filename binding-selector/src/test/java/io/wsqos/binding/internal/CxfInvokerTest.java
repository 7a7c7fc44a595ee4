package io.wsqos.binding.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.wsqos.binding.BindingFailureException;
import io.wsqos.binding.BindingKind;
import io.wsqos.binding.kit.Catalog;
import io.wsqos.testing.net.StallingServer;
import java.lang.reflect.Method;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class CxfInvokerTest {

  /** Far above the receive timeout: reached only by a call the timeout did not bound. */
  private static final Duration HANG = Duration.ofSeconds(30);

  @Test
  void aProviderStallingInTheMiddleOfItsResponseIsABindingFailureAtTheReceiveTimeout()
      throws Exception {
    Method echo = Catalog.class.getMethod("echo", String.class);
    try (StallingServer stalling =
            StallingServer.start(
                "text/xml; charset=UTF-8",
                "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Body>");
        CxfInvoker soap =
            CxfInvoker.soap(Catalog.class, stalling.url("/catalog"), List.of(), 5_000, 300)) {

      Throwable failure =
          assertTimeoutPreemptively(
              HANG, () -> catchThrowable(() -> soap.invoke(echo, new Object[] {"a"})));

      assertThat(stalling.requests()).as("the headers and the body's start were sent").isEqualTo(1);
      assertThat(failure)
          .as("the response could not be read: the binding failed, not the service")
          .isInstanceOfSatisfying(
              BindingFailureException.class,
              e -> {
                assertThat(e.kind()).isEqualTo(BindingKind.SOAP);
                assertThat(e.beforeSend()).as("the request was sent").isFalse();
              })
          .hasRootCauseInstanceOf(SocketTimeoutException.class);
    }
  }

  @Test
  void aConnectTimeoutIsABindingFailureBeforeTheRequestWasSent() throws Exception {
    Method echo = Catalog.class.getMethod("echo", String.class);
    List<Socket> queued = new ArrayList<>();
    // A listener that never accepts, its accept queue filled: Linux drops the next SYN, so the
    // client's connect waits until its own timeout.
    try (ServerSocket full = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      try {
        for (int i = 0; i < 8 && !connectTimesOut(full); i++) {
          queued.add(new Socket(full.getInetAddress(), full.getLocalPort()));
        }
        assertThat(connectTimesOut(full)).as("the accept queue is full").isTrue();
        String url = "http://127.0.0.1:" + full.getLocalPort() + "/catalog";
        try (CxfInvoker soap = CxfInvoker.soap(Catalog.class, url, List.of(), 300, 5_000)) {

          Throwable failure =
              assertTimeoutPreemptively(
                  HANG, () -> catchThrowable(() -> soap.invoke(echo, new Object[] {"a"})));

          assertThat(failure)
              .isInstanceOfSatisfying(
                  BindingFailureException.class,
                  e -> {
                    assertThat(e.kind()).isEqualTo(BindingKind.SOAP);
                    assertThat(e.beforeSend())
                        .as("no connection, so no request: safe to send again elsewhere")
                        .isTrue();
                  })
              .hasRootCauseInstanceOf(SocketTimeoutException.class);
        }
      } finally {
        for (Socket s : queued) {
          s.close();
        }
      }
    }
  }

  private static boolean connectTimesOut(ServerSocket listener) throws Exception {
    try (Socket probe = new Socket()) {
      probe.connect(new InetSocketAddress(listener.getInetAddress(), listener.getLocalPort()), 200);
      return false;
    } catch (SocketTimeoutException e) {
      return true;
    }
  }
}

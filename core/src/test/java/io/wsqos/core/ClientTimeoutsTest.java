package io.wsqos.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.wsqos.testing.TestServer;
import io.wsqos.testing.net.StallingServer;
import io.wsqos.testing.service.EchoService;
import io.wsqos.testing.service.EchoServiceImpl;
import jakarta.xml.ws.WebServiceException;
import java.net.SocketTimeoutException;
import java.time.Duration;
import org.apache.cxf.endpoint.Client;
import org.apache.cxf.frontend.ClientProxy;
import org.apache.cxf.jaxws.JaxWsProxyFactoryBean;
import org.apache.cxf.transport.http.HTTPConduit;
import org.junit.jupiter.api.Test;

class ClientTimeoutsTest {

  private static final Duration RECEIVE = Duration.ofMillis(300);

  /** Far above the receive timeout: reached only by a call the timeout did not bound. */
  private static final Duration HANG = Duration.ofSeconds(30);

  private static EchoService client(String address) {
    JaxWsProxyFactoryBean factory = new JaxWsProxyFactoryBean();
    factory.setServiceClass(EchoService.class);
    factory.setAddress(address);
    return factory.create(EchoService.class);
  }

  @Test
  void aProviderThatStallsInTheMiddleOfItsResponseFailsTheCallAtTheReceiveTimeout() {
    try (StallingServer stalling =
        StallingServer.start(
            "text/xml; charset=UTF-8",
            "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Body>")) {
      EchoService echo = client(stalling.url("/echo"));
      Client cxf = ClientProxy.getClient(echo);
      ClientTimeouts.apply(cxf, Duration.ofSeconds(5), RECEIVE);

      Throwable failure =
          assertTimeoutPreemptively(HANG, () -> catchThrowable(() -> echo.text(10)));

      assertThat(stalling.requests()).as("the headers and the body's start were sent").isEqualTo(1);
      assertThat(failure)
          .isInstanceOf(WebServiceException.class)
          .hasRootCauseInstanceOf(SocketTimeoutException.class);
      cxf.destroy();
    }
  }

  @Test
  void aClientWithTheTimeoutsCallsAsBefore() {
    try (TestServer server = TestServer.start(EchoService.class, new EchoServiceImpl())) {
      EchoService echo = server.client(EchoService.class);
      Client cxf = ClientProxy.getClient(echo);
      ClientTimeouts.apply(cxf, Duration.ofSeconds(5), Duration.ofSeconds(30));

      assertThat(echo.echo("héllo")).isEqualTo("echo: héllo");
      assertThat(((HTTPConduit) cxf.getConduit()).getClient().getReceiveTimeout())
          .isEqualTo(30_000);
      assertThat(cxf.getEndpoint()).containsEntry(ClientTimeouts.FORCE_URL_CONNECTION, true);
    }
  }

  @Test
  void timeoutsOutsideOneMillisecondToADayAreRefusedNamingTheField() {
    EchoService echo = client("http://127.0.0.1:1/echo");
    Client cxf = ClientProxy.getClient(echo);

    assertThatThrownBy(() -> ClientTimeouts.apply(cxf, Duration.ZERO, RECEIVE))
        .isInstanceOfSatisfying(
            InvalidValueException.class, e -> assertThat(e.field()).isEqualTo("connect"));
    assertThatThrownBy(() -> ClientTimeouts.apply(cxf, RECEIVE, Duration.ofDays(2)))
        .isInstanceOfSatisfying(
            InvalidValueException.class, e -> assertThat(e.field()).isEqualTo("receive"));
    assertThat(cxf.getEndpoint()).doesNotContainKey(ClientTimeouts.FORCE_URL_CONNECTION);
    cxf.destroy();
  }

  @Test
  void aClientOfAnotherTransportIsRefusedNamingItsAddress() {
    EchoService echo = client("local://client-timeouts-test");
    Client cxf = ClientProxy.getClient(echo);

    assertThatThrownBy(() -> ClientTimeouts.apply(cxf, RECEIVE, RECEIVE))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("client: calls local://client-timeouts-test (expected: over HTTP)");
    assertThat(cxf.getEndpoint()).doesNotContainKey(ClientTimeouts.FORCE_URL_CONNECTION);
    cxf.destroy();
  }
}

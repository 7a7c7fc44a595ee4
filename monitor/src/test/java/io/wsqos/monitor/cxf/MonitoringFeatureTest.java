package io.wsqos.monitor.cxf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.wsqos.monitor.Outcome;
import io.wsqos.monitor.QosLog;
import io.wsqos.monitor.QosRecord;
import io.wsqos.monitor.Side;
import io.wsqos.monitor.TestStore;
import io.wsqos.monitor.Validity;
import io.wsqos.testing.CxfServerExtension;
import io.wsqos.testing.TestServer;
import io.wsqos.testing.net.ClosedPort;
import io.wsqos.testing.net.TcpRelay;
import io.wsqos.testing.service.EchoService;
import io.wsqos.testing.service.EchoServiceImpl;
import jakarta.xml.ws.BindingProvider;
import jakarta.xml.ws.WebServiceException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.cxf.frontend.ClientProxy;
import org.apache.cxf.jaxws.JaxWsProxyFactoryBean;
import org.apache.cxf.transport.http.HTTPConduit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Both monitors through a real Jetty server and a real CXF client. */
class MonitoringFeatureTest {

  static final RecordCollector records = new RecordCollector();
  static final MonitoringFeature monitoring = MonitoringFeature.builder().listener(records).build();

  @RegisterExtension
  static final CxfServerExtension server =
      CxfServerExtension.builder(EchoService.class, new EchoServiceImpl())
          .feature(monitoring)
          .toExtension();

  @BeforeEach
  void forgetRecords() {
    records.clear();
  }

  @Test
  void bothMonitorsRecordOneExchangeWithConsistentTimestamps() {
    EchoService client = server.client(EchoService.class, monitoring);

    String answer = client.echo("Ada");

    assertThat(answer).isEqualTo("echo: Ada");
    QosRecord requester = records.single(Side.REQUESTER);
    QosRecord provider = records.single(Side.PROVIDER);
    assertThat(requester.validity()).isEqualTo(Validity.VALID);
    assertThat(provider.validity()).isEqualTo(Validity.VALID);
    assertThat(requester.outcome()).isEqualTo(Outcome.SUCCESS);
    assertThat(provider.outcome()).isEqualTo(Outcome.SUCCESS);
    assertThat(requester.t1Micros()).isLessThanOrEqualTo(requester.t4Micros());
    assertThat(provider.t2Micros()).isLessThanOrEqualTo(provider.t3Micros());
    assertThat(requester.executionMicros().getAsLong())
        .isLessThanOrEqualTo(requester.responseMicros().getAsLong());
    // The provider's stamps travel back unchanged, and it saw the requester's t1.
    assertThat(requester.t2Micros()).isEqualTo(provider.t2Micros());
    assertThat(requester.t3Micros()).isEqualTo(provider.t3Micros());
    assertThat(provider.t1Micros()).isEqualTo(requester.t1Micros());
    assertThat(requester.operation()).isEqualTo("echo");
    assertThat(provider.operation()).isEqualTo("echo");
    assertThat(requester.service()).isEqualTo(provider.service()).endsWith("EchoServiceService");
    assertThat(requester.endpoint()).isEqualTo(server.address());
    assertThat(requester.requestBytes()).isPositive().isEqualTo(provider.requestBytes());
    assertThat(requester.responseBytes()).isPositive().isEqualTo(provider.responseBytes());
  }

  @Test
  void soapFaultStillCarriesProviderStampsAndIsRecordedAsSoapFault() {
    EchoService client = server.client(EchoService.class, monitoring);

    assertThatThrownBy(() -> client.echo(EchoServiceImpl.FAULT))
        // Usually a SOAPFaultException; once seen as a WebServiceException wrapping the SoapFault.
        .isInstanceOf(WebServiceException.class)
        .hasMessageContaining("text: fault (expected: anything else)");

    QosRecord requester = records.single(Side.REQUESTER);
    QosRecord provider = records.single(Side.PROVIDER);
    assertThat(requester.outcome()).isEqualTo(Outcome.SOAP_FAULT);
    assertThat(provider.outcome()).isEqualTo(Outcome.SOAP_FAULT);
    assertThat(requester.isValid()).isTrue();
    assertThat(requester.t2Micros()).isEqualTo(provider.t2Micros()).isNotEqualTo(QosRecord.ABSENT);
    assertThat(requester.t3Micros()).isEqualTo(provider.t3Micros());
    assertThat(requester.executionMicros()).isPresent();
    assertThat(requester.responseBytes()).isPositive();
  }

  @Test
  void refusedConnectionYieldsRefusedRecord() throws Exception {
    try (ClosedPort closed = ClosedPort.open()) {
      int closedPort = closed.port();
      String nowhere = "http://127.0.0.1:" + closedPort + "/service";
      EchoService client = server.client(EchoService.class, monitoring);
      ((BindingProvider) client)
          .getRequestContext()
          .put(BindingProvider.ENDPOINT_ADDRESS_PROPERTY, nowhere);

      assertThatThrownBy(() -> client.echo("Ada")).isInstanceOf(WebServiceException.class);

      QosRecord requester = records.single(Side.REQUESTER);
      assertThat(requester.outcome()).isEqualTo(Outcome.REFUSED);
      assertThat(requester.endpoint()).isEqualTo(nowhere);
      assertThat(requester.isValid()).isTrue();
      assertThat(requester.t2Micros()).isEqualTo(QosRecord.ABSENT);
      assertThat(records.of(Side.PROVIDER)).isEmpty();
    }
  }

  @Test
  void aClientWithoutAnAddressFailsWithCxfsOwnErrorAndIsRecordedAtAnUnknownEndpoint() {
    JaxWsProxyFactoryBean factory = new JaxWsProxyFactoryBean();
    factory.setServiceClass(EchoService.class);
    factory.getFeatures().add(monitoring);
    EchoService client = factory.create(EchoService.class);

    try {
      Throwable failed = catchThrowable(() -> client.echo("Ada"));

      assertThat(failed).isInstanceOf(WebServiceException.class);
      // CXF's own failure (it has no address to send to), not one thrown by the monitor.
      assertThat(failed.getCause().getStackTrace()[0].getClassName()).startsWith("org.apache.cxf.");
      QosRecord requester = records.single(Side.REQUESTER);
      assertThat(requester.endpoint()).isEqualTo(Names.UNKNOWN_ENDPOINT);
      assertThat(requester.outcome()).isNotEqualTo(Outcome.SUCCESS);
    } finally {
      ClientProxy.getClient(client).destroy();
    }
  }

  @Test
  void aConnectionBrokenAfterTheRequestArrivedYieldsTransportErrorRecord() {
    CutWhileExecuting service = new CutWhileExecuting();
    try (TestServer cutting =
            TestServer.builder(EchoService.class, service).feature(monitoring).start();
        TcpRelay relay = TcpRelay.to(cutting.port())) {
      service.relay = relay;
      String throughRelay = relay.url(TestServer.DEFAULT_PATH);
      EchoService client = cutting.client(EchoService.class, monitoring);
      ((BindingProvider) client)
          .getRequestContext()
          .put(BindingProvider.ENDPOINT_ADDRESS_PROPERTY, throughRelay);

      assertThatThrownBy(() -> client.echo("Ada")).isInstanceOf(WebServiceException.class);

      QosRecord requester = records.single(Side.REQUESTER);
      assertThat(service.invocations.get()).isEqualTo(1);
      assertThat(requester.outcome()).isEqualTo(Outcome.TRANSPORT_ERROR);
      assertThat(requester.endpoint()).isEqualTo(throughRelay);
      assertThat(requester.isValid()).isTrue();
      assertThat(requester.t2Micros()).isEqualTo(QosRecord.ABSENT);
    }
  }

  @Test
  void anHttpErrorStatusWithoutASoapFaultYieldsHttpErrorRecord() {
    String missing = server.address() + "-missing";
    EchoService client = server.client(EchoService.class, monitoring);
    ((BindingProvider) client)
        .getRequestContext()
        .put(BindingProvider.ENDPOINT_ADDRESS_PROPERTY, missing);

    assertThatThrownBy(() -> client.echo("Ada"))
        .isInstanceOf(WebServiceException.class)
        .hasStackTraceContaining("404");

    QosRecord requester = records.single(Side.REQUESTER);
    assertThat(requester.outcome()).isEqualTo(Outcome.HTTP_ERROR);
    assertThat(requester.endpoint()).isEqualTo(missing);
    assertThat(records.of(Side.PROVIDER)).isEmpty();
  }

  @Test
  void receiveTimeoutYieldsTimeoutRecord() {
    EchoServiceImpl slow = new EchoServiceImpl();
    try (var slowServer = TestServer.builder(EchoService.class, slow).start();
        EchoServiceImpl.Hold held = slow.hold()) {
      EchoService client = slowServer.client(EchoService.class, monitoring);
      HTTPConduit conduit = (HTTPConduit) ClientProxy.getClient(client).getConduit();
      conduit.getClient().setReceiveTimeout(200);

      assertThatThrownBy(() -> client.echo("Ada")).isInstanceOf(WebServiceException.class);

      assertThat(records.single(Side.REQUESTER).outcome()).isEqualTo(Outcome.TIMEOUT);
    }
  }

  @Test
  void recordsOfBothSidesReachTheLogsStore() throws Exception {
    TestStore store = new TestStore();
    QosLog log =
        QosLog.builder(new SimpleMeterRegistry())
            .store(store)
            .flushInterval(Duration.ofMillis(10))
            .storeInterval(Duration.ofMillis(50))
            .build();
    MonitoringFeature logged = MonitoringFeature.builder().log(log).build();
    try (var loggedServer =
        TestServer.builder(EchoService.class, new EchoServiceImpl()).feature(logged).start()) {
      EchoService client = loggedServer.client(EchoService.class, logged);

      for (int i = 0; i < 5; i++) {
        client.echo("Ada");
      }
      await().atMost(Duration.ofSeconds(5)).until(() -> store.records().size() == 10);
    } finally {
      log.close();
    }

    assertThat(store.records())
        .extracting(QosRecord::side)
        .containsOnly(Side.REQUESTER, Side.PROVIDER)
        .filteredOn(Side.REQUESTER::equals)
        .hasSize(5);
  }

  /** Receives the request, then cuts the connection it came on before answering. */
  static final class CutWhileExecuting implements EchoService {
    final AtomicInteger invocations = new AtomicInteger();
    volatile TcpRelay relay;

    @Override
    public String echo(String text) {
      invocations.incrementAndGet();
      relay.cut();
      return "never delivered";
    }

    @Override
    public String text(int chars) {
      throw new UnsupportedOperationException("text");
    }

    @Override
    public int length(String body) {
      throw new UnsupportedOperationException("length");
    }
  }
}

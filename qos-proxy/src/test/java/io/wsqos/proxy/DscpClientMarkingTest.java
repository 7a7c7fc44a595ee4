package io.wsqos.proxy;

import static io.wsqos.core.header.TransportPriority.ASSURED;
import static io.wsqos.core.header.TransportPriority.EXPEDITED;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.wsqos.core.compression.CompressionFeature;
import io.wsqos.core.header.CompressionPreference;
import io.wsqos.core.header.QosRequirement;
import io.wsqos.core.header.QosTerms;
import io.wsqos.core.header.TransportPriority;
import io.wsqos.core.header.WsQosCodec;
import io.wsqos.testing.TestServer;
import io.wsqos.testing.net.ClosedPort;
import io.wsqos.testing.service.EchoService;
import io.wsqos.testing.service.EchoServiceImpl;
import jakarta.xml.ws.BindingProvider;
import jakarta.xml.ws.WebServiceException;
import java.net.SocketTimeoutException;
import java.time.Duration;
import org.apache.cxf.binding.soap.SoapMessage;
import org.apache.cxf.endpoint.Client;
import org.apache.cxf.frontend.ClientProxy;
import org.apache.cxf.message.Message;
import org.apache.cxf.phase.AbstractPhaseInterceptor;
import org.apache.cxf.phase.Phase;
import org.apache.cxf.transport.http.HTTPConduit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * CXF clients through the marking conduit, against a real service on the loopback: calls, faults,
 * large and compressed bodies, timeouts and refusals behave as with CXF's own conduits, and each
 * request goes out on its class's connections. The marks on the wire: {@link
 * ClientMarkingWireTest}.
 */
class DscpClientMarkingTest {

  private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
  private final EchoServiceImpl service = new EchoServiceImpl();
  private CompressionFeature compression;
  private TestServer server;
  private DscpClientMarking marking;

  @BeforeEach
  void start() {
    compression = CompressionFeature.builder().build();
    server = TestServer.builder(EchoService.class, service).feature(compression).start();
    marking = DscpClientMarking.builder().meterRegistry(registry).build();
  }

  @AfterEach
  void stop() {
    server.close();
    marking.close();
    compression.close();
  }

  @Test
  void aCallWithoutRequirementGoesOutBestEffort() {
    EchoService client = server.client(EchoService.class, marking.feature());

    assertThat(client.echo("hello")).isEqualTo("echo: hello");
    assertThat(requests("best-effort")).isEqualTo(1);
    assertThat(conduitOf(client)).isInstanceOf(MarkingConduit.class);
  }

  @Test
  void eachCallGoesOutOnTheConnectionsOfTheClassItAsksFor() {
    EchoService client = server.client(EchoService.class, marking.feature());
    RequirementWriter requirement = new RequirementWriter();
    ClientProxy.getClient(client).getOutInterceptors().add(requirement);

    requirement.priority = ASSURED;
    client.echo("a");
    requirement.priority = EXPEDITED;
    client.echo("b");
    requirement.priority = ASSURED;
    assertThat(client.echo("c")).isEqualTo("echo: c");

    assertThat(requests("assured")).isEqualTo(2);
    assertThat(requests("expedited")).isEqualTo(1);
    assertThat(requests("best-effort")).isZero();
  }

  @Test
  void largeBodiesStreamBothWays() {
    EchoService client = server.client(EchoService.class, marking.feature());

    assertThat(client.length("x".repeat(2_000_000))).isEqualTo(2_000_000);
    assertThat(client.text(1_000_000)).isEqualTo(EchoServiceImpl.textOf(1_000_000));
  }

  @Test
  void aFaultArrivesAsItDoesOverCxfsOwnConduits() {
    EchoService client = server.client(EchoService.class, marking.feature());

    assertThatThrownBy(() -> client.echo(EchoServiceImpl.FAULT))
        // As over CXF's own conduits: a SOAPFaultException, or a WebServiceException around the
        // SoapFault when CXF cannot build the SAAJ fault.
        .isInstanceOf(WebServiceException.class)
        .hasMessageContaining("text: fault (expected: anything else)");
    assertThat(client.echo("after")).isEqualTo("echo: after");
  }

  @Test
  void aCompressedResponseIsInflatedByTheCompressionFeature() {
    SimpleMeterRegistry clientCounters = new SimpleMeterRegistry();
    try (CompressionFeature clientCompression =
        CompressionFeature.builder()
            .clientPreference(CompressionPreference.COMPRESS)
            .meterRegistry(clientCounters)
            .build()) {
      EchoService client = server.client(EchoService.class, marking.feature(), clientCompression);

      assertThat(client.text(50_000)).isEqualTo(EchoServiceImpl.textOf(50_000));
      assertThat(
              clientCounters
                  .get(CompressionFeature.REQUESTS_COUNTER)
                  .tag("outcome", "inflated")
                  .counters()
                  .stream()
                  .mapToDouble(c -> c.count())
                  .sum())
          .isEqualTo(1);
    }
  }

  @Test
  void aServerThatDoesNotAnswerInTimeGivesTheReceiveTimeout() {
    EchoService client = server.client(EchoService.class, marking.feature());
    ((HTTPConduit) conduitOf(client)).getClient().setReceiveTimeout(200);

    try (EchoServiceImpl.Hold held = service.hold()) {
      assertThatThrownBy(() -> client.echo("slow"))
          .isInstanceOf(WebServiceException.class)
          .hasRootCauseInstanceOf(SocketTimeoutException.class);
      // The call reached the service and was still held there when the client gave up.
      await().atMost(Duration.ofSeconds(30)).until(() -> service.heldCalls() == 1);
    }
  }

  @Test
  void aRefusedConnectionIsReportedAsCxfReportsIt() throws Exception {
    try (ClosedPort closed = ClosedPort.open()) {
      EchoService client = server.client(EchoService.class, marking.feature());
      ((BindingProvider) client)
          .getRequestContext()
          .put(
              BindingProvider.ENDPOINT_ADDRESS_PROPERTY,
              "http://127.0.0.1:" + closed.port() + "/service");

      assertThatThrownBy(() -> client.echo("nobody"))
          .isInstanceOf(WebServiceException.class)
          .hasStackTraceContaining("Connection refused");
    }
  }

  @Test
  void anHttpsAddressIsRefusedWithAClearError() {
    EchoService client = server.client(EchoService.class, marking.feature());
    ((BindingProvider) client)
        .getRequestContext()
        .put(BindingProvider.ENDPOINT_ADDRESS_PROPERTY, "https://127.0.0.1:1/service");

    assertThatThrownBy(() -> client.echo("tls"))
        .isInstanceOf(WebServiceException.class)
        .hasStackTraceContaining("expected: an http:// address");
  }

  @Test
  void onAServerEndpointTheFeatureDoesNothingAndStartsNoPool() {
    try (TestServer other =
        TestServer.builder(EchoService.class, new EchoServiceImpl())
            .feature(marking.feature())
            .start()) {
      EchoService client = other.client(EchoService.class);

      assertThat(client.echo("hello")).isEqualTo("echo: hello");
      assertThat(conduitOf(client)).isNotInstanceOf(MarkingConduit.class);
      assertThat(registry.find(DscpClientMarking.REQUESTS_COUNTER).counters()).isEmpty();
    }
  }

  @Test
  void thePoolsStopWhenTheLastClientGoesAndStartAgainForTheNext() {
    EchoService first = server.client(EchoService.class, marking.feature());
    assertThat(first.echo("one")).isEqualTo("echo: one");

    ClientProxy.getClient(first).destroy();
    EchoService second = server.client(EchoService.class, marking.feature());

    assertThat(second.echo("two")).isEqualTo("echo: two");
    assertThat(requests("best-effort")).isEqualTo(2);
  }

  @Test
  void settingsAreChecked() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> DscpClientMarking.builder().maxConnections(0))
        .withMessageContaining("1..10000");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> DscpClientMarking.builder().connectTimeout(Duration.ZERO))
        .withMessageContaining("positive");
    assertThatIllegalArgumentException()
        .isThrownBy(
            () -> DscpClientMarking.builder().protocolFamily(java.net.StandardProtocolFamily.UNIX))
        .withMessageContaining("INET or INET6");
  }

  private double requests(String priority) {
    return registry
        .get(DscpClientMarking.REQUESTS_COUNTER)
        .tag("class", priority)
        .counter()
        .count();
  }

  private static org.apache.cxf.transport.Conduit conduitOf(Object proxy) {
    Client client = ClientProxy.getClient(proxy);
    return client.getConduit();
  }

  /** Writes a {@code Requirement} asking for {@link #priority}, as a client's code would. */
  static final class RequirementWriter extends AbstractPhaseInterceptor<Message> {
    private final WsQosCodec codec = new WsQosCodec();
    volatile TransportPriority priority = TransportPriority.BEST_EFFORT;

    RequirementWriter() {
      super(Phase.SETUP);
    }

    @Override
    public void handleMessage(Message message) {
      codec.write(
          (SoapMessage) message,
          QosRequirement.of(
              CompressionPreference.NONE, QosTerms.builder().transportPriority(priority).build()));
    }
  }
}

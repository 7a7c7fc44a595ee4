package io.wsqos.monitor.reconfiguration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.wsqos.core.routing.EndpointCandidates;
import io.wsqos.monitor.Outcome;
import io.wsqos.monitor.QosRecord;
import io.wsqos.monitor.Side;
import io.wsqos.monitor.TimeStats;
import io.wsqos.monitor.cxf.ExchangeFailures;
import io.wsqos.monitor.cxf.MonitoringFeature;
import io.wsqos.monitor.diagnosis.Alarm;
import io.wsqos.monitor.diagnosis.NetworkLossRule;
import io.wsqos.monitor.diagnosis.WindowStats;
import io.wsqos.testing.CxfServerExtension;
import io.wsqos.testing.TestServer;
import io.wsqos.testing.net.ClosedPort;
import io.wsqos.testing.service.EchoEnvelopes;
import io.wsqos.testing.service.EchoService;
import io.wsqos.testing.service.EchoServiceImpl;
import jakarta.xml.ws.WebServiceException;
import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.cxf.Bus;
import org.apache.cxf.BusFactory;
import org.apache.cxf.frontend.ClientProxy;
import org.apache.cxf.interceptor.Fault;
import org.apache.cxf.jaxws.JaxWsProxyFactoryBean;
import org.apache.cxf.jaxws.JaxWsServerFactoryBean;
import org.apache.cxf.message.Message;
import org.apache.cxf.phase.AbstractPhaseInterceptor;
import org.apache.cxf.phase.Phase;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The feature on a real CXF client between real Jetty servers: where calls go, and what fails. */
class ReroutingFeatureTest {

  private static final String SERVICE = "EchoService";

  private final EchoServiceImpl serviceA = new EchoServiceImpl();
  private final EchoServiceImpl serviceB = new EchoServiceImpl();

  /** B survives every test and hosts the clients; its extension checks that nothing leaked. */
  @RegisterExtension
  final CxfServerExtension b = CxfServerExtension.forService(EchoService.class, serviceB);

  /**
   * A starts after B and stops before it (a second extension would count B's threads as A's leaks),
   * so B's leak check covers A's threads too.
   */
  private TestServer a;

  private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
  private final List<Reroute> reroutes = new CopyOnWriteArrayList<>();
  private final List<ReroutingFeature> features = new ArrayList<>();
  private final List<ClosedPort> closedPorts = new ArrayList<>();

  @BeforeEach
  void startA() {
    a = TestServer.start(EchoService.class, serviceA);
  }

  @AfterEach
  void closeFeaturesAndA() throws Exception {
    features.forEach(ReroutingFeature::close);
    a.close();
    for (ClosedPort closed : closedPorts) {
      closed.close();
    }
    await()
        .atMost(Duration.ofSeconds(5))
        .until(
            () ->
                Thread.getAllStackTraces().keySet().stream()
                    .noneMatch(t -> t.isAlive() && t.getName().startsWith("test-rerouting")));
  }

  private ReroutingFeature.Builder rerouting(String... endpoints) {
    return rerouting(EndpointCandidates.of(Map.of(SERVICE, List.of(endpoints))));
  }

  private ReroutingFeature.Builder rerouting(EndpointCandidates candidates) {
    return ReroutingFeature.builder(candidates, SERVICE, registry)
        .threadName("test-rerouting")
        .listener(reroutes::add);
  }

  private ReroutingFeature started(ReroutingFeature.Builder builder) {
    ReroutingFeature feature = builder.build();
    features.add(feature);
    return feature;
  }

  private static Alarm alarm(String endpoint) {
    return alarm(endpoint, "p95-response-time", "p95 response time (ms)", 900, 500);
  }

  private static Alarm networkLoss(String endpoint) {
    return alarm(endpoint, NetworkLossRule.NAME, NetworkLossRule.FIGURE, 0.02, 0.005);
  }

  private static Alarm alarm(
      String endpoint, String rule, String figure, double observed, double limit) {
    Instant now = Instant.now();
    return new Alarm(
        now,
        endpoint,
        rule,
        figure,
        observed,
        limit,
        3,
        new WindowStats(
            endpoint, now, now, 10, 10, TimeStats.EMPTY, TimeStats.EMPTY, TimeStats.EMPTY));
  }

  private double count(String name, String... tags) {
    Counter counter = registry.find(name).tags(tags).counter();
    return counter == null ? 0 : counter.count();
  }

  private static List<Throwable> suppressedInCauseChain(Throwable failure) {
    List<Throwable> suppressed = new ArrayList<>();
    for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
      suppressed.addAll(List.of(t.getSuppressed()));
    }
    return suppressed;
  }

  /** A loopback address that refuses connections until the test ends. */
  private String closedPortAddress() {
    ClosedPort closed = ClosedPort.open();
    closedPorts.add(closed);
    return closed.url("/service");
  }

  @Test
  void callsGoToTheBestCandidateAndAnAlarmMovesThemToTheNext() {
    ConcurrentLinkedQueue<QosRecord> records = new ConcurrentLinkedQueue<>();
    MonitoringFeature monitoring = MonitoringFeature.builder().listener(records::addAll).build();
    ReroutingFeature rerouting =
        started(rerouting(a.address(), b.address()).cooldown(Duration.ofHours(1)));
    // The client's own address is B's: the feature, not the factory, decides where calls go.
    EchoService client = b.client(EchoService.class, monitoring, rerouting);

    String first = client.echo("Ada");
    rerouting.onAlarm(alarm(a.address()));
    String second = client.echo("Grace");

    assertThat(first).isEqualTo("echo: Ada");
    assertThat(second).isEqualTo("echo: Grace");
    assertThat(serviceA.invocations()).isEqualTo(1);
    assertThat(serviceB.invocations()).isEqualTo(1);
    assertThat(rerouting.currentEndpoint()).contains(b.address());
    assertThat(rerouting.health()).containsEntry(a.address(), EndpointHealth.DEGRADED);
    assertThat(records)
        .filteredOn(r -> r.side() == Side.REQUESTER)
        .extracting(QosRecord::endpoint)
        .containsExactly(a.address(), b.address());
    assertThat(
            count(
                "wsqos.monitor.reroutes",
                "service",
                SERVICE,
                "from",
                a.address(),
                "to",
                b.address(),
                "reason",
                "alarm"))
        .isEqualTo(1);
    assertThat(reroutes).singleElement().extracting(Reroute::reason).isEqualTo(RerouteReason.ALARM);
  }

  @Test
  void aNetworkLossAlarmMovesNoClientByDefault() {
    ReroutingFeature rerouting =
        started(rerouting(a.address(), b.address()).cooldown(Duration.ofMillis(1)));
    EchoService client = b.client(EchoService.class, rerouting);

    rerouting.onAlarm(networkLoss(a.address()));
    String answer = client.echo("Ada");

    assertThat(answer).isEqualTo("echo: Ada");
    assertThat(serviceA.invocations()).isEqualTo(1);
    assertThat(rerouting.currentEndpoint()).contains(a.address());
    assertThat(rerouting.health()).containsEntry(a.address(), EndpointHealth.HEALTHY);
    assertThat(count("wsqos.monitor.reroutes.skipped", "reason", "network-loss")).isEqualTo(1);
    assertThat(reroutes).isEmpty();
  }

  @Test
  void aNetworkLossAlarmMovesTheClientWhenBuiltToLeaveLossyPaths() {
    ReroutingFeature rerouting =
        started(
            rerouting(a.address(), b.address())
                .cooldown(Duration.ofHours(1))
                .rerouteOnNetworkLoss(true));
    EchoService client = b.client(EchoService.class, rerouting);

    rerouting.onAlarm(networkLoss(a.address()));
    String answer = client.echo("Ada");

    assertThat(answer).isEqualTo("echo: Ada");
    assertThat(serviceB.invocations()).isEqualTo(1);
    assertThat(rerouting.currentEndpoint()).contains(b.address());
    assertThat(reroutes)
        .singleElement()
        .extracting(Reroute::reason)
        .isEqualTo(RerouteReason.NETWORK_LOSS);
  }

  @Test
  void refusedCallFailsIsNotResentAndTheNextCallGoesToTheNextEndpoint() {
    ReroutingFeature rerouting = started(rerouting(a.address(), b.address()));
    EchoService client = b.client(EchoService.class, rerouting);
    client.echo("before");
    a.close();

    assertThatThrownBy(() -> client.echo("lost"))
        .isInstanceOf(WebServiceException.class)
        .satisfies(e -> assertThat(ExchangeFailures.outcomeOf(e)).isEqualTo(Outcome.REFUSED));
    long bAfterFailure = serviceB.invocations();
    String next = client.echo("after");

    assertThat(serviceA.invocations()).isEqualTo(1);
    assertThat(bAfterFailure).as("the failed call was not resent to B").isZero();
    assertThat(next).isEqualTo("echo: after");
    assertThat(serviceB.invocations()).isEqualTo(1);
    assertThat(rerouting.currentEndpoint()).contains(b.address());
    assertThat(rerouting.health()).containsEntry(a.address(), EndpointHealth.DOWN);
    assertThat(reroutes)
        .singleElement()
        .extracting(Reroute::reason)
        .isEqualTo(RerouteReason.TRANSPORT_FAILURE);
    assertThat(registry.find("wsqos.monitor.retries").counters()).isEmpty();
  }

  @Test
  void idempotentCallIsResentOnceToTheNextEndpoint() {
    ReroutingFeature rerouting = started(rerouting(a.address(), b.address()).idempotent("echo"));
    EchoService client = b.client(EchoService.class, rerouting);
    a.close();

    String answer = client.echo("Ada");

    assertThat(answer).isEqualTo("echo: Ada");
    assertThat(serviceA.invocations()).isZero();
    assertThat(serviceB.invocations()).isEqualTo(1);
    assertThat(rerouting.currentEndpoint()).contains(b.address());
    assertThat(
            count(
                "wsqos.monitor.retries",
                "service",
                SERVICE,
                "operation",
                "echo",
                "result",
                "success"))
        .isEqualTo(1);
  }

  @Test
  void soapFaultIsNeitherRetriedNorAReasonToMove() {
    ReroutingFeature rerouting = started(rerouting(a.address(), b.address()).idempotent("echo"));
    EchoService client = b.client(EchoService.class, rerouting);

    assertThatThrownBy(() -> client.echo(EchoServiceImpl.FAULT))
        .isInstanceOf(WebServiceException.class);

    assertThat(serviceA.invocations()).isEqualTo(1);
    assertThat(serviceB.invocations()).isZero();
    assertThat(rerouting.currentEndpoint()).contains(a.address());
    assertThat(reroutes).isEmpty();
  }

  @Test
  void failureOfTheClientsOwnChainIsNeitherResentNorAReasonToMove() {
    ReroutingFeature rerouting = started(rerouting(a.address(), b.address()).idempotent("echo"));
    EchoService client = b.client(EchoService.class, rerouting);
    ClientProxy.getClient(client)
        .getOutInterceptors()
        .add(
            new AbstractPhaseInterceptor<Message>(Phase.PRE_LOGICAL) {
              @Override
              public void handleMessage(Message message) {
                throw new Fault(new IllegalStateException("client-side bug"));
              }
            });

    assertThatThrownBy(() -> client.echo("Ada"))
        .isInstanceOf(WebServiceException.class)
        .hasMessageContaining("client-side bug");

    assertThat(serviceA.invocations()).isZero();
    assertThat(serviceB.invocations()).isZero();
    assertThat(rerouting.currentEndpoint()).contains(a.address());
    assertThat(rerouting.health()).containsEntry(a.address(), EndpointHealth.HEALTHY);
    assertThat(reroutes).isEmpty();
    assertThat(registry.find("wsqos.monitor.retries").counters()).isEmpty();
  }

  @Test
  void allCandidatesDownFailsTheCallWithTheTransportErrorAndStays() throws Exception {
    String down1 = closedPortAddress();
    String down2 = closedPortAddress();
    ReroutingFeature rerouting = started(rerouting(down1, down2).idempotent("echo"));
    // The client's own address (B, up) is not a candidate: it must not be used as a fallback.
    EchoService client = b.client(EchoService.class, rerouting);

    // The first failure, with the resend's failure attached to it.
    assertThatThrownBy(() -> client.echo("first"))
        .isInstanceOf(WebServiceException.class)
        .satisfies(e -> assertThat(ExchangeFailures.outcomeOf(e)).isEqualTo(Outcome.REFUSED))
        .satisfies(e -> assertThat(suppressedInCauseChain(e)).isNotEmpty());
    assertThatThrownBy(() -> client.echo("second"))
        .isInstanceOf(WebServiceException.class)
        .satisfies(e -> assertThat(ExchangeFailures.outcomeOf(e)).isEqualTo(Outcome.REFUSED));

    assertThat(serviceB.invocations()).isZero();
    assertThat(rerouting.currentEndpoint()).contains(down2);
    assertThat(rerouting.health())
        .containsEntry(down1, EndpointHealth.DOWN)
        .containsEntry(down2, EndpointHealth.DOWN);
    assertThat(reroutes).hasSize(1);
    assertThat(
            count(
                "wsqos.monitor.reroutes.skipped",
                "service",
                SERVICE,
                "reason",
                "no-better-candidate"))
        .isGreaterThanOrEqualTo(2);
    assertThat(
            count(
                "wsqos.monitor.retries",
                "service",
                SERVICE,
                "operation",
                "echo",
                "result",
                "failure"))
        .isEqualTo(1);
  }

  @Test
  void withoutAnyCandidateCallsGoToTheClientsOwnAddress() {
    ReroutingFeature rerouting =
        started(rerouting(EndpointCandidates.of(Map.of("Other", List.of(a.address())))));
    EchoService client = b.client(EchoService.class, rerouting);

    String answer = client.echo("Ada");
    rerouting.onAlarm(alarm(b.address()));
    client.echo("Grace");

    assertThat(answer).isEqualTo("echo: Ada");
    assertThat(rerouting.currentEndpoint()).isEmpty();
    assertThat(serviceB.invocations()).isEqualTo(2);
    assertThat(serviceA.invocations()).isZero();
    assertThat(
            count(
                "wsqos.monitor.reroutes.skipped", "service", SERVICE, "reason", "unknown-endpoint"))
        .isEqualTo(1);
  }

  @Test
  void probeBringsTheClientBackOnceTheEndpointPassesIt() {
    ReroutingFeature rerouting =
        started(
            rerouting(a.address(), b.address())
                .cooldown(Duration.ofMillis(200))
                .probeInterval(Duration.ofMillis(50))
                .probe(EndpointProbe.wsdl(Duration.ofSeconds(2))));
    EchoService client = b.client(EchoService.class, rerouting);
    rerouting.onAlarm(alarm(a.address()));
    client.echo("on B");

    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> rerouting.currentEndpoint().equals(Optional.of(a.address())));
    client.echo("on A again");

    assertThat(serviceB.invocations()).isEqualTo(1);
    assertThat(serviceA.invocations()).isEqualTo(1);
    assertThat(rerouting.health()).containsEntry(a.address(), EndpointHealth.HEALTHY);
    assertThat(reroutes)
        .extracting(Reroute::reason)
        .containsExactly(RerouteReason.ALARM, RerouteReason.RECOVERED);
    assertThat(
            count(
                "wsqos.monitor.probes",
                "service",
                SERVICE,
                "endpoint",
                a.address(),
                "result",
                "healthy"))
        .isEqualTo(1);
  }

  @Test
  void soapProbeSeesASlowServiceThatTheWsdlProbeDoesNot() throws Exception {
    String envelope = new String(EchoEnvelopes.echo("probe"), StandardCharsets.UTF_8);
    EndpointProbe soap = EndpointProbe.soapRequest(envelope, Duration.ofMillis(300));
    EndpointProbe wsdl = EndpointProbe.wsdl(Duration.ofSeconds(5));
    Throwable soapWhileSlow;
    boolean wsdlWhileSlow;
    try (EchoServiceImpl.Hold slow = serviceA.hold()) {
      soapWhileSlow = catchThrowable(() -> soap.isHealthy(a.address()));
      wsdlWhileSlow = wsdl.isHealthy(a.address());
    }
    boolean soapOnceFast =
        await()
            .atMost(Duration.ofSeconds(10))
            .until(() -> soap.isHealthy(a.address()), healthy -> healthy);

    assertThat(soapWhileSlow).isInstanceOf(SocketTimeoutException.class);
    assertThat(wsdlWhileSlow).isTrue();
    assertThat(soapOnceFast).isTrue();
  }

  @Test
  void probesOfAClosedPortOrAFaultAreUnhealthy() throws Exception {
    String fault = new String(EchoEnvelopes.echo(EchoServiceImpl.FAULT), StandardCharsets.UTF_8);
    String closed = closedPortAddress();

    assertThatThrownBy(() -> EndpointProbe.wsdl(Duration.ofSeconds(2)).isHealthy(closed))
        .isInstanceOf(ConnectException.class);
    assertThat(EndpointProbe.soapRequest(fault, Duration.ofSeconds(5)).isHealthy(a.address()))
        .isFalse();
  }

  @Test
  void builderRejectsBadSettingsWithWhatWasExpected() {
    EndpointCandidates candidates = EndpointCandidates.of(Map.of(SERVICE, List.of(a.address())));

    assertThatThrownBy(() -> ReroutingFeature.builder(candidates, " ", registry))
        .hasMessage("service: ' ' (expected: not blank)");
    assertThatThrownBy(() -> rerouting(candidates).cooldown(Duration.ofMillis(-1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("cooldown: -1 ms (expected: 1..3600000 ms)");
    assertThatThrownBy(() -> rerouting(candidates).probeInterval(Duration.ofMillis(5)))
        .hasMessage("probeInterval: 5 ms (expected: 10..3600000 ms)");
    assertThatThrownBy(() -> rerouting(candidates).maxRetries(0))
        .hasMessage("maxRetries: 0 (expected: 1..16)");
    assertThatThrownBy(() -> rerouting(candidates).idempotent("echo", ""))
        .hasMessage("operation: '' (expected: an operation's local name)");
    assertThatThrownBy(() -> EndpointProbe.wsdl(Duration.ZERO))
        .hasMessage("timeout: 0 ms (expected: 1..60000 ms)");
    assertThatThrownBy(() -> EndpointProbe.soapRequest(" ", Duration.ofSeconds(1)))
        .hasMessage("envelope: '' (expected: a SOAP envelope)");
    assertThatThrownBy(() -> rerouting(candidates).cooldown(null)).hasMessage("cooldown");
  }

  @Test
  void onABusItReroutesTheClientsOfThePortTypeItsQualifiedNameNames() {
    // A broker's candidates name the port type as {namespace}local (BrokerEndpointCandidates).
    String portType = "{" + EchoService.NAMESPACE + "}EchoService";
    ReroutingFeature rerouting =
        started(
            ReroutingFeature.builder(
                    EndpointCandidates.of(Map.of(portType, List.of(a.address()))),
                    portType,
                    registry)
                .threadName("test-rerouting"));
    Bus bus = BusFactory.newInstance().createBus();
    try {
      bus.setFeatures(List.of(rerouting));
      JaxWsProxyFactoryBean factory = new JaxWsProxyFactoryBean();
      factory.setBus(bus);
      factory.setAddress(b.address());
      EchoService client = factory.create(EchoService.class);

      String answer = client.echo("Ada");
      ClientProxy.getClient(client).destroy();

      assertThat(answer).isEqualTo("echo: Ada");
      assertThat(serviceA.invocations()).isEqualTo(1);
      assertThat(serviceB.invocations()).isZero();
    } finally {
      bus.shutdown(true);
    }
  }

  @Test
  void featureOnAServerDoesNothingThere() {
    ReroutingFeature rerouting = rerouting(a.address()).threadName("test-on-server").build();
    JaxWsServerFactoryBean factory = new JaxWsServerFactoryBean();
    factory.setBus(b.bus());
    factory.setServiceClass(EchoService.class);
    factory.setServiceBean(new EchoServiceImpl());
    factory.setAddress("/onServer");
    factory.getFeatures().add(rerouting);

    org.apache.cxf.endpoint.Server server = factory.create();

    try {
      assertThat(server.isStarted()).isTrue();
      assertThat(Thread.getAllStackTraces().keySet())
          .noneMatch(t -> t.getName().equals("test-on-server") && t.isAlive());
    } finally {
      server.destroy();
      rerouting.close();
    }
  }
}

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
import io.wsqos.monitor.cxf.Greeter;
import io.wsqos.monitor.cxf.MonitoringFeature;
import io.wsqos.monitor.cxf.SwitchableGreeter;
import io.wsqos.monitor.diagnosis.Alarm;
import io.wsqos.monitor.diagnosis.WindowStats;
import io.wsqos.testing.CxfServerExtension;
import io.wsqos.testing.TestServer;
import jakarta.xml.ws.WebServiceException;
import java.net.ConnectException;
import java.net.ServerSocket;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.cxf.frontend.ClientProxy;
import org.apache.cxf.interceptor.Fault;
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

  private static final String SERVICE = "Greeter";

  private final SwitchableGreeter greeterA = new SwitchableGreeter();
  private final SwitchableGreeter greeterB = new SwitchableGreeter();

  /** B survives every test and hosts the clients; its extension checks that nothing leaked. */
  @RegisterExtension
  final CxfServerExtension b = CxfServerExtension.forService(Greeter.class, greeterB);

  /**
   * A starts after B and stops before it (a second extension would count B's threads as A's leaks),
   * so B's leak check covers A's threads too.
   */
  private TestServer a;

  private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
  private final List<Reroute> reroutes = new CopyOnWriteArrayList<>();
  private final List<ReroutingFeature> features = new ArrayList<>();

  @BeforeEach
  void startA() {
    a = TestServer.start(Greeter.class, greeterA);
  }

  @AfterEach
  void closeFeaturesAndA() {
    features.forEach(ReroutingFeature::close);
    a.close();
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
    Instant now = Instant.now();
    return new Alarm(
        now,
        endpoint,
        "p95-response-time",
        "p95 response time (ms)",
        900,
        500,
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

  private static String closedPortAddress() throws Exception {
    try (ServerSocket socket = new ServerSocket(0)) {
      return "http://127.0.0.1:" + socket.getLocalPort() + "/service";
    }
  }

  @Test
  void callsGoToTheBestCandidateAndAnAlarmMovesThemToTheNext() {
    ConcurrentLinkedQueue<QosRecord> records = new ConcurrentLinkedQueue<>();
    MonitoringFeature monitoring = MonitoringFeature.builder().listener(records::addAll).build();
    ReroutingFeature rerouting =
        started(rerouting(a.address(), b.address()).cooldown(Duration.ofHours(1)));
    // The client's own address is B's: the feature, not the factory, decides where calls go.
    Greeter client = b.client(Greeter.class, monitoring, rerouting);

    String first = client.greet("Ada");
    rerouting.onAlarm(alarm(a.address()));
    String second = client.greet("Grace");

    assertThat(first).isEqualTo("Hello, Ada");
    assertThat(second).isEqualTo("Hello, Grace");
    assertThat(greeterA.calls()).isEqualTo(1);
    assertThat(greeterB.calls()).isEqualTo(1);
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
  void refusedCallFailsIsNotResentAndTheNextCallGoesToTheNextEndpoint() {
    ReroutingFeature rerouting = started(rerouting(a.address(), b.address()));
    Greeter client = b.client(Greeter.class, rerouting);
    client.greet("before");
    a.close();

    assertThatThrownBy(() -> client.greet("lost"))
        .isInstanceOf(WebServiceException.class)
        .satisfies(e -> assertThat(ExchangeFailures.outcomeOf(e)).isEqualTo(Outcome.REFUSED));
    long bAfterFailure = greeterB.calls();
    String next = client.greet("after");

    assertThat(greeterA.calls()).isEqualTo(1);
    assertThat(bAfterFailure).as("the failed call was not resent to B").isZero();
    assertThat(next).isEqualTo("Hello, after");
    assertThat(greeterB.calls()).isEqualTo(1);
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
    ReroutingFeature rerouting = started(rerouting(a.address(), b.address()).idempotent("greet"));
    Greeter client = b.client(Greeter.class, rerouting);
    a.close();

    String answer = client.greet("Ada");

    assertThat(answer).isEqualTo("Hello, Ada");
    assertThat(greeterA.calls()).isZero();
    assertThat(greeterB.calls()).isEqualTo(1);
    assertThat(rerouting.currentEndpoint()).contains(b.address());
    assertThat(
            count(
                "wsqos.monitor.retries",
                "service",
                SERVICE,
                "operation",
                "greet",
                "result",
                "success"))
        .isEqualTo(1);
  }

  @Test
  void soapFaultIsNeitherRetriedNorAReasonToMove() {
    ReroutingFeature rerouting = started(rerouting(a.address(), b.address()).idempotent("greet"));
    Greeter client = b.client(Greeter.class, rerouting);

    assertThatThrownBy(() -> client.greet(SwitchableGreeter.FAULT))
        .isInstanceOf(WebServiceException.class);

    assertThat(greeterA.calls()).isEqualTo(1);
    assertThat(greeterB.calls()).isZero();
    assertThat(rerouting.currentEndpoint()).contains(a.address());
    assertThat(reroutes).isEmpty();
  }

  @Test
  void failureOfTheClientsOwnChainIsNeitherResentNorAReasonToMove() {
    ReroutingFeature rerouting = started(rerouting(a.address(), b.address()).idempotent("greet"));
    Greeter client = b.client(Greeter.class, rerouting);
    ClientProxy.getClient(client)
        .getOutInterceptors()
        .add(
            new AbstractPhaseInterceptor<Message>(Phase.PRE_LOGICAL) {
              @Override
              public void handleMessage(Message message) {
                throw new Fault(new IllegalStateException("client-side bug"));
              }
            });

    assertThatThrownBy(() -> client.greet("Ada"))
        .isInstanceOf(WebServiceException.class)
        .hasMessageContaining("client-side bug");

    assertThat(greeterA.calls()).isZero();
    assertThat(greeterB.calls()).isZero();
    assertThat(rerouting.currentEndpoint()).contains(a.address());
    assertThat(rerouting.health()).containsEntry(a.address(), EndpointHealth.HEALTHY);
    assertThat(reroutes).isEmpty();
    assertThat(registry.find("wsqos.monitor.retries").counters()).isEmpty();
  }

  @Test
  void allCandidatesDownFailsTheCallWithTheTransportErrorAndStays() throws Exception {
    String down1 = closedPortAddress();
    String down2 = closedPortAddress();
    ReroutingFeature rerouting = started(rerouting(down1, down2).idempotent("greet"));
    // The client's own address (B, up) is not a candidate: it must not be used as a fallback.
    Greeter client = b.client(Greeter.class, rerouting);

    // The first failure, with the resend's failure attached to it.
    assertThatThrownBy(() -> client.greet("first"))
        .isInstanceOf(WebServiceException.class)
        .satisfies(e -> assertThat(ExchangeFailures.outcomeOf(e)).isEqualTo(Outcome.REFUSED))
        .satisfies(e -> assertThat(suppressedInCauseChain(e)).isNotEmpty());
    assertThatThrownBy(() -> client.greet("second"))
        .isInstanceOf(WebServiceException.class)
        .satisfies(e -> assertThat(ExchangeFailures.outcomeOf(e)).isEqualTo(Outcome.REFUSED));

    assertThat(greeterB.calls()).isZero();
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
                "greet",
                "result",
                "failure"))
        .isEqualTo(1);
  }

  @Test
  void withoutAnyCandidateCallsGoToTheClientsOwnAddress() {
    ReroutingFeature rerouting =
        started(rerouting(EndpointCandidates.of(Map.of("Other", List.of(a.address())))));
    Greeter client = b.client(Greeter.class, rerouting);

    String answer = client.greet("Ada");
    rerouting.onAlarm(alarm(b.address()));
    client.greet("Grace");

    assertThat(answer).isEqualTo("Hello, Ada");
    assertThat(rerouting.currentEndpoint()).isEmpty();
    assertThat(greeterB.calls()).isEqualTo(2);
    assertThat(greeterA.calls()).isZero();
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
    Greeter client = b.client(Greeter.class, rerouting);
    rerouting.onAlarm(alarm(a.address()));
    client.greet("on B");

    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> rerouting.currentEndpoint().equals(Optional.of(a.address())));
    client.greet("on A again");

    assertThat(greeterB.calls()).isEqualTo(1);
    assertThat(greeterA.calls()).isEqualTo(1);
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
    String envelope =
        "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\">"
            + "<soap:Body><m:greet xmlns:m=\"http://wsqos.io/test/monitor\"><arg0>probe</arg0>"
            + "</m:greet></soap:Body></soap:Envelope>";
    EndpointProbe soap = EndpointProbe.soapRequest(envelope, Duration.ofMillis(300));
    EndpointProbe wsdl = EndpointProbe.wsdl(Duration.ofSeconds(5));
    greeterA.delay(1_000);

    Throwable soapWhileSlow = catchThrowable(() -> soap.isHealthy(a.address()));
    boolean wsdlWhileSlow = wsdl.isHealthy(a.address());
    greeterA.delay(0);
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
    String fault =
        "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\">"
            + "<soap:Body><m:greet xmlns:m=\"http://wsqos.io/test/monitor\"><arg0>fault</arg0>"
            + "</m:greet></soap:Body></soap:Envelope>";
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
    assertThatThrownBy(() -> rerouting(candidates).idempotent("greet", ""))
        .hasMessage("operation: '' (expected: an operation's local name)");
    assertThatThrownBy(() -> EndpointProbe.wsdl(Duration.ZERO))
        .hasMessage("timeout: 0 ms (expected: 1..60000 ms)");
    assertThatThrownBy(() -> EndpointProbe.soapRequest(" ", Duration.ofSeconds(1)))
        .hasMessage("envelope: '' (expected: a SOAP envelope)");
    assertThatThrownBy(() -> rerouting(candidates).cooldown(null)).hasMessage("cooldown");
  }

  @Test
  void featureOnAServerIsRefused() {
    ReroutingFeature rerouting = started(rerouting(a.address()));
    JaxWsServerFactoryBean factory = new JaxWsServerFactoryBean();
    factory.setBus(b.bus());
    factory.setServiceClass(Greeter.class);
    factory.setServiceBean(new SwitchableGreeter());
    factory.setAddress("/refused");
    factory.getFeatures().add(rerouting);

    Throwable thrown = catchThrowable(() -> factory.create().destroy());

    Throwable root = thrown;
    while (root != null && root.getCause() != null) {
      root = root.getCause();
    }
    assertThat(root)
        .isInstanceOf(UnsupportedOperationException.class)
        .hasMessageStartingWith("ReroutingFeature on server ")
        .hasMessageEndingWith(" (expected: a client)");
  }
}

package io.wsqos.monitor.diagnosis;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.wsqos.core.ClientTimeouts;
import io.wsqos.core.compression.CompressionFeature;
import io.wsqos.core.compression.EndpointPreferences;
import io.wsqos.monitor.cxf.MonitoringFeature;
import io.wsqos.monitor.reconfiguration.CompressOnNetworkLoss;
import io.wsqos.testing.ChildJvm;
import io.wsqos.testing.Closer;
import io.wsqos.testing.Prerequisites;
import io.wsqos.testing.net.LinkConditions;
import io.wsqos.testing.net.NetworkNamespace;
import io.wsqos.testing.net.NetworkNamespace.End;
import io.wsqos.testing.service.EchoService;
import jakarta.xml.ws.WebServiceException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.apache.cxf.endpoint.Client;
import org.apache.cxf.frontend.ClientProxy;
import org.apache.cxf.jaxws.JaxWsProxyFactoryBean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code network-loss} rule against real exchanges: two providers ({@link SleepingProvider},
 * Jetty in a child JVM), each inside a network namespace of its own, a fast one behind a path made
 * lossy both ways ({@link NetworkNamespace#impose}) and a slow one (each call sleeps) behind a
 * clean path; a CXF client in this JVM calls both with the requester-side monitor feeding a
 * diagnosis, one window after another. The lossy path raises {@code network-loss} and gets
 * compressed responses from then on; the slow provider raises only the response-time alarm.
 */
class NetworkLossEndToEndTest {

  /** Share of the packets lost each way on the fast provider's path, in percent. */
  static final double LOSS_PERCENT = 25;

  /** How long each call of the slow provider sleeps. */
  static final long SLOW_MILLIS = 60;

  /**
   * Calls per window and provider: enough that a dozen or more of the lossy path's pay a timeout (a
   * loss the client repairs cheaply, e.g. of one of several segments in flight, costs none), far
   * from the rule's least of three.
   */
  static final int CALLS_PER_WINDOW = 60;

  /**
   * Most lossy windows before the alarm must have come: the rule's three in a row, and room for a
   * window that a busy host's own delays blur (it starts the count again).
   */
  static final int MAX_LOSSY_WINDOWS = 6;

  static final int RESPONSE_CHARS = 4_000;

  /**
   * Bound on connecting and on each read of a call: far above what a retransmission costs at this
   * loss, so that only a connection the lossy path has broken hits it.
   */
  static final Duration CALL_TIMEOUT = Duration.ofSeconds(30);

  static final Pattern LISTENING = Pattern.compile("listening at (\\S+)");

  @TempDir Path logs;

  final SimpleMeterRegistry registry = new SimpleMeterRegistry();
  final List<Alarm> alarms = new CopyOnWriteArrayList<>();
  final List<WebServiceException> brokenCalls = new CopyOnWriteArrayList<>();

  @RegisterExtension final Closer resources = new Closer();

  @Test
  // In a thread of its own: a call stuck on the lossy path then fails the test at the timeout
  // rather than holding the build, and the closer's teardown of the namespaces unsticks it.
  @Timeout(value = 600, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
  void aLossyPathRaisesNetworkLossAndASlowProviderDoesNot() throws Exception {
    Prerequisites.assume(NetworkNamespace.unavailableReason("nft"));
    EndpointPreferences lossy = EndpointPreferences.create();
    Diagnosis diagnosis =
        Diagnosis.builder(registry)
            .scheduled(false)
            .rule(DiagnosisRule.networkLoss())
            .rule(DiagnosisRule.p95ResponseTimeAbove(Duration.ofMillis(SLOW_MILLIS / 2), 3))
            .listener(alarms::add)
            .listener(CompressOnNetworkLoss.of(lossy))
            .build();
    MonitoringFeature monitoring = MonitoringFeature.builder().listener(diagnosis).build();
    CompressionFeature compression =
        CompressionFeature.builder().meterRegistry(registry).clientPolicy(lossy).build();
    resources.add(diagnosis);
    resources.add(compression);
    NetworkNamespace lossyPath = resources.add(NetworkNamespace.create("lossy"));
    NetworkNamespace cleanPath = resources.add(NetworkNamespace.create("clean"));
    String fast = resources.add(provider(lossyPath, 0)).ready().group(1);
    String slow = resources.add(provider(cleanPath, SLOW_MILLIS)).ready().group(1);
    EchoService fastClient = client(fast, monitoring, compression);
    EchoService slowClient = client(slow, monitoring, compression);
    // A first window on clean paths, past both JVMs' warm-up: it must raise nothing.
    calls(fastClient, slowClient);
    diagnosis.closeWindow();
    List<Alarm> warmUp = List.copyOf(alarms);
    LinkConditions loss = LinkConditions.NONE.withLossPercent(LOSS_PERCENT);
    lossyPath.impose(End.HOST, loss);
    lossyPath.impose(End.INNER, loss);

    double inflatedBefore = inflated();
    int lossyWindows = 0;
    while (lossyWindows < MAX_LOSSY_WINDOWS && !raised(NetworkLossRule.NAME)) {
      calls(fastClient, slowClient);
      diagnosis.closeWindow();
      lossyWindows++;
    }
    double inflatedDuring = inflated();
    fastClient.text(RESPONSE_CHARS);
    slowClient.text(RESPONSE_CHARS);
    double inflatedAfter = inflated();
    resources.closeAll();

    assertThat(warmUp).isEmpty();
    assertThat(brokenCalls)
        .as("calls the lossy path broke, at most one in twenty")
        .hasSizeLessThanOrEqualTo(CALLS_PER_WINDOW * (lossyWindows + 1) / 20);
    Map<String, List<String>> rulesByEndpoint =
        alarms.stream()
            .collect(
                Collectors.groupingBy(
                    Alarm::endpoint, Collectors.mapping(Alarm::rule, Collectors.toList())));
    assertThat(rulesByEndpoint.get(fast)).contains(NetworkLossRule.NAME);
    assertThat(rulesByEndpoint.get(slow)).containsExactly("p95-response-time");
    Alarm alarm =
        alarms.stream().filter(a -> a.rule().equals(NetworkLossRule.NAME)).findFirst().get();
    // Some losses are repaired cheaply (fast retransmit, a probe with several segments in
    // flight), so the estimate, from the exchanges that paid a timeout, is below the drop rate.
    assertThat(alarm.observed()).isBetween(NetworkLossRule.DEFAULT_MIN_LOSS, LOSS_PERCENT / 100);
    assertThat(lossy.escalated()).containsOnlyKeys(fast);
    assertThat(inflatedDuring - inflatedBefore)
        .as("the loaded providers compressed nothing before the alarm")
        .isZero();
    assertThat(inflatedAfter - inflatedDuring)
        .as("after it, the lossy path's response only")
        .isEqualTo(1);
    assertThat(List.of(lossyPath, cleanPath))
        .as("the namespaces, their links and loss rules are gone")
        .noneMatch(NetworkNamespace::exists);
  }

  boolean raised(String rule) {
    return alarms.stream().anyMatch(a -> a.rule().equals(rule));
  }

  /** A {@link SleepingProvider} listening inside {@code ns}, each call sleeping {@code millis}. */
  ChildJvm provider(NetworkNamespace ns, long millis) {
    return ChildJvm.builder(SleepingProvider.class)
        .name("provider-" + ns.name())
        .wrappedBy(ns::command)
        .args(ns.innerAddress(), Long.toString(millis))
        .logDirectory(logs)
        .readyLine(LISTENING)
        .stopLine("stop")
        .start();
  }

  /**
   * One window's calls, to both providers at once, each from a thread of its own. A call on the
   * lossy path may fail when the path breaks its connection (a segment dropped until a timeout); it
   * is counted in {@link #brokenCalls}.
   */
  void calls(EchoService fastClient, EchoService slowClient) {
    CompletableFuture<Void> fast =
        CompletableFuture.runAsync(
            () -> {
              for (int i = 0; i < CALLS_PER_WINDOW; i++) {
                try {
                  fastClient.text(RESPONSE_CHARS);
                } catch (WebServiceException e) {
                  brokenCalls.add(e);
                }
              }
            });
    for (int i = 0; i < CALLS_PER_WINDOW; i++) {
      slowClient.text(RESPONSE_CHARS);
    }
    fast.join();
  }

  EchoService client(String address, MonitoringFeature monitoring, CompressionFeature compression) {
    JaxWsProxyFactoryBean factory = new JaxWsProxyFactoryBean();
    factory.setServiceClass(EchoService.class);
    factory.setAddress(address);
    factory.getFeatures().add(monitoring);
    factory.getFeatures().add(compression);
    EchoService client = factory.create(EchoService.class);
    Client cxf = ClientProxy.getClient(client);
    resources.add(cxf::destroy);
    // A body whose segments the lossy path keeps dropping, until the server gives the connection
    // up, must fail the call rather than block its read for good.
    ClientTimeouts.apply(cxf, CALL_TIMEOUT, CALL_TIMEOUT);
    return client;
  }

  /** Compressed responses the client inflated so far. */
  double inflated() {
    Counter counter =
        registry.find(CompressionFeature.REQUESTS_COUNTER).tag("outcome", "inflated").counter();
    return counter == null ? 0 : counter.count();
  }
}

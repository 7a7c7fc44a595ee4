package io.wsqos.monitor.diagnosis;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.wsqos.core.compression.CompressionFeature;
import io.wsqos.core.compression.EndpointPreferences;
import io.wsqos.monitor.cxf.MonitoringFeature;
import io.wsqos.monitor.reconfiguration.CompressOnNetworkLoss;
import io.wsqos.testing.ChildJvm;
import io.wsqos.testing.Prerequisites;
import io.wsqos.testing.net.NetworkNamespace;
import io.wsqos.testing.net.NetworkNamespace.End;
import io.wsqos.testing.service.EchoService;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.MatchResult;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.apache.cxf.frontend.ClientProxy;
import org.apache.cxf.jaxws.JaxWsProxyFactoryBean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code network-loss} rule against real exchanges: two providers ({@link LossyPathProvider},
 * Jetty in a child JVM inside a network namespace), a fast one behind a lossy path (nftables drops
 * a share of the packets that reach its port, on the receiving side) and a slow one (each call
 * sleeps) behind a clean path; a CXF client in this JVM calls both with the requester-side monitor
 * feeding a diagnosis, one window after another. The lossy path raises {@code network-loss} and
 * gets compressed responses; the slow provider raises only the response-time alarm.
 */
class NetworkLossEndToEndTest {

  /** Share of the packets to the fast provider dropped, in percent. */
  static final int LOSS_PERCENT = 30;

  /** How long each call of the slow provider sleeps. */
  static final long SLOW_MILLIS = 60;

  /**
   * Calls per window and provider: enough that about fifteen of the lossy path's pay a timeout (a
   * loss the client repairs cheaply, e.g. of one of two segments in flight, costs none), far from
   * the rule's least of three.
   */
  static final int CALLS_PER_WINDOW = 100;

  static final int RESPONSE_CHARS = 4_000;

  @TempDir Path logs;

  final SimpleMeterRegistry registry = new SimpleMeterRegistry();
  final List<Alarm> alarms = new CopyOnWriteArrayList<>();
  final List<EchoService> clients = new ArrayList<>();

  @Test
  @Timeout(300)
  void aLossyPathRaisesNetworkLossAndASlowProviderDoesNot() throws IOException {
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

    NetworkNamespace ns = NetworkNamespace.create("loss");
    try (ns;
        ChildJvm providers =
            ChildJvm.builder(LossyPathProvider.class)
                .wrappedBy(ns::command)
                .args(ns.innerAddress(), Long.toString(SLOW_MILLIS))
                .logDirectory(logs)
                .readyLine(Pattern.compile("fast=(\\S+) slow=(\\S+)"))
                .stopLine("stop")
                .start();
        diagnosis;
        compression) {
      MatchResult ready = providers.ready();
      String fast = ready.group(1);
      String slow = ready.group(2);
      EchoService fastClient = client(fast, monitoring, compression);
      EchoService slowClient = client(slow, monitoring, compression);
      // A first window on a clean path, past both JVMs' warm-up: it must raise nothing.
      calls(fastClient, slowClient);
      diagnosis.closeWindow();
      List<Alarm> warmUp = List.copyOf(alarms);
      dropToPort(ns, URI.create(fast).getPort(), LOSS_PERCENT);

      double inflatedBefore = inflated();
      for (int window = 0; window < Diagnosis.DEFAULT_CONSECUTIVE_WINDOWS; window++) {
        calls(fastClient, slowClient);
        diagnosis.closeWindow();
      }
      double inflatedDuring = inflated();
      fastClient.text(RESPONSE_CHARS);
      slowClient.text(RESPONSE_CHARS);
      double inflatedAfter = inflated();

      assertThat(warmUp).isEmpty();
      Map<String, List<String>> rulesByEndpoint =
          alarms.stream()
              .collect(
                  Collectors.groupingBy(
                      Alarm::endpoint, Collectors.mapping(Alarm::rule, Collectors.toList())));
      assertThat(rulesByEndpoint.get(fast)).contains(NetworkLossRule.NAME);
      assertThat(rulesByEndpoint.get(slow)).containsExactly("p95-response-time");
      Alarm loss =
          alarms.stream().filter(a -> a.rule().equals(NetworkLossRule.NAME)).findFirst().get();
      // Only the request's direction loses packets, and a client repairs some losses cheaply, so
      // fewer exchanges pay a timeout than packets are dropped; the estimate spreads those over
      // the exchange's sensitive segments.
      assertThat(loss.observed()).isBetween(NetworkLossRule.DEFAULT_MIN_LOSS, LOSS_PERCENT / 100.0);
      assertThat(lossy.escalated()).containsOnlyKeys(fast);
      assertThat(inflatedDuring - inflatedBefore)
          .as("the loaded providers compressed nothing before the alarm")
          .isZero();
      assertThat(inflatedAfter - inflatedDuring)
          .as("after it, the lossy path's response only")
          .isEqualTo(1);
    } finally {
      clients.forEach(client -> ClientProxy.getClient(client).destroy());
    }
    assertThat(ns.exists()).as("the namespace, its link and its loss rule are gone").isFalse();
  }

  /** One window's calls, to both providers at once, each from a thread of its own. */
  static void calls(EchoService fastClient, EchoService slowClient) {
    CompletableFuture<Void> fast =
        CompletableFuture.runAsync(
            () -> {
              for (int i = 0; i < CALLS_PER_WINDOW; i++) {
                fastClient.text(RESPONSE_CHARS);
              }
            });
    for (int i = 0; i < CALLS_PER_WINDOW; i++) {
      slowClient.text(RESPONSE_CHARS);
    }
    fast.join();
  }

  /** Drops {@code percent} % of the TCP packets reaching {@code port} inside the namespace. */
  static void dropToPort(NetworkNamespace ns, int port, int percent) throws IOException {
    Path rules = Files.createTempFile("wsqos-loss", ".nft");
    try {
      Files.writeString(
          rules,
          String.join(
              "\n",
              "table inet wsqos_loss {",
              "  chain prerouting {",
              "    type filter hook prerouting priority raw;",
              "    iifname \""
                  + ns.device(End.INNER)
                  + "\" tcp dport "
                  + port
                  + " numgen random mod 100 < "
                  + percent
                  + " drop",
              "  }",
              "}",
              ""));
      ns.exec("nft", "-f", rules.toString());
    } finally {
      Files.deleteIfExists(rules);
    }
  }

  EchoService client(String address, MonitoringFeature monitoring, CompressionFeature compression) {
    JaxWsProxyFactoryBean factory = new JaxWsProxyFactoryBean();
    factory.setServiceClass(EchoService.class);
    factory.setAddress(address);
    factory.getFeatures().add(monitoring);
    factory.getFeatures().add(compression);
    EchoService client = factory.create(EchoService.class);
    clients.add(client);
    return client;
  }

  /** Compressed responses the client inflated so far. */
  double inflated() {
    Counter counter =
        registry.find(CompressionFeature.REQUESTS_COUNTER).tag("outcome", "inflated").counter();
    return counter == null ? 0 : counter.count();
  }
}

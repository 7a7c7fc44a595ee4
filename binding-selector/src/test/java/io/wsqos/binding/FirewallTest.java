package io.wsqos.binding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.wsqos.binding.kit.Catalog;
import io.wsqos.binding.kit.CatalogImpl;
import io.wsqos.server.EmbeddedServer;
import io.wsqos.testing.Prerequisites;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A firewall between client and RMI (a namespace that drops SYNs): the probe times out instead of
 * waiting for the operating system, and the proxy chooses SOAP. Skipped, with the reason, only
 * where this process cannot make namespaces at all (not Linux; {@code ip}, {@code tc} or {@code
 * socat} not installed; no CAP_SYS_ADMIN or CAP_NET_ADMIN), and failed under CI where those are
 * promised: with all of them, failing to make the network fails the test.
 */
class FirewallTest {

  private static final int RMI_PORT = 1099;
  private static final Duration PROBE_TIMEOUT = Duration.ofMillis(300);

  @Test
  void behindAFirewallDroppingSynsTheProbeTimesOutAndSoapIsChosen() {
    Prerequisites.assume(
        FirewalledNetwork.missingPrerequisite().map(why -> "cannot make the network: " + why));
    FirewalledNetwork network = FirewalledNetwork.create();
    try (network;
        Publication soap =
            BindingPublisher.builder(Catalog.class, new CatalogImpl())
                .soap(EmbeddedServer.builder().daemonThreads(true), "/catalog")
                .publish()) {
      network.listen(RMI_PORT);
      ServiceDescriptor descriptor =
          new ServiceDescriptor(
              Catalog.class.getName(),
              "1@elsewhere/t",
              List.of(
                  BindingAddress.rmi(network.innerAddress(), RMI_PORT, "catalog"),
                  soap.descriptor().binding(BindingKind.SOAP).orElseThrow()));
      Discovery open = Discovery.builder().probeTimeout(PROBE_TIMEOUT).build();
      // Before the firewall: the listener inside answers.
      await()
          .atMost(Duration.ofSeconds(10))
          .until(() -> open.rediscover(descriptor).usable(BindingKind.RMI));

      network.dropSyns();
      try (BindingProxy<Catalog> proxy =
          BindingProxy.builder(Catalog.class)
              .descriptor(descriptor)
              .probeTimeout(PROBE_TIMEOUT)
              .build()) {
        String echoed = proxy.service().echo("through the firewall");

        Selection selection = proxy.selection();
        Reachability rmi = selection.environment().reachability().get(BindingKind.RMI);
        assertThat(echoed).isEqualTo("through the firewall");
        assertThat(selection.kind()).isEqualTo(BindingKind.SOAP);
        assertThat(selection.decision().reason())
            .isEqualTo("default-rules.txt line 6: if firewall then soap");
        assertThat(rmi.outcome()).isEqualTo(Reachability.Outcome.TIMED_OUT);
        assertThat(rmi.detail())
            .isEqualTo(network.innerAddress() + ":" + RMI_PORT + " did not answer within 300 ms");
        assertThat(network.dropped()).isPositive();
      }
    }
    assertThat(network.exists()).isFalse();
  }
}

package io.wsqos.binding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.wsqos.binding.kit.Catalog;
import io.wsqos.binding.kit.CatalogImpl;
import io.wsqos.testing.net.ClosedPort;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

class DiscoveryTest {

  private static final Clock CLOCK =
      Clock.fixed(Instant.parse("2026-11-26T07:00:00Z"), ZoneOffset.UTC);

  @Test
  void aServiceOfThisJvmInTheRegistryIsInJvmAndOnThisHost() {
    LocalRegistry local = new LocalRegistry();
    try (Publication publication =
        BindingPublisher.builder(Catalog.class, new CatalogImpl())
            .local(local)
            .cxfLocal(local)
            .rmi("127.0.0.1")
            .publish()) {
      Discovery discovery = Discovery.builder().localRegistry(local).clock(CLOCK).build();

      Environment environment = discovery.discover(publication.descriptor());

      assertThat(environment.sameJvm()).isTrue();
      assertThat(environment.sameHost()).isTrue();
      assertThat(environment.reachability().get(BindingKind.LOCAL).outcome())
          .isEqualTo(Reachability.Outcome.IN_JVM);
      assertThat(environment.reachability().get(BindingKind.CXF_LOCAL).outcome())
          .isEqualTo(Reachability.Outcome.IN_JVM);
      assertThat(environment.reachability().get(BindingKind.RMI).outcome())
          .isEqualTo(Reachability.Outcome.OPEN);
      assertThat(environment.facts())
          .containsExactlyInAnyOrder(
              "same-jvm", "same-host",
              "published:local", "reachable:local",
              "published:cxf-local", "reachable:cxf-local",
              "published:rmi", "reachable:rmi");
      assertThat(environment.discoveredAt()).isEqualTo(CLOCK.instant());
    }
  }

  @Test
  void anotherJvmsInJvmBindingsAreNotUsable() {
    ServiceDescriptor elsewhere =
        new ServiceDescriptor(
            "a.B", "1@elsewhere/2000-01-01T00:00:00Z", List.of(BindingAddress.local("b")));

    Environment environment =
        Discovery.builder().localRegistry(new LocalRegistry()).build().discover(elsewhere);

    assertThat(environment.sameJvm()).isFalse();
    assertThat(environment.reachability().get(BindingKind.LOCAL).outcome())
        .isEqualTo(Reachability.Outcome.NOT_IN_JVM);
    assertThat(environment.usable(BindingKind.LOCAL)).isFalse();
  }

  @Test
  void aRefusedPortIsRefusedNotTimedOut() {
    try (ClosedPort closed = ClosedPort.open()) {
      ServiceDescriptor descriptor =
          new ServiceDescriptor(
              "a.B", "1@elsewhere/t", List.of(BindingAddress.rmi("127.0.0.1", closed.port(), "b")));

      Environment environment = Discovery.builder().build().discover(descriptor);

      assertThat(environment.reachability().get(BindingKind.RMI).outcome())
          .isEqualTo(Reachability.Outcome.REFUSED);
      assertThat(environment.firewall()).isFalse();
      assertThat(environment.facts()).containsExactlyInAnyOrder("same-host", "published:rmi");
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @Test
  void resultsAreCachedUntilRediscovered() {
    Publication publication =
        BindingPublisher.builder(Catalog.class, new CatalogImpl()).rmi("127.0.0.1").publish();
    ServiceDescriptor descriptor = publication.descriptor();
    Discovery discovery = Discovery.builder().build();
    Environment first = discovery.discover(descriptor);

    publication.close();
    Environment cached = discovery.discover(descriptor);

    assertThat(first.usable(BindingKind.RMI)).isTrue();
    assertThat(cached).isSameAs(first);
    // The listening socket closes as RMI's accept thread notices: moments after close() returns.
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> !discovery.rediscover(descriptor).usable(BindingKind.RMI));
    Environment fresh = discovery.discover(descriptor);
    assertThat(fresh).isNotSameAs(first);
    assertThat(fresh.reachability().get(BindingKind.RMI).outcome())
        .isEqualTo(Reachability.Outcome.REFUSED);
  }

  @Test
  void anUnresolvableHostIsSaidSo() {
    ServiceDescriptor descriptor =
        new ServiceDescriptor(
            "a.B", "1@elsewhere/t", List.of(BindingAddress.rmi("no-such-host.invalid", 1099, "b")));

    Environment environment = Discovery.builder().build().discover(descriptor);

    assertThat(environment.reachability().get(BindingKind.RMI).outcome())
        .isEqualTo(Reachability.Outcome.UNRESOLVED);
  }
}

package io.wsqos.broker;

import static io.wsqos.broker.PostgresInstances.NO_POLL;
import static io.wsqos.broker.PostgresInstances.endpoint;
import static io.wsqos.broker.PostgresInstances.publish;
import static io.wsqos.broker.RegistryCompatibilityKit.BOOKSTORE;
import static io.wsqos.broker.RegistryCompatibilityKit.terms;
import static io.wsqos.broker.registry.ProviderCheck.ANY;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.wsqos.broker.api.Offer;
import io.wsqos.broker.api.Selection;
import io.wsqos.broker.registry.Registry;
import io.wsqos.broker.selection.OfferSelector;
import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;

/**
 * Prints, and does not assert, how long a write committed through one instance takes to be selected
 * by another's selector on PostgreSQL, and to answer a watch held there, by notification alone (the
 * poll is 10 minutes). {@code -Dwsqos.broker.notificationLatency.writes=1000} measures more writes
 * than the default.
 */
class NotificationLatencyTest {

  private static final int DEFAULT_WRITES = 200;

  @Test
  void printsHowSoonAWriteIsSelectedByAnotherInstance() throws Exception {
    int writes = Integer.getInteger("wsqos.broker.notificationLatency.writes", DEFAULT_WRITES);
    try (PostgresInstances instances = new PostgresInstances()) {
      Registry a = instances.registry("a");
      Registry b = instances.registry("b");
      OfferSelector other = instances.open(instances.selector(b, NO_POLL));
      Offer offer =
          publish(
              a,
              endpoint(a, a.registerService(BOOKSTORE, RegistryCompatibilityKit.WSDL), "Acme"),
              "1");
      await().atMost(Duration.ofSeconds(10)).until(() -> selectedVersion(other) == 1);
      long[] nanos = new long[writes];

      for (int i = 0; i < writes; i++) {
        Offer updated =
            a.updateOffer(offer.id(), i + 1, terms(i % 2 == 0 ? "2" : "1").build(), ANY);
        long committed = System.nanoTime();
        long deadline = committed + TimeUnit.SECONDS.toNanos(10);
        while (selectedVersion(other) < updated.version() && System.nanoTime() < deadline) {
          LockSupport.parkNanos(20_000);
        }
        nanos[i] = System.nanoTime() - committed;
        assertThat(selectedVersion(other)).as("write %d selected", i).isEqualTo(updated.version());
      }

      Arrays.sort(nanos);
      System.out.printf(
          Locale.ROOT,
          "Write committed to selected by another instance, %d writes: p50 %.2f ms, p99 %.2f ms,"
              + " max %.2f ms%n",
          writes,
          nanos[writes / 2] / 1e6,
          nanos[(int) Math.ceil(writes * 0.99) - 1] / 1e6,
          nanos[writes - 1] / 1e6);
    }
  }

  @Test
  void printsHowSoonAWatchOnAnotherInstanceIsAnswered() throws Exception {
    int writes = Integer.getInteger("wsqos.broker.notificationLatency.writes", DEFAULT_WRITES);
    try (PostgresInstances instances = new PostgresInstances()) {
      Registry a = instances.registry("a");
      Registry b = instances.registry("b");
      OfferSelector other = instances.open(instances.selector(b, NO_POLL));
      Offer offer =
          publish(
              a,
              endpoint(a, a.registerService(BOOKSTORE, RegistryCompatibilityKit.WSDL), "Acme"),
              "1");
      await().atMost(Duration.ofSeconds(10)).until(() -> selectedVersion(other) == 1);
      long[] nanos = new long[writes];

      for (int i = 0; i < writes; i++) {
        String tag = other.select(BOOKSTORE, RegistryCompatibilityKit.ANYTHING).tag();
        CompletableFuture<Selection> watch =
            other.watch(BOOKSTORE, RegistryCompatibilityKit.ANYTHING, tag, Duration.ofSeconds(10));
        Offer updated =
            a.updateOffer(offer.id(), i + 1, terms(i % 2 == 0 ? "2" : "1").build(), ANY);
        long committed = System.nanoTime();
        Selection answer = watch.join();
        nanos[i] = System.nanoTime() - committed;
        assertThat(answer.candidates().get(0).offer().version())
            .as("write %d answered", i)
            .isEqualTo(updated.version());
      }

      Arrays.sort(nanos);
      System.out.printf(
          Locale.ROOT,
          "Write committed to a watch on another instance answered, %d writes: p50 %.2f ms,"
              + " p99 %.2f ms, max %.2f ms%n",
          writes,
          nanos[writes / 2] / 1e6,
          nanos[(int) Math.ceil(writes * 0.99) - 1] / 1e6,
          nanos[writes - 1] / 1e6);
    }
  }

  private static long selectedVersion(OfferSelector selector) {
    Selection selection = selector.select(BOOKSTORE, RegistryCompatibilityKit.ANYTHING);
    return selection.candidates().isEmpty() ? 0 : selection.candidates().get(0).offer().version();
  }
}

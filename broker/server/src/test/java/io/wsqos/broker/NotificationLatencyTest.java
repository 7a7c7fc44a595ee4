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

  /** What a write is timed to: from its commit on instance a to what instance b's selector does. */
  private interface Seen {
    /** Arms the measurement before the write, e.g. a watch; returns what {@link #await} takes. */
    Object arm(OfferSelector other);

    /** Returns once {@code other} reflects {@code updated}. */
    void await(OfferSelector other, Object armed, Offer updated, int write);
  }

  @Test
  void printsHowSoonAWriteIsSelectedByAnotherInstance() throws Exception {
    measure(
        "Write committed to selected by another instance",
        new Seen() {
          @Override
          public Object arm(OfferSelector other) {
            return null;
          }

          @Override
          public void await(OfferSelector other, Object armed, Offer updated, int write) {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (selectedVersion(other) < updated.version() && System.nanoTime() < deadline) {
              LockSupport.parkNanos(20_000);
            }
            assertThat(selectedVersion(other))
                .as("write %d selected", write)
                .isEqualTo(updated.version());
          }
        });
  }

  @Test
  void printsHowSoonAWatchOnAnotherInstanceIsAnswered() throws Exception {
    measure(
        "Write committed to a watch on another instance answered",
        new Seen() {
          @Override
          public Object arm(OfferSelector other) {
            String tag = other.select(BOOKSTORE, RegistryCompatibilityKit.ANYTHING).tag();
            return other.watch(
                BOOKSTORE, RegistryCompatibilityKit.ANYTHING, tag, Duration.ofSeconds(10));
          }

          @Override
          public void await(OfferSelector other, Object armed, Offer updated, int write) {
            Selection answer =
                ((CompletableFuture<?>) armed).thenApply(Selection.class::cast).join();
            assertThat(answer.candidates().get(0).offer().version())
                .as("write %d answered", write)
                .isEqualTo(updated.version());
          }
        });
  }

  /** Times each of the writes through instance a until instance b's {@code seen}, and prints. */
  private static void measure(String what, Seen seen) throws Exception {
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
        Object armed = seen.arm(other);
        Offer updated =
            a.updateOffer(offer.id(), i + 1, terms(i % 2 == 0 ? "2" : "1").build(), ANY);
        long committed = System.nanoTime();
        seen.await(other, armed, updated, i);
        nanos[i] = System.nanoTime() - committed;
      }

      Arrays.sort(nanos);
      System.out.printf(
          Locale.ROOT,
          "%s, %d writes: p50 %.2f ms, p99 %.2f ms, max %.2f ms%n",
          what,
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

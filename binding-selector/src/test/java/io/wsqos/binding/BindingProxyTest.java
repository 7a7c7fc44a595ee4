package io.wsqos.binding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.wsqos.binding.kit.Catalog;
import io.wsqos.binding.kit.CatalogImpl;
import io.wsqos.server.EmbeddedServer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.cxf.Bus;
import org.apache.cxf.endpoint.Client;
import org.apache.cxf.endpoint.ClientLifeCycleListener;
import org.apache.cxf.endpoint.ClientLifeCycleManager;
import org.apache.cxf.endpoint.Server;
import org.apache.cxf.feature.Feature;
import org.apache.cxf.interceptor.InterceptorProvider;
import org.junit.jupiter.api.Test;

class BindingProxyTest {

  @Test
  void inTheSameJvmTheDefaultRulesChooseThePlainCall() {
    LocalRegistry local = new LocalRegistry();
    try (Publication publication = publishAll(local);
        BindingProxy<Catalog> proxy =
            BindingProxy.builder(Catalog.class)
                .descriptorUrl(publication.descriptorUrl().orElseThrow())
                .localRegistry(local)
                .build()) {

      String echoed = proxy.service().echo("x");

      assertThat(echoed).isEqualTo("x");
      assertThat(proxy.selection().kind()).isEqualTo(BindingKind.LOCAL);
      assertThat(proxy.explain())
          .contains("because: default-rules.txt line 4: if same-jvm and reachable:local then local")
          .contains("selected: on first use")
          .contains("environment: local: IN_JVM");
    }
  }

  @Test
  void withoutTheLocalRegistryTheRulesFollowThePrediction() {
    try (Publication publication = publishAll(new LocalRegistry());
        BindingProxy<Catalog> proxy =
            BindingProxy.builder(Catalog.class)
                .descriptorUrl(publication.descriptorUrl().orElseThrow())
                .build()) {

      proxy.service().echo("x");

      Selection selection = proxy.selection();
      assertThat(selection.kind()).isEqualTo(selection.timePrediction().choice());
      assertThat(selection.decision().reason())
          .contains("if predicted:" + selection.kind() + " then " + selection.kind());
      assertThat(selection.environment().reachability().get(BindingKind.LOCAL).detail())
          .isEqualTo("no local registry given");
    }
  }

  @Test
  void explainBindsWhenNoCallHasYet() {
    LocalRegistry local = new LocalRegistry();
    try (Publication publication = publishAll(local);
        BindingProxy<Catalog> proxy =
            BindingProxy.builder(Catalog.class)
                .descriptor(publication.descriptor())
                .localRegistry(local)
                .build()) {

      assertThat(proxy.toString()).endsWith(", unbound]");
      assertThat(proxy.explain()).startsWith("binding: local wsqos-local:catalog\n");
      assertThat(proxy.toString()).endsWith(" -> local wsqos-local:catalog]");
    }
  }

  @Test
  void reselectDiscoversAndChoosesAgainOnDemand() {
    LocalRegistry local = new LocalRegistry();
    try (Publication publication = publishAll(local);
        BindingProxy<Catalog> proxy =
            BindingProxy.builder(Catalog.class)
                .descriptor(publication.descriptor())
                .localRegistry(local)
                .build()) {
      Selection first = proxy.selection();

      Selection again = proxy.reselect();

      assertThat(again.trigger()).isEqualTo("on demand");
      assertThat(again.environment()).isNotSameAs(first.environment());
      assertThat(proxy.service().echo("still")).isEqualTo("still");
    }
  }

  @Test
  void whenTheChosenBindingFailsTheProxyReselectsAndRetriesACallThatNeverLeft() {
    Publication rmiSide =
        BindingPublisher.builder(Catalog.class, new CatalogImpl()).rmi("127.0.0.1").publish();
    try (Publication soapSide =
            BindingPublisher.builder(Catalog.class, new CatalogImpl())
                .soap(EmbeddedServer.builder().daemonThreads(true), "/catalog")
                .publish();
        BindingProxy<Catalog> proxy =
            BindingProxy.builder(Catalog.class)
                .descriptor(
                    new ServiceDescriptor(
                        Catalog.class.getName(),
                        "1@elsewhere/t",
                        List.of(
                            rmiSide.descriptor().binding(BindingKind.RMI).orElseThrow(),
                            soapSide.descriptor().binding(BindingKind.SOAP).orElseThrow())))
                .rules(PolicyRules.always(BindingKind.RMI, BindingKind.SOAP))
                .build()) {
      Catalog catalog = proxy.service();
      assertThat(catalog.echo("before")).isEqualTo("before");
      assertThat(proxy.selection().kind()).isEqualTo(BindingKind.RMI);

      rmiSide.close();
      String after = catalog.echo("after");

      assertThat(after).isEqualTo("after");
      assertThat(proxy.selection().kind()).isEqualTo(BindingKind.SOAP);
      assertThat(proxy.selection().trigger()).startsWith("after rmi failed: rmi: ");
    } finally {
      rmiSide.close();
    }
  }

  @Test
  void aDescriptorOfAnotherServiceIsRefused() {
    ServiceDescriptor other =
        new ServiceDescriptor("com.example.Other", "j", List.of(BindingAddress.local("catalog")));
    try (BindingProxy<Catalog> proxy =
        BindingProxy.builder(Catalog.class).descriptor(other).build()) {

      assertThatThrownBy(() -> proxy.service().echo("x"))
          .isInstanceOf(IllegalStateException.class)
          .hasMessage("descriptor of com.example.Other (expected: io.wsqos.binding.kit.Catalog)");
    }
  }

  @Test
  void aClosedProxyRefusesCalls() {
    LocalRegistry local = new LocalRegistry();
    try (Publication publication = publishAll(local)) {
      BindingProxy<Catalog> proxy =
          BindingProxy.builder(Catalog.class)
              .descriptor(publication.descriptor())
              .localRegistry(local)
              .build();
      proxy.service().echo("x");

      proxy.close();

      assertThatThrownBy(() -> proxy.service().echo("x"))
          .isInstanceOf(IllegalStateException.class)
          .hasMessageEndingWith("is closed");
    }
  }

  @Test
  void callsThatFindNoBindingYetShareOneSelection() throws Exception {
    LocalRegistry local = new LocalRegistry();
    int threads = 8;
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try (Publication publication = publishInJvm(local);
        BindingProxy<Catalog> proxy = cxfLocalProxy(publication, local).build()) {
      Clients clients = Clients.on(cxfBus(publication, local));
      CyclicBarrier start = new CyclicBarrier(threads);
      List<Future<Selection>> calls = new ArrayList<>();
      for (int i = 0; i < threads; i++) {
        String text = "call " + i;
        calls.add(
            pool.submit(
                () -> {
                  start.await();
                  assertThat(proxy.service().echo(text)).isEqualTo(text);
                  return proxy.selection();
                }));
      }

      Set<Selection> seen = ConcurrentHashMap.newKeySet();
      for (Future<Selection> call : calls) {
        seen.add(call.get(30, TimeUnit.SECONDS));
      }

      assertThat(seen).hasSize(1);
      assertThat(seen.iterator().next().trigger()).isEqualTo("on first use");
      assertThat(clients.created()).isEqualTo(1);
      assertThat(clients.destroyed()).isZero();
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void concurrentReselectionsLeaveOneOfThemChosenAndReleaseEveryOther() throws Exception {
    LocalRegistry local = new LocalRegistry();
    int threads = 4;
    int each = 5;
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try (Publication publication = publishInJvm(local)) {
      BindingProxy<Catalog> proxy = cxfLocalProxy(publication, local).build();
      Clients clients = Clients.on(cxfBus(publication, local));
      Selection first = proxy.selection();
      CyclicBarrier start = new CyclicBarrier(threads);
      // Every reselection by identity: two made at once may be equal, to the clock's resolution.
      Set<Selection> reselected =
          Collections.synchronizedSet(Collections.newSetFromMap(new IdentityHashMap<>()));
      List<Future<?>> runs = new ArrayList<>();
      for (int i = 0; i < threads; i++) {
        runs.add(
            pool.submit(
                () -> {
                  start.await();
                  for (int j = 0; j < each; j++) {
                    reselected.add(proxy.reselect());
                  }
                  return null;
                }));
      }

      for (Future<?> run : runs) {
        run.get(60, TimeUnit.SECONDS);
      }

      assertThat(reselected).hasSize(threads * each).doesNotContain(first);
      assertThat(reselected).contains(proxy.selection());
      assertThat(proxy.service().echo("after")).isEqualTo("after");
      assertThat(clients.created()).isEqualTo(1 + threads * each);
      assertThat(clients.destroyed()).isEqualTo(threads * each);
      proxy.close();
      assertThat(clients.destroyed()).isEqualTo(1 + threads * each);
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void connectingHoldsNoLockAndASelectionThatEndsAfterCloseIsReleased() throws Exception {
    LocalRegistry local = new LocalRegistry();
    ExecutorService pool = Executors.newSingleThreadExecutor();
    BlockingFeature blocking = new BlockingFeature();
    try (Publication publication = publishInJvm(local)) {
      BindingProxy<Catalog> proxy = cxfLocalProxy(publication, local).feature(blocking).build();
      Clients clients = Clients.on(cxfBus(publication, local));
      Future<String> call = pool.submit(() -> proxy.service().echo("x"));
      await().atMost(Duration.ofSeconds(30)).until(() -> blocking.entered.getCount() == 0);

      // Were the lock held while connecting, these would wait for the release below forever.
      String whileConnecting = assertTimeoutPreemptively(Duration.ofSeconds(30), proxy::toString);
      assertTimeoutPreemptively(Duration.ofSeconds(30), proxy::close);
      blocking.release.countDown();

      assertThat(whileConnecting).endsWith(", unbound]");
      assertThatThrownBy(() -> call.get(30, TimeUnit.SECONDS))
          .hasCauseInstanceOf(IllegalStateException.class)
          .cause()
          .hasMessageEndingWith("is closed");
      assertThat(clients.created()).isEqualTo(1);
      assertThat(clients.destroyed()).isEqualTo(1);
    } finally {
      blocking.release.countDown();
      pool.shutdownNow();
    }
  }

  /** Counts the CXF clients created and destroyed on one bus. */
  private static final class Clients implements ClientLifeCycleListener {
    private final AtomicInteger created = new AtomicInteger();
    private final AtomicInteger destroyed = new AtomicInteger();

    static Clients on(Bus bus) {
      Clients clients = new Clients();
      bus.getExtension(ClientLifeCycleManager.class).registerListener(clients);
      return clients;
    }

    @Override
    public void clientCreated(Client client) {
      created.incrementAndGet();
    }

    @Override
    public void clientDestroyed(Client client) {
      destroyed.incrementAndGet();
    }

    int created() {
      return created.get();
    }

    int destroyed() {
      return destroyed.get();
    }
  }

  /** Holds a client's creation, that is the proxy's connecting, until released. */
  private static final class BlockingFeature implements Feature {
    final CountDownLatch entered = new CountDownLatch(1);
    final CountDownLatch release = new CountDownLatch(1);

    @Override
    public void initialize(Client client, Bus bus) {
      entered.countDown();
      try {
        release.await();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }

    @Override
    public void initialize(Server server, Bus bus) {}

    @Override
    public void initialize(InterceptorProvider interceptorProvider, Bus bus) {}

    @Override
    public void initialize(Bus bus) {}
  }

  private static Publication publishInJvm(LocalRegistry local) {
    return BindingPublisher.builder(Catalog.class, new CatalogImpl())
        .local(local)
        .cxfLocal(local)
        .publish();
  }

  private static BindingProxy.Builder<Catalog> cxfLocalProxy(
      Publication publication, LocalRegistry local) {
    return BindingProxy.builder(Catalog.class)
        .descriptor(publication.descriptor())
        .localRegistry(local)
        .rules(PolicyRules.always(BindingKind.CXF_LOCAL));
  }

  private static Bus cxfBus(Publication publication, LocalRegistry local) {
    String name = publication.descriptor().binding(BindingKind.CXF_LOCAL).orElseThrow().name();
    return local.cxfBus(name).orElseThrow();
  }

  private static Publication publishAll(LocalRegistry local) {
    return BindingPublisher.builder(Catalog.class, new CatalogImpl())
        .local(local)
        .cxfLocal(local)
        .rmi("127.0.0.1")
        .soap(EmbeddedServer.builder().daemonThreads(true), "/catalog")
        .publish();
  }
}

package io.wsqos.binding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.wsqos.binding.kit.Catalog;
import io.wsqos.binding.kit.CatalogImpl;
import io.wsqos.server.EmbeddedServer;
import java.util.List;
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

  private static Publication publishAll(LocalRegistry local) {
    return BindingPublisher.builder(Catalog.class, new CatalogImpl())
        .local(local)
        .cxfLocal(local)
        .rmi("127.0.0.1")
        .soap(EmbeddedServer.builder().daemonThreads(true), "/catalog")
        .publish();
  }
}

package io.wsqos.binding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.wsqos.binding.kit.CatalogImpl;
import io.wsqos.binding.kit.Item;
import io.wsqos.binding.kit.NotFoundException;
import io.wsqos.server.EmbeddedServer;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * An interface without {@code @WebService} works on every binding, SOAP and CXF's local transport
 * included, so a proxy whose RMI binding fails fails over to SOAP.
 */
class UnannotatedInterfaceTest {

  /** No JAX-WS annotation anywhere. */
  public interface Shelf {
    String label(String name);

    Item find(String sku) throws NotFoundException;

    Set<String> sorted(Set<String> names);

    Map<String, Integer> doubled(Map<String, Integer> counts);
  }

  public static final class ShelfImpl implements Shelf {
    private final CatalogImpl catalog = new CatalogImpl();

    @Override
    public String label(String name) {
      return "shelf " + name;
    }

    @Override
    public Item find(String sku) throws NotFoundException {
      return catalog.find(sku);
    }

    @Override
    public Set<String> sorted(Set<String> names) {
      return new TreeSet<>(names);
    }

    @Override
    public Map<String, Integer> doubled(Map<String, Integer> counts) {
      Map<String, Integer> doubled = new TreeMap<>();
      counts.forEach((name, count) -> doubled.put(name, 2 * count));
      return doubled;
    }
  }

  @ParameterizedTest
  @EnumSource(BindingKind.class)
  void everyOperationWorksOnEveryBinding(BindingKind kind) {
    LocalRegistry local = new LocalRegistry();
    try (Publication publication =
            BindingPublisher.builder(Shelf.class, new ShelfImpl())
                .local(local)
                .cxfLocal(local)
                .rmi("127.0.0.1")
                .soap(EmbeddedServer.builder().daemonThreads(true), "/shelf")
                .publish();
        BindingProxy<Shelf> proxy =
            BindingProxy.builder(Shelf.class)
                .descriptorUrl(publication.descriptorUrl().orElseThrow())
                .localRegistry(local)
                .rules(PolicyRules.always(kind))
                .build()) {
      Shelf shelf = proxy.service();

      assertThat(shelf.label("a")).isEqualTo("shelf a");
      assertThat(proxy.selection().kind()).isEqualTo(kind);
      assertThat(shelf.find(CatalogImpl.KNOWN_SKU)).isEqualTo(CatalogImpl.knownItem());
      assertThat(catchThrowable(() -> shelf.find("none")))
          .isInstanceOf(NotFoundException.class)
          .hasMessage("no item none");
      assertThat(shelf.sorted(new HashSet<>(Set.of("b", "a")))).isEqualTo(Set.of("a", "b"));
      assertThat(shelf.doubled(new HashMap<>(Map.of("a", 1)))).isEqualTo(Map.of("a", 2));
    } catch (NotFoundException e) {
      throw new AssertionError(e);
    }
  }

  @Test
  void whenRmiStopsTheProxyFailsOverToSoap() {
    try (Publication soap =
            BindingPublisher.builder(Shelf.class, new ShelfImpl())
                .soap(EmbeddedServer.builder().daemonThreads(true), "/shelf")
                .publish();
        Publication rmi =
            BindingPublisher.builder(Shelf.class, new ShelfImpl()).rmi("127.0.0.1").publish()) {
      // One service, as one publisher in another JVM would describe it.
      ServiceDescriptor descriptor =
          new ServiceDescriptor(
              Shelf.class.getName(),
              "1@elsewhere/t",
              List.of(
                  rmi.descriptor().binding(BindingKind.RMI).orElseThrow(),
                  soap.descriptor().binding(BindingKind.SOAP).orElseThrow()));
      try (BindingProxy<Shelf> proxy =
          BindingProxy.builder(Shelf.class)
              .descriptor(descriptor)
              .rules(PolicyRules.always(BindingKind.RMI, BindingKind.SOAP))
              .build()) {
        assertThat(proxy.service().label("before")).isEqualTo("shelf before");
        assertThat(proxy.selection().kind()).isEqualTo(BindingKind.RMI);

        rmi.close();
        String after = proxy.service().label("after");

        assertThat(after).isEqualTo("shelf after");
        assertThat(proxy.selection().kind()).isEqualTo(BindingKind.SOAP);
        assertThat(proxy.selection().trigger()).startsWith("after rmi failed");
        assertThat(proxy.service().sorted(Set.of("y", "x"))).isEqualTo(Set.of("x", "y"));
      }
    }
  }
}

package io.wsqos.binding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.wsqos.binding.kit.Catalog;
import io.wsqos.binding.kit.CatalogImpl;
import io.wsqos.binding.kit.Item;
import io.wsqos.binding.kit.NotFoundException;
import io.wsqos.server.EmbeddedServer;
import java.math.BigDecimal;
import java.util.Calendar;
import java.util.GregorianCalendar;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TimeZone;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * One set of tests every binding must pass alike (as Micrometer's compatibility kit does for
 * registries): the same service published over every binding at once, called through a {@link
 * BindingProxy} whose rules force the binding under test. A subclass names the binding.
 */
abstract class BindingCompatibilityKit {

  private static LocalRegistry local;
  private static Publication publication;

  private BindingProxy<Catalog> proxy;
  private Catalog catalog;

  /** The binding under test. */
  abstract BindingKind kind();

  @BeforeAll
  static void publish() {
    local = new LocalRegistry();
    publication =
        BindingPublisher.builder(Catalog.class, new CatalogImpl())
            .name("catalog")
            .local(local)
            .cxfLocal(local)
            .rmi("127.0.0.1")
            .soap(EmbeddedServer.builder().daemonThreads(true), "/catalog")
            .publish();
  }

  @AfterAll
  static void withdraw() {
    publication.close();
  }

  @BeforeEach
  void bind() {
    proxy =
        BindingProxy.builder(Catalog.class)
            .descriptorUrl(publication.descriptorUrl().orElseThrow())
            .localRegistry(local)
            .rules(PolicyRules.always(kind()))
            .build();
    catalog = proxy.service();
  }

  @AfterEach
  void release() {
    proxy.close();
  }

  @Test
  void callsGoOverTheBindingUnderTest() {
    catalog.echo("hello");

    assertThat(proxy.selection().kind()).isEqualTo(kind());
    assertThat(proxy.explain()).startsWith("binding: " + kind());
  }

  @Test
  void returnsTheServiceResult() throws Exception {
    Item item = catalog.find(CatalogImpl.KNOWN_SKU);

    assertThat(item).isEqualTo(CatalogImpl.knownItem());
  }

  @Test
  void aDeclaredExceptionArrivesAsItselfWithItsFaultInfo() {
    Throwable thrown = catchThrowable(() -> catalog.find("isbn-missing"));

    assertThat(thrown).isInstanceOf(NotFoundException.class).hasMessage("no item isbn-missing");
    assertThat(((NotFoundException) thrown).getFaultInfo().getSku()).isEqualTo("isbn-missing");
  }

  @Test
  void anUndeclaredExceptionArrivesAsServiceFailureWithTheServicesMessage() {
    Throwable thrown = catchThrowable(() -> catalog.fail("stock database is down"));

    assertThat(thrown)
        .isExactlyInstanceOf(ServiceFailureException.class)
        .hasMessage("stock database is down");
  }

  @Test
  void nullArgumentsAndResultsStayNull() {
    assertThat(catalog.echo(null)).isNull();
    assertThat(catalog.shift(null, 3)).isNull();
  }

  @Test
  void nullFieldsOfABeanStayNull() {
    Item sparse = new Item("sku-1", null, null, null, null);

    Item saved = catalog.save(sparse);

    assertThat(saved.getSku()).isEqualTo("sku-1");
    assertThat(saved.getTitle()).isNull();
    assertThat(saved.getPrice()).isNull();
    assertThat(saved.getPublished()).isNull();
    assertThat(saved.getTags()).isNullOrEmpty();
  }

  @Test
  void anEmptyStringIsNotNull() {
    assertThat(catalog.echo("")).isEmpty();
  }

  @Test
  void aLargeStringArrivesWhole() {
    String large = "0123456789abcdef".repeat(128 * 1024); // 2 MiB

    assertThat(catalog.echo(large)).isEqualTo(large);
  }

  @Test
  void aLargeListOfBeansArrivesWhole() {
    List<Item> items = catalog.search("title", 5_000);

    assertThat(items).hasSize(5_000);
    assertThat(items.get(4_999)).isEqualTo(new CatalogImpl().search("title", 5_000).get(4_999));
  }

  @Test
  void calendarsKeepTheirInstantAndOffset() {
    GregorianCalendar at = new GregorianCalendar(TimeZone.getTimeZone("GMT+05:30"));
    at.setTimeInMillis(1_126_289_910_830L);

    Calendar shifted = catalog.shift(at, 3);

    assertThat(shifted.getTimeInMillis()).isEqualTo(1_126_289_910_830L + 3 * 86_400_000L);
    assertThat(shifted.getTimeZone().getOffset(shifted.getTimeInMillis()))
        .isEqualTo(5 * 3_600_000 + 1_800_000);
  }

  @Test
  void stringAndCalendarHeavyBeansRoundTrip() {
    Item item =
        new Item(
            "sku-ü",
            "Grüße aus Köln — 東京 <&> \"quoted\" 'apostrophe'",
            new BigDecimal("1234567.8900"),
            CatalogImpl.date(2005, 9, 9),
            List.of("α", "β", "γ", " spaced "));

    Item saved = catalog.save(item);

    assertThat(saved.getTitle()).isEqualTo("GRÜSSE AUS KÖLN — 東京 <&> \"QUOTED\" 'APOSTROPHE'");
    assertThat(saved.getPrice()).isEqualTo(new BigDecimal("1234567.8900"));
    assertThat(saved.getPublished().getTimeInMillis())
        .isEqualTo(item.getPublished().getTimeInMillis());
    assertThat(saved.getTags()).containsExactly("α", "β", "γ", " spaced ");
  }

  @Test
  void aSetArgumentAndResultRoundTrip() {
    assertThat(catalog.normalize(new HashSet<>(List.of(" B ", "a", "A"))))
        .isEqualTo(Set.of("a", "b"));
    assertThat(catalog.normalize(new LinkedHashSet<>(List.of("z", "Y"))))
        .isEqualTo(Set.of("y", "z"));
    assertThat(catalog.normalize(Set.of("Only"))).isEqualTo(Set.of("only"));
    assertThat(catalog.normalize(Set.of("x", "y", "z"))).isEqualTo(Set.of("x", "y", "z"));
  }

  @Test
  void aMapArgumentAndResultRoundTrip() {
    Map<String, Integer> linked = new LinkedHashMap<>();
    linked.put("z", 0);
    linked.put("a", -1);

    assertThat(catalog.restock(new HashMap<>(Map.of("a", 1, "b", 2)), 3))
        .isEqualTo(Map.of("a", 4, "b", 5));
    assertThat(catalog.restock(linked, 1)).isEqualTo(Map.of("z", 1, "a", 0));
    assertThat(catalog.restock(Map.of("one", 1), 1)).isEqualTo(Map.of("one", 2));
    assertThat(catalog.restock(Map.of("a", 1, "b", 2, "c", 3), 0))
        .isEqualTo(Map.of("a", 1, "b", 2, "c", 3));
  }

  @Test
  void emptySetsAndMapsArriveEmptyOrNull() {
    // SOAP writes no element for an empty collection or map, so it arrives as null there (the
    // service gets null, the caller gets null); the other bindings keep it empty.
    assertThat(catalog.normalize(new HashSet<>())).isNullOrEmpty();
    assertThat(catalog.normalize(Set.of())).isNullOrEmpty();
    assertThat(catalog.restock(new HashMap<>(), 1)).isNullOrEmpty();
    assertThat(catalog.restock(Map.of(), 1)).isNullOrEmpty();
  }
}

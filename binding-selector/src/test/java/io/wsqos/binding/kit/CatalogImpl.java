package io.wsqos.binding.kit;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Calendar;
import java.util.GregorianCalendar;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TimeZone;
import java.util.TreeMap;
import java.util.TreeSet;

/** The kit's implementation: deterministic items, no state. */
public final class CatalogImpl implements Catalog {

  /** The one SKU {@link #find} knows. */
  public static final String KNOWN_SKU = "isbn-0131103628";

  /** The item of {@link #KNOWN_SKU}. */
  public static Item knownItem() {
    return new Item(
        KNOWN_SKU,
        "The C Programming Language",
        new BigDecimal("52.30"),
        date(1988, 3, 22),
        List.of("c", "classic"));
  }

  /** A calendar at noon UTC of the given day. */
  public static Calendar date(int year, int month, int day) {
    GregorianCalendar calendar = new GregorianCalendar(TimeZone.getTimeZone("UTC"));
    calendar.clear();
    calendar.set(year, month - 1, day, 12, 0, 0);
    return calendar;
  }

  @Override
  public Item find(String sku) throws NotFoundException {
    if (KNOWN_SKU.equals(sku)) {
      return knownItem();
    }
    throw new NotFoundException("no item " + sku, new NotFoundInfo(sku));
  }

  @Override
  public List<Item> search(String query, int count) {
    List<Item> items = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      items.add(
          new Item(
              "sku-" + i,
              query + " " + i,
              BigDecimal.valueOf(i, 2),
              date(2000 + i % 20, 1 + i % 12, 1 + i % 28),
              List.of("t" + i)));
    }
    return items;
  }

  @Override
  public String echo(String text) {
    return text;
  }

  @Override
  public Calendar shift(Calendar at, int days) {
    if (at == null) {
      return null;
    }
    Calendar shifted = (Calendar) at.clone();
    shifted.add(Calendar.DAY_OF_MONTH, days);
    return shifted;
  }

  @Override
  public Item save(Item item) {
    String title =
        item.getTitle() == null ? null : item.getTitle().toUpperCase(java.util.Locale.ROOT);
    return new Item(item.getSku(), title, item.getPrice(), item.getPublished(), item.getTags());
  }

  @Override
  public Set<String> normalize(Set<String> tags) {
    Set<String> normalized = new TreeSet<>();
    if (tags == null) {
      return normalized; // SOAP sends an empty set as none at all
    }
    tags.forEach(tag -> normalized.add(tag.trim().toLowerCase(Locale.ROOT)));
    return normalized;
  }

  @Override
  public Map<String, Integer> restock(Map<String, Integer> stock, int added) {
    Map<String, Integer> restocked = new TreeMap<>();
    if (stock == null) {
      return restocked; // SOAP sends an empty map as none at all
    }
    stock.forEach((item, count) -> restocked.put(item, count + added));
    return restocked;
  }

  @Override
  public int fail(String message) {
    throw new IllegalStateException(message);
  }
}

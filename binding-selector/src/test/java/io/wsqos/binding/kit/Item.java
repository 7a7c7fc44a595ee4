package io.wsqos.binding.kit;

import java.io.Serializable;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Calendar;
import java.util.List;
import java.util.Objects;

/** A catalog entry: strings, a decimal, a calendar, a list; any of them may be null. */
public class Item implements Serializable {
  private static final long serialVersionUID = 1L;

  private String sku;
  private String title;
  private BigDecimal price;
  private Calendar published;
  private List<String> tags = new ArrayList<>();

  public Item() {}

  public Item(String sku, String title, BigDecimal price, Calendar published, List<String> tags) {
    this.sku = sku;
    this.title = title;
    this.price = price;
    this.published = published;
    this.tags = tags == null ? null : new ArrayList<>(tags);
  }

  public String getSku() {
    return sku;
  }

  public void setSku(String sku) {
    this.sku = sku;
  }

  public String getTitle() {
    return title;
  }

  public void setTitle(String title) {
    this.title = title;
  }

  public BigDecimal getPrice() {
    return price;
  }

  public void setPrice(BigDecimal price) {
    this.price = price;
  }

  public Calendar getPublished() {
    return published;
  }

  public void setPublished(Calendar published) {
    this.published = published;
  }

  public List<String> getTags() {
    return tags;
  }

  public void setTags(List<String> tags) {
    this.tags = tags;
  }

  // Calendars compare by instant: SOAP keeps the instant and offset, not the zone's name.
  @Override
  public boolean equals(Object o) {
    return o instanceof Item other
        && Objects.equals(sku, other.sku)
        && Objects.equals(title, other.title)
        && Objects.equals(price, other.price)
        && Objects.equals(
            published == null ? null : published.getTimeInMillis(),
            other.published == null ? null : other.published.getTimeInMillis())
        && Objects.equals(tags, other.tags);
  }

  @Override
  public int hashCode() {
    return Objects.hash(sku, title, price);
  }

  @Override
  public String toString() {
    return "Item{"
        + sku
        + ", "
        + title
        + ", "
        + price
        + ", "
        + (published == null ? null : published.toInstant())
        + ", "
        + tags
        + "}";
  }
}

package io.wsqos.binding.kit;

import java.io.Serializable;

/** The fault bean of {@link NotFoundException}: the SKU that was not found. */
public class NotFoundInfo implements Serializable {
  private static final long serialVersionUID = 1L;

  private String sku;

  public NotFoundInfo() {}

  public NotFoundInfo(String sku) {
    this.sku = sku;
  }

  public String getSku() {
    return sku;
  }

  public void setSku(String sku) {
    this.sku = sku;
  }
}

package io.wsqos.broker.soap;

import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlType;
import java.util.ArrayList;
import java.util.List;

/** A page of providers in id order: {@link io.wsqos.broker.api.Page}. */
@XmlType(
    name = "ProviderPage",
    propOrder = {"items", "nextAfter"})
public final class ProviderPage {

  /** The rows, in increasing id order. */
  @XmlElement(name = "item")
  public List<ProviderInfo> items = new ArrayList<>();

  /** The {@code after} of the next page; absent on the last page. */
  public Long nextAfter;

  /** For JAXB. */
  public ProviderPage() {}
}

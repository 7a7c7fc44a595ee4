package io.wsqos.broker.soap;

import jakarta.xml.bind.annotation.XmlType;

/** A provider on the wire: {@link io.wsqos.broker.api.Provider}. */
@XmlType(
    name = "Provider",
    propOrder = {"id", "name"})
public final class ProviderInfo {

  /** The registry's id. */
  public long id;

  /** The provider's unique name. */
  public String name;

  /** For JAXB. */
  public ProviderInfo() {}
}

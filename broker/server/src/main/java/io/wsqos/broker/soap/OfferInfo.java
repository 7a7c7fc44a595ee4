package io.wsqos.broker.soap;

import jakarta.xml.bind.annotation.XmlType;

/** An offer on the wire: {@link io.wsqos.broker.api.Offer}. */
@XmlType(
    name = "Offer",
    propOrder = {"id", "endpointId", "version", "terms"})
public final class OfferInfo {

  /** The registry's id. */
  public long id;

  /** The endpoint it is made for. */
  public long endpointId;

  /** The version to name in an update or withdrawal. */
  public long version;

  /** What it guarantees. */
  public OfferTermsInfo terms;

  /** For JAXB. */
  public OfferInfo() {}
}

package io.wsqos.broker.soap;

import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlSchemaType;
import jakarta.xml.bind.annotation.XmlType;
import java.util.ArrayList;
import java.util.List;

/**
 * An offer's terms on the wire: {@link io.wsqos.broker.api.OfferTerms}, in the tokens of core's
 * WS-QoS vocabulary ({@code best-effort}, {@code assured}, {@code expedited}). In a request, price,
 * currency, response time, availability and throughput are required; no transport priority means
 * {@code best-effort} only, no compression means unsupported, no {@code validFrom} the epoch and no
 * {@code validUntil} no end.
 */
@XmlType(
    name = "OfferTerms",
    propOrder = {
      "price",
      "currency",
      "maxResponseTimeMillis",
      "availability",
      "throughputPerSecond",
      "transportPriorities",
      "compression",
      "validFrom",
      "validUntil"
    })
public final class OfferTermsInfo {

  /**
   * The price per call, {@code >= 0}: an {@code xs:decimal} read as text, so that its length is
   * bounded before it is parsed ({@link io.wsqos.core.Checks#decimal}).
   */
  @XmlSchemaType(name = "decimal")
  public String price;

  /** The ISO 4217 currency of the price, e.g. {@code EUR}. */
  public String currency;

  /** The response time guaranteed, in milliseconds. */
  public Long maxResponseTimeMillis;

  /** The fraction of calls guaranteed to succeed, {@code 0..1}. */
  public Double availability;

  /** The calls per second sustained at these terms. */
  public Double throughputPerSecond;

  /** The transport priority classes offered. */
  @XmlElement(name = "transportPriority")
  public List<String> transportPriorities = new ArrayList<>();

  /** Whether responses can be compressed. */
  public Boolean compression;

  /** The first instant the offer holds, an {@code xs:dateTime} with a time zone. */
  @XmlSchemaType(name = "dateTime")
  public String validFrom;

  /** The first instant it no longer holds, an {@code xs:dateTime} with a time zone. */
  @XmlSchemaType(name = "dateTime")
  public String validUntil;

  /** For JAXB. */
  public OfferTermsInfo() {}
}

package io.wsqos.broker.soap;

import jakarta.xml.bind.annotation.XmlAnyElement;
import jakarta.xml.bind.annotation.XmlRootElement;
import jakarta.xml.bind.annotation.XmlType;
import java.util.ArrayList;
import java.util.List;
import javax.xml.namespace.QName;
import org.w3c.dom.Element;

/**
 * The body of a select: the service's WSDL port type, optionally a currency, and the client's own
 * {@code qos:Requirement} element (core's WS-QoS namespace), exactly as a client puts it in its
 * SOAP header. The requirement is kept as DOM and read with core's codec, so the broker reads it by
 * the same rules as every wsqos endpoint.
 */
@XmlRootElement(name = "select")
@XmlType(
    name = "Select",
    propOrder = {"service", "currency", "requirement"})
public final class SelectRequest {

  /** The service's WSDL port type, an {@code xs:QName}. */
  public QName service;

  /** The ISO 4217 currency to select in; absent for the broker's default. */
  public String currency;

  /** The {@code qos:Requirement} element: exactly one. */
  @XmlAnyElement(ElementHandler.class)
  public List<Element> requirement = new ArrayList<>();

  /** For JAXB. */
  public SelectRequest() {}
}

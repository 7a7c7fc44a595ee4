package io.wsqos.broker.soap;

import jakarta.xml.bind.annotation.XmlType;
import javax.xml.namespace.QName;

/** A service on the wire: {@link io.wsqos.broker.api.Service}. */
@XmlType(
    name = "Service",
    propOrder = {"id", "portType", "wsdlLocation"})
public final class ServiceInfo {

  /** The registry's id. */
  public long id;

  /** The WSDL port type, an {@code xs:QName}. */
  public QName portType;

  /** The WSDL's http or https URL. */
  public String wsdlLocation;

  /** For JAXB. */
  public ServiceInfo() {}
}

package io.wsqos.broker.soap;

import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlType;
import java.util.ArrayList;
import java.util.List;

/** An endpoint on the wire: {@link io.wsqos.broker.api.Endpoint}. */
@XmlType(
    name = "Endpoint",
    propOrder = {"id", "providerId", "serviceId", "address", "bindings"})
public final class EndpointInfo {

  /** The registry's id. */
  public long id;

  /** The provider that runs it. */
  public long providerId;

  /** The service it implements. */
  public long serviceId;

  /** Where to call: an http or https URL. */
  public String address;

  /** The bindings spoken there: {@code soap11}, {@code soap12}. */
  @XmlElement(name = "binding")
  public List<String> bindings = new ArrayList<>();

  /** For JAXB. */
  public EndpointInfo() {}
}

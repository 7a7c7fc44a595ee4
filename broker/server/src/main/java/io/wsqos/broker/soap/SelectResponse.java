package io.wsqos.broker.soap;

import jakarta.xml.bind.annotation.XmlRootElement;
import jakarta.xml.bind.annotation.XmlType;

/** The body of a select's answer. */
@XmlRootElement(name = "selectResponse")
@XmlType(name = "SelectResponse")
public final class SelectResponse {

  /** The selection. */
  public SelectionResult selection;

  /** For JAXB. */
  public SelectResponse() {}
}

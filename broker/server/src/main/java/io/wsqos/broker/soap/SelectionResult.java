package io.wsqos.broker.soap;

import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlSchemaType;
import jakarta.xml.bind.annotation.XmlType;
import java.util.ArrayList;
import java.util.List;

/** The answer to a select: {@link io.wsqos.broker.api.Selection}. */
@XmlType(
    name = "Selection",
    propOrder = {"candidates", "registryVersion", "confirmedAt", "mayBeStale"})
public final class SelectionResult {

  /** The offers that meet the requirement, best first; none when no offer does. */
  @XmlElement(name = "candidate")
  public List<CandidateInfo> candidates = new ArrayList<>();

  /** The registry version the answer reflects. */
  public long registryVersion;

  /** When the broker last confirmed that version with its database. */
  @XmlSchemaType(name = "dateTime")
  public String confirmedAt;

  /** Whether that confirmation is too old, so that changed offers may be missing or out of date. */
  public boolean mayBeStale;

  /** For JAXB. */
  public SelectionResult() {}
}

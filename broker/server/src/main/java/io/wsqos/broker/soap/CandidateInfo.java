package io.wsqos.broker.soap;

import jakarta.xml.bind.annotation.XmlType;

/**
 * One offer of a selection with its provider, service and endpoint: {@link
 * io.wsqos.broker.api.Candidate}.
 */
@XmlType(
    name = "Candidate",
    propOrder = {"provider", "service", "endpoint", "offer", "measured", "receipt"})
public final class CandidateInfo {

  /** Who makes the offer. */
  public ProviderInfo provider;

  /** The service selected for. */
  public ServiceInfo service;

  /** Where to call. */
  public EndpointInfo endpoint;

  /** The offer. */
  public OfferInfo offer;

  /** What was measured of the offer within the broker's window; absent when no report counts. */
  public MeasuredInfo measured;

  /** In a client's selection: the receipt its reports on this offer send back; else absent. */
  public String receipt;

  /** For JAXB. */
  public CandidateInfo() {}
}

package io.wsqos.core.header;

import javax.xml.namespace.QName;

/** The WS-QoS header blocks: a message carries at most one of each. */
public enum WsQosBlock {
  /** {@link QosRequirement}, on requests. */
  REQUIREMENT("Requirement"),
  /** {@link MonitoringTimestamps}, on requests and responses. */
  TIMESTAMPS("Timestamps"),
  /** {@link ServerAction}, on responses. */
  SERVER_ACTION("ServerAction");

  private final String localName;
  private final QName qname;

  WsQosBlock(String localName) {
    this.localName = localName;
    this.qname = new QName(WsQos.NAMESPACE, localName, WsQos.PREFIX);
  }

  /** The header element's local name, e.g. {@code Requirement}. */
  public String localName() {
    return localName;
  }

  /** The header element's qualified name. */
  public QName qname() {
    return qname;
  }
}

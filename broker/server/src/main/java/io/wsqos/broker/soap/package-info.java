/**
 * The broker's SOAP API: {@link io.wsqos.broker.soap.BrokerPort}, a JAX-WS document/literal
 * endpoint in the namespace {@value io.wsqos.broker.soap.BrokerSoap#NAMESPACE} over the {@link
 * io.wsqos.broker.service.BrokerService}, mounted with {@link io.wsqos.broker.soap.BrokerSoap}. A
 * select takes the client's own {@code qos:Requirement} element as its query.
 */
@XmlSchema(
    namespace = BrokerSoap.NAMESPACE,
    elementFormDefault = XmlNsForm.UNQUALIFIED,
    xmlns = @XmlNs(prefix = "b", namespaceURI = BrokerSoap.NAMESPACE))
@XmlAccessorType(XmlAccessType.FIELD)
package io.wsqos.broker.soap;

import jakarta.xml.bind.annotation.XmlAccessType;
import jakarta.xml.bind.annotation.XmlAccessorType;
import jakarta.xml.bind.annotation.XmlNs;
import jakarta.xml.bind.annotation.XmlNsForm;
import jakarta.xml.bind.annotation.XmlSchema;

/**
 * The WS-QoS header vocabulary (namespace {@value io.wsqos.core.header.WsQos#NAMESPACE}, schema
 * {@value io.wsqos.core.header.WsQos#SCHEMA_RESOURCE}): the value types of its blocks ({@link
 * io.wsqos.core.header.QosRequirement}, {@link io.wsqos.core.header.MonitoringTimestamps}, {@link
 * io.wsqos.core.header.ServerAction}), the {@link io.wsqos.core.header.WsQosCodec} that reads and
 * writes them on a CXF {@code SoapMessage}, and the {@link io.wsqos.core.header.WsQosHeaderFeature}
 * that decodes them once per inbound message and enforces {@code mustUnderstand}.
 *
 * <p>Interceptors of other features read the decoded blocks with {@link
 * io.wsqos.core.header.WsQosHeaders#from(org.apache.cxf.message.Message)} and write theirs with
 * {@link io.wsqos.core.header.WsQosCodec}.
 */
package io.wsqos.core.header;

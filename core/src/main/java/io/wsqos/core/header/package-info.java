/**
 * The WS-QoS header vocabulary (namespace {@value io.wsqos.core.header.WsQos#NAMESPACE}, schema
 * {@value io.wsqos.core.header.WsQos#SCHEMA_RESOURCE}): the value types of its blocks ({@link
 * io.wsqos.core.header.QosRequirement}, {@link io.wsqos.core.header.MonitoringTimestamps}, {@link
 * io.wsqos.core.header.ServerAction}), the {@link io.wsqos.core.header.WsQosCodec} that writes them
 * on a CXF {@code SoapMessage} and reads them from DOM elements, and the one header path: {@link
 * io.wsqos.core.header.WsQosHeaderInterceptor}, which every wsqos feature installs once per
 * endpoint or client ({@link io.wsqos.core.header.WsQosHeaderInterceptor#install}; {@link
 * io.wsqos.core.header.WsQosHeaderFeature} alone installs it too), decodes the blocks once per
 * inbound message and enforces {@code mustUnderstand}; whether the received blocks also stay in
 * CXF's header list is chosen once per endpoint or client ({@link
 * io.wsqos.core.header.BlockRetention}). The {@link io.wsqos.core.header.WsQosEndpointBaseline},
 * which every feature that serves requests installs explicitly, answers the client's errors with
 * {@code soap:Client}, answers in UTF-8 and declares the blocks in the endpoint's WSDL.
 *
 * <p>Interceptors of other features read a message's blocks with {@link
 * io.wsqos.core.header.WsQosHeaders#from(org.apache.cxf.message.Message)}, the one way to, and
 * write theirs with {@link io.wsqos.core.header.WsQosCodec}; a decision that may change once the
 * envelope is serialized is written in a {@link io.wsqos.core.header.ServerActionSlot}.
 */
package io.wsqos.core.header;

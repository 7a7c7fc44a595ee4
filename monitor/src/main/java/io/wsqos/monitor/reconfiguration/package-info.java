/**
 * Reconfiguration: QoS-driven rerouting of a CXF client among the endpoints that serve its service.
 * {@link io.wsqos.monitor.reconfiguration.ReroutingFeature} moves the client away from an endpoint
 * that a diagnosis alarm or a transport failure names, probes it off the request path, and brings
 * the client back once it is healthy again.
 */
package io.wsqos.monitor.reconfiguration;

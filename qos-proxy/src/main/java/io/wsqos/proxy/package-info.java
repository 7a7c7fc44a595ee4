/**
 * DiffServ for SOAP services: {@link io.wsqos.proxy.DscpMapping} turns a WS-QoS transport priority
 * class into a DSCP, {@link io.wsqos.proxy.MarkingPolicy} grants a request at most the class its
 * client is entitled to, and {@link io.wsqos.proxy.DscpMarkingFeature} marks each response's
 * packets on the server's own connection.
 */
package io.wsqos.proxy;

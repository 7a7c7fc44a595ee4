package io.wsqos.proxy;

import io.wsqos.core.compression.InflationLimits;
import java.time.Duration;

/**
 * The bounds the proxy applies to a request before it reaches the service, and to the exchange with
 * the service; validated by {@link QosReverseProxy.Builder}.
 *
 * @param maxHeaderBytes the most of a body read to find the end of its SOAP header
 * @param maxBodyBytes the most of a body held; a longer one gets 413
 * @param maxHeldBytes the most bytes of all request bodies held at once; a body beyond gets 503
 * @param bodyTimeout how long a client may take to send its whole body; then 408
 * @param upstreamConnectTimeout how long a connection to the service may take; then 504
 * @param upstreamIdleTimeout how long the service may stay silent during an exchange; then 504
 * @param inflationLimits the bounds for inflating a compressed body's start
 */
record ProxyLimits(
    int maxHeaderBytes,
    int maxBodyBytes,
    long maxHeldBytes,
    Duration bodyTimeout,
    Duration upstreamConnectTimeout,
    Duration upstreamIdleTimeout,
    InflationLimits inflationLimits) {}

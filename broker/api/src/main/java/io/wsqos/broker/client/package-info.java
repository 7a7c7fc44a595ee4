/**
 * The broker's typed Java client: {@link io.wsqos.broker.client.BrokerClient} over the REST API,
 * and {@link io.wsqos.broker.client.BrokerEndpointCandidates}, core's endpoint candidates for the
 * monitor's rerouting from the broker's selections.
 */
package io.wsqos.broker.client;

/**
 * The Web Service Broker's values, shared by the broker and whoever talks to it: {@link
 * io.wsqos.broker.api.Provider}, {@link io.wsqos.broker.api.Service}, {@link
 * io.wsqos.broker.api.Endpoint}, {@link io.wsqos.broker.api.Offer} with its {@link
 * io.wsqos.broker.api.OfferTerms} (core's WS-QoS terms plus a currency, throughput and a validity
 * period), the {@link io.wsqos.broker.api.Selection} a client gets for its requirement, and the
 * {@link io.wsqos.broker.api.BrokerException}s a call can end in. Every value checks its fields
 * when built and names the one it refuses.
 */
package io.wsqos.broker.api;

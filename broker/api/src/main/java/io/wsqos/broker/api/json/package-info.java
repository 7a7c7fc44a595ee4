/**
 * The broker's JSON: {@link io.wsqos.broker.api.json.BrokerJson}, the one Jackson mapping of the
 * broker's values, and the {@link io.wsqos.broker.api.json.Requests} bodies of its REST API.
 */
package io.wsqos.broker.api.json;

/**
 * The broker's REST/JSON API: JAX-RS resources over the {@link
 * io.wsqos.broker.service.BrokerService}, mounted on the project's server through {@link
 * io.wsqos.broker.rest.BrokerRest}.
 */
package io.wsqos.broker.rest;

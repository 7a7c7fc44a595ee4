/**
 * The broker's access layer: {@link io.wsqos.broker.service.BrokerService}, through which every API
 * reaches the registry and the selector, so that authentication, the rules of who may change what,
 * the checks of a request's values and the typed errors exist once. A {@link
 * io.wsqos.broker.service.Caller} carries a request's bearer token.
 */
package io.wsqos.broker.service;

package io.wsqos.broker.registry;

/** Where an endpoint or an offer is: the endpoint, its service and its provider. */
record Place(long endpointId, long serviceId, long providerId) {}

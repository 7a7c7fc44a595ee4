/**
 * The broker's registry in H2 or PostgreSQL: {@link io.wsqos.broker.registry.Registry} writes and
 * reads providers, services, endpoints and offers (each write one transaction that increments the
 * registry version), and reads all of it at once as a {@link
 * io.wsqos.broker.registry.RegistrySnapshot} for the selection index. Each table's SQL and row
 * mapping are in a package-private class of its own, written from one list of its columns. The one
 * migration is under {@code io/wsqos/broker/registry/db/broker-registry}.
 */
package io.wsqos.broker.registry;

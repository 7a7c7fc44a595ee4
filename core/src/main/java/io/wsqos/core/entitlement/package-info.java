/**
 * What a client is entitled to: {@link io.wsqos.core.entitlement.PriorityEntitlement}, the highest
 * transport priority class a client may be granted. The QoS proxy asks it; the broker can answer it
 * from its contracts, so that neither module depends on the other.
 */
package io.wsqos.core.entitlement;

/**
 * A provider that is busy, not broken: its answer (HTTP 503 with {@code Retry-After}) read on the
 * client as a {@link io.wsqos.core.overload.ProviderBusyException} carrying how long to stay away,
 * so that the monitor's rerouting and the broker's QoS-aware client back off instead of rerouting
 * or retrying. Neither knows the other; both read the same answer.
 */
package io.wsqos.core.overload;

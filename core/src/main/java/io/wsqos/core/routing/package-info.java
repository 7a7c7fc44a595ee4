/**
 * Where a service can be reached: the candidate endpoints that a client may be moved between. The
 * broker supplies them; the monitor's reconfiguration consumes them; neither knows the other.
 */
package io.wsqos.core.routing;

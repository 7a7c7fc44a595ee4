/** The mechanics of each binding: invokers, the RMI adapter and filter, the descriptor servlet. */
package io.wsqos.binding.internal;

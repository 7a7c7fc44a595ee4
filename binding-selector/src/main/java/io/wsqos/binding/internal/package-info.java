/**
 * The mechanics of each binding: invokers, the RMI adapter and filter, the descriptor servlet, and
 * the class generated (with ASM) that routes the local binding's calls to the implementation.
 */
package io.wsqos.binding.internal;

/** Parts of the WS-QoS codec that are not API: they may change without notice. */
package io.wsqos.core.header.internal;

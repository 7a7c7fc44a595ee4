/** The WS-QoS vocabulary, the load probe and compression. */
package io.wsqos.core;

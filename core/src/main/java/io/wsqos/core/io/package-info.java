/** Streams the features share on the request path: plain pass-through with a byte count. */
package io.wsqos.core.io;

/**
 * The one embedded server of the project: {@link io.wsqos.server.EmbeddedServer} serves CXF JAX-WS
 * endpoints, JAX-RS resources and plain servlets on Jetty 12, on a dedicated CXF bus, and logs each
 * fault in one line. Tests, the bookstore and every later launcher start their servers with it.
 */
package io.wsqos.server;

/**
 * The broker's console, a page for a browser: {@link io.wsqos.broker.console.ConsoleServlet} serves
 * it and the {@link io.wsqos.broker.console.ConsoleState} that {@link
 * io.wsqos.broker.console.Console} reads from the selector's index, the service and the {@link
 * io.wsqos.broker.console.PriceHistory}; writes go through the REST API.
 */
package io.wsqos.broker.console;

package io.wsqos.proxy;

import java.util.Map;
import org.eclipse.jetty.client.transport.HttpClientTransportOverHTTP;
import org.eclipse.jetty.client.transport.HttpExchange;
import org.eclipse.jetty.client.transport.SendFailure;
import org.eclipse.jetty.client.transport.internal.HttpConnectionOverHTTP;
import org.eclipse.jetty.io.ClientConnector;
import org.eclipse.jetty.io.Connection;
import org.eclipse.jetty.io.EndPoint;

/**
 * HTTP/1.1 to the upstream service on connections whose reads Jetty may run on the selector thread
 * that saw them ready. The proxy's response listeners never block (they hand each chunk to the
 * client's connection with a callback, or hold a clamped response in memory and rewrite it when it
 * ends), so the hand-off to a pooled thread that Jetty 12.0's client makes for every read (its
 * HTTP/1.1 connections declare themselves blocking) would buy nothing and cost two context switches
 * per response. On the proxy's {@link UpstreamTransport} each exchange sent tells the connection's
 * endpoint that a response head comes next, for it to check.
 */
final class NonBlockingTransport extends HttpClientTransportOverHTTP {

  NonBlockingTransport(ClientConnector connector) {
    super(connector);
  }

  @Override
  public Connection newConnection(EndPoint endPoint, Map<String, Object> context) {
    HttpConnectionOverHTTP connection =
        new HttpConnectionOverHTTP(endPoint, context) {
          @Override
          public InvocationType getInvocationType() {
            return InvocationType.NON_BLOCKING;
          }

          @Override
          public SendFailure send(HttpExchange exchange) {
            if (endPoint instanceof UpstreamTransport.HeadCheckingEndPoint checking) {
              checking.expectHead();
            }
            return super.send(exchange);
          }
        };
    connection.setInitialize(isInitializeConnections());
    return customize(connection, context);
  }
}

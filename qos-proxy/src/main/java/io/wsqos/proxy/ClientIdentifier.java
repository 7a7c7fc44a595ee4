package io.wsqos.proxy;

import jakarta.servlet.http.HttpServletRequest;
import org.apache.cxf.message.Message;
import org.apache.cxf.transport.http.AbstractHTTPDestination;

/**
 * Who sent a request, as the key a {@link io.wsqos.core.entitlement.PriorityEntitlement} knows
 * clients by. Called on the request path: no I/O, no locks.
 */
@FunctionalInterface
public interface ClientIdentifier {

  /** The client of {@code request}, an inbound message; null when it cannot be told. */
  String identify(Message request);

  /**
   * The client's IP address as the server's connection sees it ({@code
   * HttpServletRequest.getRemoteAddr()}), e.g. {@code 198.18.0.2}: right for clients that reach the
   * server directly, not through a proxy or NAT that hides them.
   */
  static ClientIdentifier remoteAddress() {
    return request ->
        request.get(AbstractHTTPDestination.HTTP_REQUEST) instanceof HttpServletRequest http
            ? http.getRemoteAddr()
            : null;
  }

  /**
   * The name the request was authenticated as ({@code HttpServletRequest.getRemoteUser()}), e.g.
   * with HTTP Basic authentication; null for an anonymous request.
   */
  static ClientIdentifier remoteUser() {
    return request ->
        request.get(AbstractHTTPDestination.HTTP_REQUEST) instanceof HttpServletRequest http
            ? http.getRemoteUser()
            : null;
  }
}

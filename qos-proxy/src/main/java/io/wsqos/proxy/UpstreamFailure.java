package io.wsqos.proxy;

import io.wsqos.proxy.UpstreamTransport.MalformedHeadException;
import java.io.EOFException;
import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.util.concurrent.TimeoutException;
import org.eclipse.jetty.client.HttpResponseException;
import org.eclipse.jetty.http.HttpException;

/**
 * Why an exchange with the service failed, with the status the proxy answers: 502 when the service
 * could not be reached or answered with something that is not HTTP, 504 when it took too long.
 */
enum UpstreamFailure {
  REFUSED("refused", 502),
  CONNECT_TIMEOUT("connect-timeout", 504),
  IDLE_TIMEOUT("idle-timeout", 504),
  MALFORMED_RESPONSE("malformed-response", 502),
  CLOSED("closed", 502),
  FAILED("failed", 502);

  private final String tag;
  private final int status;

  UpstreamFailure(String tag, int status) {
    this.tag = tag;
    this.status = status;
  }

  /** The value of the counter's {@code reason} tag. */
  String tag() {
    return tag;
  }

  /** The HTTP status the client gets. */
  int status() {
    return status;
  }

  /** What {@code failure}, as Jetty's client reports it, says went wrong. */
  static UpstreamFailure of(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof ConnectException) {
        return REFUSED;
      }
      // NIO channels throw it only for a connect that did not finish in time.
      if (t instanceof SocketTimeoutException) {
        return CONNECT_TIMEOUT;
      }
      if (t instanceof TimeoutException) {
        return IDLE_TIMEOUT;
      }
      if (t instanceof MalformedHeadException
          || t instanceof HttpException
          || t instanceof HttpResponseException) {
        return MALFORMED_RESPONSE;
      }
      if (t instanceof EOFException) {
        return CLOSED;
      }
    }
    return FAILED;
  }

  /**
   * The fault string the client reads. It names neither the service's address nor the proxy's
   * internals beyond the setting that was exceeded.
   */
  String describe(ProxyLimits limits, Throwable failure) {
    return switch (this) {
      case REFUSED -> "the service behind the proxy refused the connection";
      case CONNECT_TIMEOUT ->
          "the service behind the proxy did not accept a connection within "
              + limits.upstreamConnectTimeout().toMillis()
              + " ms (the proxy's upstream connect timeout)";
      case IDLE_TIMEOUT ->
          "the service behind the proxy sent nothing for "
              + limits.upstreamIdleTimeout().toMillis()
              + " ms (the proxy's upstream idle timeout)";
      case MALFORMED_RESPONSE ->
          "the service behind the proxy sent a malformed response: " + message(failure);
      case CLOSED -> "the service behind the proxy closed the connection before it answered";
      case FAILED -> "the exchange with the service behind the proxy failed";
    };
  }

  private static String message(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof MalformedHeadException
          || t instanceof HttpException
          || t instanceof HttpResponseException) {
        return t.getMessage();
      }
    }
    return String.valueOf(failure.getMessage());
  }
}

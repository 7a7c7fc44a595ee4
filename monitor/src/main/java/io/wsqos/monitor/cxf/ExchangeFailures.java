package io.wsqos.monitor.cxf;

import io.wsqos.core.overload.ProviderBusyException;
import io.wsqos.monitor.Outcome;
import java.io.IOException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.PortUnreachableException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.net.http.HttpTimeoutException;
import org.apache.cxf.binding.soap.SoapFault;
import org.apache.cxf.transport.http.HTTPException;

/**
 * Classifies what a client saw when an exchange failed: the one classifier of I/O failures, used by
 * the monitor's requester side, its rerouting, and the benchmarks' load driver.
 */
public final class ExchangeFailures {

  /** Longest cause chain walked: CXF wraps a socket error in two or three faults. */
  private static final int MAX_CAUSE_DEPTH = 16;

  private ExchangeFailures() {}

  /**
   * The outcome of an exchange that ended with {@code failure}: {@link Outcome#BUSY} when the cause
   * chain holds a {@link ProviderBusyException} (a busy answer, or a call held back during its
   * Retry-After), {@link Outcome#REFUSED} when the cause chain holds a refused or unroutable
   * connection, {@link Outcome#TIMEOUT} for a connect or receive timeout (the JDK client's {@link
   * HttpTimeoutException} or a {@link SocketTimeoutException}), {@link Outcome#HTTP_ERROR} for
   * CXF's {@link HTTPException} (an error status without a SOAP fault), {@link
   * Outcome#TRANSPORT_ERROR} for any other I/O error, {@link Outcome#SOAP_FAULT} for a {@link
   * SoapFault} without an I/O cause (the provider answered), and {@link Outcome#TRANSPORT_ERROR}
   * for anything else (the exchange failed outside the provider).
   */
  public static Outcome outcomeOf(Throwable failure) {
    if (failure == null) {
      return Outcome.TRANSPORT_ERROR;
    }
    Throwable cause = failure;
    for (int depth = 0; cause != null && depth < MAX_CAUSE_DEPTH; depth++) {
      if (cause instanceof ProviderBusyException) {
        return Outcome.BUSY;
      }
      if (cause instanceof ConnectException
          || cause instanceof NoRouteToHostException
          || cause instanceof PortUnreachableException
          || cause instanceof UnknownHostException) {
        // The JDK client reports a connect timeout as HttpConnectTimeoutException, which is a
        // ConnectException's sibling (an HttpTimeoutException), so it is not caught here.
        return Outcome.REFUSED;
      }
      if (cause instanceof SocketTimeoutException || cause instanceof HttpTimeoutException) {
        return Outcome.TIMEOUT;
      }
      if (cause instanceof HTTPException) {
        return Outcome.HTTP_ERROR;
      }
      if (cause instanceof IOException) {
        return Outcome.TRANSPORT_ERROR;
      }
      cause = cause.getCause() == cause ? null : cause.getCause();
    }
    return failure instanceof SoapFault ? Outcome.SOAP_FAULT : Outcome.TRANSPORT_ERROR;
  }

  /**
   * Whether {@code outcome} means the endpoint could not be reached, did not answer, or answered
   * with an HTTP error instead of SOAP. {@link Outcome#BUSY} is not one: the endpoint answered.
   */
  public static boolean isTransportFailure(Outcome outcome) {
    return outcome == Outcome.REFUSED
        || outcome == Outcome.TIMEOUT
        || outcome == Outcome.TRANSPORT_ERROR
        || outcome == Outcome.HTTP_ERROR;
  }
}

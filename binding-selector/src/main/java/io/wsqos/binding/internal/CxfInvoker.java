package io.wsqos.binding.internal;

import static java.util.Objects.requireNonNull;

import io.wsqos.binding.BindingFailureException;
import io.wsqos.binding.BindingKind;
import io.wsqos.binding.ServiceFailureException;
import jakarta.xml.ws.WebServiceException;
import jakarta.xml.ws.soap.SOAPFaultException;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpTimeoutException;
import java.util.List;
import javax.xml.stream.XMLStreamException;
import org.apache.cxf.Bus;
import org.apache.cxf.binding.soap.SoapFault;
import org.apache.cxf.endpoint.Client;
import org.apache.cxf.feature.Feature;
import org.apache.cxf.frontend.ClientProxy;
import org.apache.cxf.jaxws.JaxWsProxyFactoryBean;
import org.apache.cxf.transport.http.HTTPConduit;
import org.apache.cxf.transports.http.configuration.HTTPClientPolicy;

/**
 * Calls the service through a CXF JAX-WS client: SOAP over HTTP, or over CXF's local transport on
 * the publisher's bus.
 */
public final class CxfInvoker implements Invoker {

  /** CXF's contextual property that makes an HTTP client use its HttpURLConnection conduit. */
  static final String FORCE_URL_CONNECTION = "force.urlconnection.http.conduit";

  private final BindingKind kind;
  private final Object client;
  private final Bus ownBus;

  private CxfInvoker(BindingKind kind, Object client, Bus ownBus) {
    this.kind = kind;
    this.client = client;
    this.ownBus = ownBus;
  }

  /**
   * A SOAP client of {@code url} on a bus of its own.
   *
   * @param connectTimeoutMillis how long a connection may take
   * @param receiveTimeoutMillis how long a response may take
   */
  public static <T> CxfInvoker soap(
      Class<T> sei,
      String url,
      List<? extends Feature> features,
      long connectTimeoutMillis,
      long receiveTimeoutMillis) {
    Bus bus = Buses.dedicated();
    try {
      Object client = create(sei, url, bus, features);
      Client cxf = ClientProxy.getClient(client);
      HTTPClientPolicy policy = new HTTPClientPolicy();
      policy.setConnectionTimeout(connectTimeoutMillis);
      policy.setReceiveTimeout(receiveTimeoutMillis);
      ((HTTPConduit) cxf.getConduit()).setClient(policy);
      // CXF's default conduit (the JDK's HttpClient) bounds only the wait for the headers: a
      // provider stalling mid-body would hold the call past the receive timeout. HttpURLConnection
      // bounds every read (as wsqos-core's ClientTimeouts, which this module does not depend on).
      cxf.getEndpoint().put(FORCE_URL_CONNECTION, Boolean.TRUE);
      return new CxfInvoker(BindingKind.SOAP, client, bus);
    } catch (RuntimeException e) {
      bus.shutdown(true);
      throw e;
    }
  }

  /** A client of the local-transport endpoint {@code local://name} published on {@code bus}. */
  public static <T> CxfInvoker local(
      Class<T> sei, String address, Bus bus, List<? extends Feature> features) {
    return new CxfInvoker(BindingKind.CXF_LOCAL, create(sei, address, bus, features), null);
  }

  private static Object create(
      Class<?> sei, String address, Bus bus, List<? extends Feature> features) {
    JaxWsProxyFactoryBean factory = PlainInterfaces.clientFactory(sei);
    factory.setBus(requireNonNull(bus, "bus"));
    factory.setServiceClass(sei);
    factory.setAddress(address);
    factory.getFeatures().addAll(features);
    return factory.create();
  }

  @Override
  public Object invoke(Method method, Object[] args) throws Throwable {
    try {
      return method.invoke(client, args);
    } catch (InvocationTargetException e) {
      throw map(method, e.getCause());
    }
  }

  private Throwable map(Method method, Throwable thrown) {
    if (thrown instanceof SOAPFaultException fault) {
      return new ServiceFailureException(fault.getFault().getFaultString());
    }
    if (thrown instanceof WebServiceException) {
      // Without a SAAJ implementation CXF reports the server's fault as the SoapFault it read. A
      // SoapFault of CXF's own over a response it could not read (cut, or stalled past the
      // receive timeout) is the binding's failure.
      for (Throwable t = thrown; t != null; t = t.getCause()) {
        if (t instanceof SoapFault fault) {
          if (!unreadable(fault)) {
            return new ServiceFailureException(fault.getMessage());
          }
          break;
        }
      }
      boolean beforeSend = false;
      for (Throwable t = thrown; t != null; t = t.getCause()) {
        if (t instanceof ConnectException
            || t instanceof NoRouteToHostException
            || t instanceof UnknownHostException
            || t instanceof HttpConnectTimeoutException
            || timedOutConnecting(t)) {
          beforeSend = true;
          break;
        }
        if (t instanceof SocketTimeoutException || t instanceof HttpTimeoutException) {
          break;
        }
      }
      return new BindingFailureException(
          kind, beforeSend, String.valueOf(thrown.getMessage()), thrown);
    }
    return ServiceExceptions.map(method, thrown);
  }

  /**
   * Whether {@code thrown} is a timeout thrown while the socket was still connecting (CXF wraps the
   * socket's exception in one of the same class). HttpURLConnection reports a connect timeout and a
   * read timeout with the same class; only where it was thrown tells them apart, and {@link
   * Socket#connect} is on the stack of the first only.
   */
  private static boolean timedOutConnecting(Throwable thrown) {
    for (Throwable t = thrown; t instanceof SocketTimeoutException; t = t.getCause()) {
      for (StackTraceElement frame : t.getStackTrace()) {
        if (frame.getClassName().equals(Socket.class.getName())
            && frame.getMethodName().equals("connect")) {
          return true;
        }
      }
    }
    return false;
  }

  /** Whether {@code fault} is CXF's report of a response it could not read. */
  private static boolean unreadable(SoapFault fault) {
    for (Throwable t = fault.getCause(); t != null; t = t.getCause()) {
      if (t instanceof IOException || t instanceof XMLStreamException) {
        return true;
      }
    }
    return false;
  }

  @Override
  public void close() {
    Client cxf = ClientProxy.getClient(client);
    cxf.destroy();
    if (ownBus != null) {
      ownBus.shutdown(true);
    }
  }
}

package io.wsqos.binding.internal;

import static java.util.Objects.requireNonNull;

import io.wsqos.binding.BindingAddress;
import io.wsqos.binding.BindingFailureException;
import io.wsqos.binding.BindingKind;
import java.lang.reflect.Method;
import java.rmi.ConnectException;
import java.rmi.ConnectIOException;
import java.rmi.NotBoundException;
import java.rmi.RemoteException;
import java.rmi.UnknownHostException;
import java.util.HashMap;
import java.util.Map;

/** Calls the service through the stub its RMI registry holds. */
public final class RmiInvoker implements Invoker {
  private final RemoteInvoker stub;
  private final Map<Method, String> keys;

  private RmiInvoker(RemoteInvoker stub, Map<Method, String> keys) {
    this.stub = stub;
    this.keys = keys;
  }

  /**
   * Looks the service up at {@code address} (the name is checked by {@link BindingAddress}: no URL
   * is built from it).
   *
   * @throws BindingFailureException if the registry cannot be reached or holds no such service
   */
  public static RmiInvoker connect(Class<?> sei, BindingAddress address, int connectTimeoutMillis) {
    requireNonNull(address, "address");
    try {
      RemoteInvoker stub = RmiExport.lookup(address, connectTimeoutMillis);
      Map<Method, String> keys = new HashMap<>();
      Signatures.operations(sei).forEach((key, method) -> keys.put(method, key));
      return new RmiInvoker(stub, keys);
    } catch (RemoteException e) {
      throw failure(e);
    } catch (NotBoundException e) {
      throw new BindingFailureException(BindingKind.RMI, true, "not bound: " + address.name(), e);
    }
  }

  /** The stub itself, for the calibration probe's reserved operation. */
  RemoteInvoker stub() {
    return stub;
  }

  @Override
  public Object invoke(Method method, Object[] args) throws Throwable {
    try {
      return stub.invoke(keys.get(method), args == null ? new Object[0] : args);
    } catch (RemoteException e) {
      throw failure(e);
    } catch (Exception e) {
      throw ServiceExceptions.map(method, e);
    }
  }

  private static BindingFailureException failure(RemoteException e) {
    // Refused, unknown host, or an object no longer exported: the service did not run.
    boolean beforeSend =
        e instanceof ConnectException
            || e instanceof java.rmi.NoSuchObjectException
            || e instanceof ConnectIOException
            || e instanceof UnknownHostException;
    return new BindingFailureException(BindingKind.RMI, beforeSend, e.getMessage(), e);
  }

  @Override
  public void close() {
    // The stub holds no resource of its own; RMI closes idle connections itself.
  }
}

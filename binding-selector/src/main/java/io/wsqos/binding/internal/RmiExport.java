package io.wsqos.binding.internal;

import static java.util.Objects.requireNonNull;

import io.wsqos.binding.BindingAddress;
import java.io.ObjectInputFilter;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.rmi.NoSuchObjectException;
import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.UnicastRemoteObject;
import java.util.List;

/**
 * A service exported over RMI: its own registry and the adapter object, both listening on one
 * interface only; the adapter unmarshals its arguments through the service's allow-list, the
 * registry through the JDK's registry filter (itself an allow-list). Closing unexports both.
 */
public final class RmiExport implements AutoCloseable {
  private final Registry registry;
  private final RmiServiceAdapter adapter;
  private final BindingAddress address;
  private final List<RmiSocketFactories.Bound> sockets;

  private RmiExport(
      Registry registry,
      RmiServiceAdapter adapter,
      BindingAddress address,
      List<RmiSocketFactories.Bound> sockets) {
    this.registry = registry;
    this.adapter = adapter;
    this.address = address;
    this.sockets = sockets;
  }

  /**
   * Exports {@code implementor} of {@code sei} as {@code name}.
   *
   * @param host the interface to listen on and the host the stubs connect to
   * @param registryPort the registry's port, 0 for a free one
   * @param connectTimeoutMillis the clients' connect timeout, carried in the stub
   * @throws IllegalStateException if a port cannot be bound
   */
  public static RmiExport export(
      Class<?> sei,
      Object implementor,
      String name,
      String host,
      int registryPort,
      int connectTimeoutMillis,
      List<String> extraPatterns,
      long maxMessageBytes) {
    requireNonNull(name, "name");
    InetAddress address;
    try {
      address = InetAddress.getByName(host);
    } catch (UnknownHostException e) {
      throw new IllegalArgumentException("rmi host: " + host + " (expected: a local address)", e);
    }
    ObjectInputFilter filter = SerialFilters.allowList(sei, extraPatterns, maxMessageBytes);
    RmiSocketFactories.Bound registrySockets = new RmiSocketFactories.Bound(address);
    RmiSocketFactories.Connecting clientSockets =
        new RmiSocketFactories.Connecting(host, connectTimeoutMillis);
    RmiSocketFactories.Bound objectSockets = new RmiSocketFactories.Bound(address);
    RmiServiceAdapter adapter = new RmiServiceAdapter(sei, implementor);
    Registry registry = null;
    try {
      registry = LocateRegistry.createRegistry(registryPort, null, registrySockets);
      int port = registrySockets.lastPort();
      RemoteInvoker stub =
          (RemoteInvoker)
              UnicastRemoteObject.exportObject(adapter, 0, clientSockets, objectSockets, filter);
      registry.bind(name, stub);
      return new RmiExport(
          registry,
          adapter,
          BindingAddress.rmi(host, port, name),
          List.of(registrySockets, objectSockets));
    } catch (Exception e) {
      unexport(adapter);
      if (registry != null) {
        unexport(registry);
      }
      registrySockets.closeAll();
      objectSockets.closeAll();
      throw new IllegalStateException("rmi export on " + host + ":" + registryPort + ": " + e, e);
    }
  }

  /** Where clients find the service. */
  public BindingAddress address() {
    return address;
  }

  @Override
  public void close() {
    unexport(adapter);
    unexport(registry);
    sockets.forEach(RmiSocketFactories.Bound::closeAll);
  }

  private static void unexport(java.rmi.Remote remote) {
    try {
      UnicastRemoteObject.unexportObject(remote, true);
    } catch (NoSuchObjectException e) {
      // Not exported (a failed export), or already unexported: nothing to release.
    }
  }

  /** Looks up the service of {@code address}; the name is the one the client expects. */
  static RemoteInvoker lookup(BindingAddress address, int connectTimeoutMillis)
      throws RemoteException, java.rmi.NotBoundException {
    Registry registry =
        LocateRegistry.getRegistry(
            address.host(),
            address.port(),
            new RmiSocketFactories.Connecting(address.host(), connectTimeoutMillis));
    Object stub = registry.lookup(address.name());
    if (!(stub instanceof RemoteInvoker invoker)) {
      throw new RemoteException(
          "rmi: "
              + address
              + " is bound to "
              + stub.getClass().getName()
              + " (expected: a service)");
    }
    return invoker;
  }
}

package io.wsqos.binding.internal;

import java.rmi.Remote;

/**
 * The one remote interface every service is exported with over RMI: an operation named by its
 * signature ({@link Signatures#key}) and its arguments, so that the service interface need not
 * extend {@link Remote}.
 */
public interface RemoteInvoker extends Remote {

  /**
   * Calls the operation {@code operation} with {@code args}.
   *
   * @throws Exception a declared exception of the operation, a {@link
   *     io.wsqos.binding.ServiceFailureException}, or a {@link java.rmi.RemoteException}
   */
  Object invoke(String operation, Object[] args) throws Exception;
}

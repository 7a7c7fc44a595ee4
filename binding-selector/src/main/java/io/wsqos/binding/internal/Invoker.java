package io.wsqos.binding.internal;

import java.lang.reflect.Method;

/** Calls one operation of the service over one binding. */
public interface Invoker extends AutoCloseable {

  /**
   * Calls {@code method} with {@code args}.
   *
   * @throws Throwable a declared exception of the method as itself, an undeclared one of the
   *     service as {@link io.wsqos.binding.ServiceFailureException}, a failure of the binding as
   *     {@link io.wsqos.binding.BindingFailureException}
   */
  Object invoke(Method method, Object[] args) throws Throwable;

  /** Releases what the invoker holds (connections, a client bus); idempotent. */
  @Override
  void close();
}

package io.wsqos.binding.internal;

import static java.util.Objects.requireNonNull;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;

/** A plain Java call on the implementation: arguments and results are passed by reference. */
public final class LocalInvoker implements Invoker {
  private final Object implementor;

  public LocalInvoker(Object implementor) {
    this.implementor = requireNonNull(implementor, "implementor");
  }

  /** The implementation calls go to. */
  public Object implementor() {
    return implementor;
  }

  @Override
  public Object invoke(Method method, Object[] args) throws Throwable {
    try {
      return method.invoke(implementor, args);
    } catch (InvocationTargetException e) {
      throw ServiceExceptions.map(method, e.getCause());
    }
  }

  @Override
  public void close() {}
}

package io.wsqos.binding.internal;

import io.wsqos.binding.BindingFailureException;
import java.lang.reflect.Method;
import java.util.function.Supplier;

/**
 * The base of the class {@link RouteClasses} generates for a service interface: each of its methods
 * calls the same method on {@link #target}, which is the implementation itself while the proxy is
 * bound to the local binding (a plain interface call the JIT can inline), and the reflective proxy
 * that goes through an invoker otherwise.
 */
public abstract class Route {

  /** Where calls go; read once per call. */
  public volatile Object target;

  private volatile boolean local;
  private Method[] methods;
  private Supplier<String> description;

  /** For the generated subclass. */
  protected Route() {}

  final void init(Method[] methods, Object reflective, Supplier<String> description) {
    this.methods = methods;
    this.description = description;
    this.target = reflective;
  }

  /**
   * What the generated code throws for what a call threw: on the local binding the mapping every
   * binding applies ({@link ServiceExceptions}), otherwise the exception as the invoker left it.
   */
  public final Throwable map(int method, Throwable thrown) {
    if (!local || thrown instanceof BindingFailureException) {
      return thrown;
    }
    return ServiceExceptions.map(methods[method], thrown);
  }

  final void toLocal(Object implementation) {
    local = true;
    target = implementation;
  }

  final void toReflective(Object reflective) {
    target = reflective;
    local = false;
  }

  @Override
  public final String toString() {
    return description.get();
  }
}

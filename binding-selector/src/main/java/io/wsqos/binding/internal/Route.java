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
  protected volatile Object target;

  private Object reflective;
  private Method[] methods;
  private Supplier<String> description;

  /** For the generated subclass. */
  protected Route() {}

  final void init(Method[] methods, Object reflective, Supplier<String> description) {
    this.methods = methods;
    this.description = description;
    this.reflective = reflective;
    this.target = reflective;
  }

  /**
   * What the generated code throws for what a call of method number {@code method} on {@code
   * called} threw: on the implementation itself the mapping every binding applies ({@link
   * ServiceExceptions}), on the reflective proxy the exception as its invoker left it.
   */
  protected final Throwable map(int method, Object called, Throwable thrown) {
    if (called == reflective || thrown instanceof BindingFailureException) {
      return thrown;
    }
    return ServiceExceptions.map(methods[method], thrown);
  }

  final void toLocal(Object implementation) {
    target = implementation;
  }

  final void toReflective() {
    target = reflective;
  }

  @Override
  public final String toString() {
    return description.get();
  }
}

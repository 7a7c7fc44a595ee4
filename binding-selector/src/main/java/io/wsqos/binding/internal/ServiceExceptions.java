package io.wsqos.binding.internal;

import io.wsqos.binding.ServiceFailureException;
import java.lang.reflect.Method;

/** The one mapping of what a service threw to what the caller of any binding sees. */
public final class ServiceExceptions {

  private ServiceExceptions() {}

  /**
   * {@code thrown} as the caller sees it: a checked exception the method declares, or a {@link
   * ServiceFailureException} as itself; anything else as a {@link ServiceFailureException} with its
   * message (or its class name when it has none).
   */
  public static Throwable map(Method method, Throwable thrown) {
    if (thrown instanceof ServiceFailureException) {
      return thrown;
    }
    if (!(thrown instanceof RuntimeException) && !(thrown instanceof Error)) {
      for (Class<?> declared : method.getExceptionTypes()) {
        if (declared.isInstance(thrown)) {
          return thrown;
        }
      }
    }
    String message = thrown.getMessage();
    return new ServiceFailureException(message != null ? message : thrown.getClass().getName());
  }
}

package io.wsqos.binding.internal;

import static java.util.Objects.requireNonNull;

import io.wsqos.binding.ServiceFailureException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.List;
import java.util.Map;

/**
 * The exported object of the RMI binding: dispatches an operation by its key to the implementation,
 * and turns what the implementation throws into what every binding's caller sees.
 */
final class RmiServiceAdapter implements RemoteInvoker {
  private final Object implementor;
  private final Map<String, Method> operations;
  private final Probe probe = new Probe.Echo();

  RmiServiceAdapter(Class<?> sei, Object implementor) {
    this.implementor = requireNonNull(implementor, "implementor");
    this.operations = Signatures.operations(sei);
  }

  @Override
  public Object invoke(String operation, Object[] args) throws Exception {
    Method method = operations.get(operation);
    if (method == null
        && Probe.RMI_OPERATION.equals(operation)
        && args != null
        && args.length == 1) {
      return probe.echo(probeItems(args[0]));
    }
    if (method == null) {
      throw new ServiceFailureException("unknown operation: " + operation);
    }
    try {
      return method.invoke(implementor, args);
    } catch (InvocationTargetException e) {
      Throwable mapped = ServiceExceptions.map(method, e.getCause());
      if (mapped instanceof Exception exception) {
        throw exception;
      }
      throw new ServiceFailureException(String.valueOf(mapped.getMessage()));
    } catch (IllegalArgumentException e) {
      throw new ServiceFailureException(operation + ": " + e.getMessage());
    }
  }

  @SuppressWarnings("unchecked")
  private static List<ProbeItem> probeItems(Object arg) {
    if (arg instanceof List<?> list && list.stream().allMatch(ProbeItem.class::isInstance)) {
      return (List<ProbeItem>) list;
    }
    throw new ServiceFailureException("probe: not a list of probe items");
  }
}

package io.wsqos.binding.internal;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Collectors;

/** Names the operations of a service interface the same way on both sides of RMI. */
public final class Signatures {

  private Signatures() {}

  /**
   * {@code name(type,type)} with the parameter types' binary names, e.g. {@code
   * find(java.lang.String)}.
   */
  public static String key(Method method) {
    return method.getName()
        + Arrays.stream(method.getParameterTypes())
            .map(Class::getName)
            .collect(Collectors.joining(",", "(", ")"));
  }

  /** The operations of {@code sei} (its public abstract methods) by key. */
  public static Map<String, Method> operations(Class<?> sei) {
    Map<String, Method> operations = new HashMap<>();
    for (Method method : sei.getMethods()) {
      if (!method.isDefault() && !java.lang.reflect.Modifier.isStatic(method.getModifiers())) {
        operations.put(key(method), method);
      }
    }
    return Map.copyOf(operations);
  }
}

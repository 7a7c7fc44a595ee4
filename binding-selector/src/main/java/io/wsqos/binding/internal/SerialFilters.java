package io.wsqos.binding.internal;

import java.io.ObjectInputFilter;
import java.lang.reflect.Field;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.WildcardType;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The JEP 290 allow-list of the RMI binding: the JDK value and collection classes a service's
 * arguments commonly use, the classes reachable from the service interface's parameter types (their
 * serializable fields, recursively), and the patterns the publisher adds; every other class is
 * rejected, and depth, references, array lengths and stream bytes are bounded.
 */
public final class SerialFilters {

  /** The JDK classes always allowed: values, the collections and their serial forms. */
  static final List<String> JDK_ALLOWED =
      List.of(
          "java.lang.Object",
          "java.lang.String",
          "java.lang.Boolean",
          "java.lang.Byte",
          "java.lang.Short",
          "java.lang.Integer",
          "java.lang.Long",
          "java.lang.Float",
          "java.lang.Double",
          "java.lang.Character",
          "java.lang.Number",
          "java.lang.Enum",
          "java.math.BigDecimal",
          "java.math.BigInteger",
          "java.util.Date",
          "java.util.Calendar",
          "java.util.GregorianCalendar",
          "java.util.TimeZone",
          "java.util.SimpleTimeZone",
          "sun.util.calendar.ZoneInfo",
          "java.time.Ser",
          "java.util.UUID",
          "java.util.ArrayList",
          "java.util.LinkedList",
          "java.util.HashMap",
          "java.util.LinkedHashMap",
          "java.util.TreeMap",
          "java.util.HashSet",
          "java.util.LinkedHashSet",
          "java.util.TreeSet",
          "java.util.CollSer",
          "java.util.Arrays$ArrayList",
          "java.util.Collections$EmptyList",
          "java.util.Collections$EmptyMap",
          "java.util.Collections$EmptySet",
          "java.util.Collections$UnmodifiableList",
          "java.util.Collections$UnmodifiableRandomAccessList",
          "java.util.Collections$UnmodifiableCollection",
          "java.util.Collections$SingletonList");

  private SerialFilters() {}

  /**
   * The allow-list for the arguments of {@code sei}'s operations.
   *
   * @param extraPatterns further JEP 290 patterns to allow (e.g. {@code com.example.dto.*})
   * @param maxBytes the largest stream accepted, in bytes
   */
  public static ObjectInputFilter allowList(
      Class<?> sei, List<String> extraPatterns, long maxBytes) {
    return ObjectInputFilter.Config.createFilter(pattern(sei, extraPatterns, maxBytes));
  }

  /** The filter's pattern, as {@link ObjectInputFilter.Config#createFilter} reads it. */
  public static String pattern(Class<?> sei, List<String> extraPatterns, long maxBytes) {
    StringBuilder pattern = new StringBuilder();
    pattern
        .append("maxdepth=64;maxrefs=4000000;maxarray=")
        .append(Math.min(Integer.MAX_VALUE, maxBytes))
        .append(";maxbytes=")
        .append(maxBytes)
        .append(';');
    Set<String> allowed = new TreeSet<>(JDK_ALLOWED);
    allowed.addAll(reachableClasses(sei));
    // The calibration probe's argument, a value class of ours, on every exported object.
    allowed.add(ProbeItem.class.getName());
    allowed.forEach(name -> pattern.append(name).append(';'));
    extraPatterns.forEach(p -> pattern.append(p).append(';'));
    return pattern.append("!*").toString();
  }

  /**
   * The non-JDK classes reachable from {@code sei}'s parameter types: the server reads arguments
   * only, never results or exceptions.
   */
  static Set<String> reachableClasses(Class<?> sei) {
    Set<String> found = new TreeSet<>();
    Deque<Type> pending = new ArrayDeque<>();
    for (Method method : sei.getMethods()) {
      pending.addAll(List.of(method.getGenericParameterTypes()));
    }
    while (!pending.isEmpty()) {
      Type type = pending.pop();
      if (type instanceof ParameterizedType parameterized) {
        pending.add(parameterized.getRawType());
        pending.addAll(List.of(parameterized.getActualTypeArguments()));
      } else if (type instanceof GenericArrayType array) {
        pending.add(array.getGenericComponentType());
      } else if (type instanceof WildcardType wildcard) {
        pending.addAll(List.of(wildcard.getUpperBounds()));
      } else if (type instanceof Class<?> cls) {
        while (cls.isArray()) {
          cls = cls.getComponentType();
        }
        if (cls.isPrimitive() || isJdk(cls) || !found.add(cls.getName())) {
          continue;
        }
        for (Class<?> c = cls; c != null && c != Object.class; c = c.getSuperclass()) {
          if (c != cls) {
            found.add(c.getName());
          }
          for (Field field : c.getDeclaredFields()) {
            int modifiers = field.getModifiers();
            if (!Modifier.isStatic(modifiers) && !Modifier.isTransient(modifiers)) {
              pending.add(field.getGenericType());
            }
          }
        }
      }
    }
    return found;
  }

  private static boolean isJdk(Class<?> cls) {
    String name = cls.getName();
    return name.startsWith("java.") || name.startsWith("javax.") || name.startsWith("jdk.");
  }
}

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
 * arguments commonly use (with the classes and arrays their serial forms read), the classes
 * reachable from the service interface's parameter types (their serializable fields, recursively),
 * and the patterns the publisher adds; every other class is rejected. Depth, references and stream
 * bytes are bounded, and arrays by what is left of the byte budget ({@link StreamBudgetFilter}).
 */
public final class SerialFilters {

  /** How deeply objects may nest in an argument stream. */
  static final int MAX_DEPTH = 64;

  /**
   * The fewest stream bytes a new object takes (an empty string: its tag and a two-byte length), so
   * that a budget of B bytes can hold no more than B / 3 objects.
   */
  static final int MIN_OBJECT_BYTES = 3;

  /**
   * The most objects one argument stream may create whatever its budget: each costs the heap at
   * least 16 bytes against its 3 on the stream, so a large budget alone would let a stream make the
   * server hold several times the budget in objects.
   */
  static final long MAX_REFERENCES = 4_000_000;

  /** The JDK classes always allowed: values, the collections and what their serial forms read. */
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
          "java.util.ArrayDeque",
          "java.util.HashMap",
          "java.util.LinkedHashMap",
          "java.util.TreeMap",
          "java.util.HashSet",
          "java.util.LinkedHashSet",
          "java.util.TreeSet",
          "java.util.EnumSet$SerializationProxy",
          // HashMap, HashSet and their linked forms check their table as a Map.Entry[] first.
          "java.util.Map$Entry",
          // List.of, Set.of, Map.of and Stream.toList travel as CollSer; what it resolves to is
          // checked too.
          "java.util.CollSer",
          "java.util.ImmutableCollections$List12",
          "java.util.ImmutableCollections$ListN",
          "java.util.ImmutableCollections$Set12",
          "java.util.ImmutableCollections$SetN",
          "java.util.ImmutableCollections$Map1",
          "java.util.ImmutableCollections$MapN",
          "java.util.Arrays$ArrayList",
          "java.util.Collections$EmptyList",
          "java.util.Collections$EmptyMap",
          "java.util.Collections$EmptySet",
          "java.util.Collections$SingletonList",
          "java.util.Collections$SingletonSet",
          "java.util.Collections$SingletonMap",
          "java.util.Collections$UnmodifiableCollection",
          "java.util.Collections$UnmodifiableList",
          "java.util.Collections$UnmodifiableRandomAccessList",
          "java.util.Collections$UnmodifiableSet",
          "java.util.Collections$UnmodifiableSortedSet",
          "java.util.Collections$UnmodifiableMap",
          "java.util.Collections$UnmodifiableSortedMap",
          // The JDK's stateless comparators, for a TreeSet or TreeMap in reverse or case-blind
          // order.
          "java.util.Collections$ReverseComparator",
          "java.lang.String$CaseInsensitiveComparator");

  private SerialFilters() {}

  /**
   * The filter for the arguments of {@code sei}'s operations: the allow-list, and arrays bounded by
   * what is left of {@code maxBytes}; refusals are logged.
   *
   * @param extraPatterns further JEP 290 patterns to allow (e.g. {@code com.example.dto.*})
   * @param maxBytes the largest stream accepted, in bytes
   */
  public static ObjectInputFilter allowList(
      Class<?> sei, List<String> extraPatterns, long maxBytes) {
    return new StreamBudgetFilter(
        sei.getName(),
        ObjectInputFilter.Config.createFilter(pattern(sei, extraPatterns, maxBytes)),
        maxBytes,
        MAX_DEPTH,
        maxReferences(maxBytes));
  }

  /**
   * The allow-list's pattern, as {@link ObjectInputFilter.Config#createFilter} reads it: depth,
   * references and bytes bounded, the classes, and {@code !*} last. It sets no array limit: {@link
   * #allowList} bounds arrays by the budget left when each is declared.
   */
  public static String pattern(Class<?> sei, List<String> extraPatterns, long maxBytes) {
    StringBuilder pattern = new StringBuilder();
    pattern
        .append("maxdepth=")
        .append(MAX_DEPTH)
        .append(";maxrefs=")
        .append(maxReferences(maxBytes))
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

  /** As many objects as a stream of {@code maxBytes} can hold. */
  static long maxReferences(long maxBytes) {
    return Math.max(1, Math.min(MAX_REFERENCES, maxBytes / MIN_OBJECT_BYTES));
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

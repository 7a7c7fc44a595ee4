package io.wsqos.binding;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.slf4j.LoggerFactory;

/**
 * Every standard collection, and arrays, round-trip over a real RMI registry call as arguments
 * through the binding proxy: the allow-list names the classes and arrays their serial forms read,
 * not only the collection classes.
 */
class RmiCollectionsTest {

  /** Takes anything, so the allow-list is the JDK's alone. */
  public interface Echo {
    /** {@code value} as the service received it. */
    Object echo(Object value);
  }

  static final class EchoImpl implements Echo {
    @Override
    public Object echo(Object value) {
      return value;
    }
  }

  private static Publication publication;

  private final ListAppender<ILoggingEvent> refusals = new ListAppender<>();
  private Logger filterLog;
  private BindingProxy<Echo> proxy;

  @BeforeAll
  static void publish() {
    publication =
        BindingPublisher.builder(Echo.class, new EchoImpl())
            .name("echo")
            .rmi("127.0.0.1")
            .publish();
  }

  @AfterAll
  static void withdraw() {
    publication.close();
  }

  @BeforeEach
  void bind() {
    filterLog = (Logger) LoggerFactory.getLogger("io.wsqos.binding.internal.StreamBudgetFilter");
    refusals.start();
    filterLog.addAppender(refusals);
    proxy =
        BindingProxy.builder(Echo.class)
            .descriptor(publication.descriptor())
            .rules(PolicyRules.always(BindingKind.RMI))
            .build();
  }

  @AfterEach
  void release() {
    proxy.close();
    filterLog.detachAppender(refusals);
  }

  static Stream<Named<Object>> collections() {
    return Stream.of(
        Named.of("ArrayList", new ArrayList<>(List.of("a", "b"))),
        Named.of("LinkedList", new LinkedList<>(List.of("a", "b"))),
        Named.of("ArrayDeque", new ArrayDeque<>(List.of("a", "b"))),
        Named.of("HashSet", new HashSet<>(List.of("a", "b", "c"))),
        Named.of("LinkedHashSet", new LinkedHashSet<>(List.of("c", "a", "b"))),
        Named.of("TreeSet", new TreeSet<>(List.of("b", "a"))),
        Named.of("TreeSet in reverse order", reversed()),
        Named.of("TreeSet ignoring case", caseBlind()),
        Named.of("HashMap", new HashMap<>(Map.of("a", 1, "b", 2))),
        Named.of("LinkedHashMap", linked()),
        Named.of("TreeMap", new TreeMap<>(Map.of("b", 2, "a", 1))),
        Named.of("List.of()", List.of()),
        Named.of("List.of(one)", List.of("a")),
        Named.of("List.of(many)", List.of("a", "b", "c")),
        Named.of("Stream.toList()", Stream.of("a", "b").toList()),
        Named.of("Set.of(one)", Set.of("a")),
        Named.of("Set.of(many)", Set.of("a", "b", "c")),
        Named.of("Map.of()", Map.of()),
        Named.of("Map.of(one)", Map.of("a", 1)),
        Named.of("Map.of(many)", Map.of("a", 1, "b", 2)),
        Named.of("Collections.emptyList()", Collections.emptyList()),
        Named.of("Collections.emptySet()", Collections.emptySet()),
        Named.of("Collections.emptyMap()", Collections.emptyMap()),
        Named.of("Collections.singletonList", Collections.singletonList("a")),
        Named.of("Collections.singleton", Collections.singleton("a")),
        Named.of("Collections.singletonMap", Collections.singletonMap("a", 1)),
        Named.of("unmodifiableList", Collections.unmodifiableList(new ArrayList<>(List.of("a")))),
        Named.of("unmodifiableSet", Collections.unmodifiableSet(new HashSet<>(List.of("a")))),
        Named.of(
            "unmodifiableSortedSet",
            Collections.unmodifiableSortedSet(new TreeSet<>(List.of("a")))),
        Named.of("unmodifiableMap", Collections.unmodifiableMap(new HashMap<>(Map.of("a", 1)))),
        Named.of(
            "unmodifiableSortedMap",
            Collections.unmodifiableSortedMap(new TreeMap<>(Map.of("a", 1)))),
        Named.of("Arrays.asList", Arrays.asList("a", "b")),
        Named.of("a map of sets", new HashMap<>(Map.of("k", new HashSet<>(Set.of(1, 2))))),
        Named.of("String[]", new String[] {"a", "b"}),
        Named.of("int[]", new int[] {1, 2}),
        Named.of("Object[] of collections", new Object[] {Set.of("a"), Map.of("b", 2), null}));
  }

  @ParameterizedTest
  @MethodSource("collections")
  void roundTripsOverRmiAsItself(Object value) {
    Object echoed = proxy.service().echo(value);

    assertThat(proxy.selection().kind()).isEqualTo(BindingKind.RMI);
    assertThat(echoed).hasSameClassAs(value);
    if (value instanceof ArrayDeque<?> deque) {
      assertThat(List.copyOf((ArrayDeque<?>) echoed)).isEqualTo(List.copyOf(deque)); // no equals
    } else {
      assertThat(echoed).isEqualTo(value);
    }
    if (value instanceof Map<?, ?> || value instanceof Iterable<?>) {
      assertThat(echoed).hasToString(value.toString()); // the same order, where it has one
    }
    assertThat(refusals.list).isEmpty();
  }

  private static TreeSet<String> reversed() {
    TreeSet<String> set = new TreeSet<>(Comparator.reverseOrder());
    set.addAll(List.of("a", "b"));
    return set;
  }

  private static TreeSet<String> caseBlind() {
    TreeSet<String> set = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
    set.addAll(List.of("B", "a"));
    return set;
  }

  private static LinkedHashMap<String, Integer> linked() {
    LinkedHashMap<String, Integer> map = new LinkedHashMap<>();
    map.put("z", 26);
    map.put("a", 1);
    return map;
  }
}

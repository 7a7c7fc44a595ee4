package io.wsqos.spring.boot;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.properties.source.ConfigurationProperty;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName;
import org.springframework.boot.context.properties.source.ConfigurationPropertySource;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.boot.context.properties.source.IterableConfigurationPropertySource;
import org.springframework.boot.origin.Origin;
import org.springframework.core.env.Environment;
import org.springframework.core.env.SystemEnvironmentPropertySource;

/**
 * Finds the {@code wsqos.*} keys of the environment that no property of {@link WsQosProperties}
 * has, which Spring Boot's binding ignores without a word, and warns of each once, with the nearest
 * property's name when it is a few edits away. Environment variables are left out: {@code WSQOS_*}
 * variables also configure wsqos's broker and demos, which are no Spring applications.
 */
final class UnknownProperties {

  /** The most single-character edits between a key and a property for the warning to name it. */
  static final int MAX_SUGGESTION_EDITS = 3;

  private static final Logger logger = LoggerFactory.getLogger(UnknownProperties.class);

  private static final ConfigurationPropertyName ROOT = ConfigurationPropertyName.of("wsqos");

  private UnknownProperties() {}

  /** A key no property has, where it was set (if known) and the property it may have meant. */
  record Unknown(String key, Origin origin, String nearest) {}

  /** Logs one WARN per unknown {@code wsqos.*} key of {@code environment}. */
  static void warn(Environment environment) {
    for (Unknown unknown : find(environment)) {
      logger.warn(
          "Ignored {}: no wsqos property has that name{}{}",
          unknown.key(),
          unknown.nearest() == null ? "" : "; did you mean " + unknown.nearest() + "?",
          unknown.origin() == null ? "" : " (set in " + unknown.origin() + ")");
    }
  }

  /** The unknown {@code wsqos.*} keys of {@code environment}, each once, in precedence order. */
  static List<Unknown> find(Environment environment) {
    List<Known> known = new ArrayList<>();
    collect(WsQosProperties.class, ROOT, known);
    Map<ConfigurationPropertyName, Origin> unknown = new LinkedHashMap<>();
    for (ConfigurationPropertySource source : ConfigurationPropertySources.get(environment)) {
      if (!(source instanceof IterableConfigurationPropertySource names)
          || source.getUnderlyingSource() instanceof SystemEnvironmentPropertySource) {
        continue;
      }
      names.stream()
          .filter(ROOT::isAncestorOf)
          .filter(name -> known.stream().noneMatch(property -> property.has(name)))
          .forEach(name -> unknown.putIfAbsent(name, originOf(source, name)));
    }
    List<Unknown> found = new ArrayList<>();
    unknown.forEach(
        (name, origin) -> found.add(new Unknown(name.toString(), origin, nearest(name, known))));
    return found;
  }

  /** A property, and whether it is a map or a collection, whose keys go below its name. */
  private record Known(ConfigurationPropertyName name, boolean container) {
    boolean has(ConfigurationPropertyName key) {
      return name.equals(key) || (container && name.isAncestorOf(key));
    }
  }

  /** The properties a binder sees: each getter, recursing into the groups of the class. */
  private static void collect(Class<?> type, ConfigurationPropertyName prefix, List<Known> into) {
    for (Method getter : type.getMethods()) {
      String method = getter.getName();
      int skip = method.startsWith("get") ? 3 : method.startsWith("is") ? 2 : 0;
      if (getter.getDeclaringClass() == Object.class
          || Modifier.isStatic(getter.getModifiers())
          || getter.getParameterCount() != 0
          || skip == 0
          || method.length() == skip) {
        continue;
      }
      ConfigurationPropertyName name =
          prefix.append(
              method
                  .substring(skip)
                  .replaceAll("([a-z0-9])([A-Z])", "$1-$2")
                  .toLowerCase(Locale.ROOT));
      Class<?> returned = getter.getReturnType();
      if (!returned.isEnum() && returned.getName().startsWith(WsQosProperties.class.getName())) {
        collect(returned, name, into);
      } else {
        into.add(
            new Known(
                name,
                Map.class.isAssignableFrom(returned)
                    || Collection.class.isAssignableFrom(returned)));
      }
    }
  }

  private static Origin originOf(
      ConfigurationPropertySource source, ConfigurationPropertyName name) {
    ConfigurationProperty property = source.getConfigurationProperty(name);
    return property == null ? null : property.getOrigin();
  }

  /** The known property nearest to {@code key}, if it is at most a few edits away. */
  private static String nearest(ConfigurationPropertyName key, List<Known> known) {
    String typed = key.toString();
    String nearest = null;
    int fewest = MAX_SUGGESTION_EDITS + 1;
    for (Known property : known) {
      String candidate = property.name().toString();
      int edits = edits(typed, candidate);
      if (edits < fewest) {
        fewest = edits;
        nearest = candidate;
      }
    }
    return nearest;
  }

  /** Levenshtein distance: insertions, deletions and substitutions turning {@code a} into b. */
  static int edits(String a, String b) {
    int[] previous = new int[b.length() + 1];
    int[] current = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      previous[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      current[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
        current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
      }
      int[] swap = previous;
      previous = current;
      current = swap;
    }
    return previous[b.length()];
  }
}
